//! Which conversions cannot fail: a direction of a type that reaches no hand-written
//! conversion is generated as a plain function, without `within` and `?`.

use super::{Converter, Direction, Pair};
use crate::model::Shape;
use std::collections::HashSet;

/// The (versioned type name, direction) pairs of a version whose conversion cannot fail.
pub(super) type Infallible = HashSet<(String, Direction)>;

/// The directions of `pairs` that cannot fail. A direction with a hand-written conversion
/// can; the others are taken as infallible and dropped until what is left only reaches
/// infallible ones, so types that refer to each other settle too.
pub(super) fn infallible_directions(pairs: &[Pair]) -> Infallible {
    let mut set: Infallible = pairs
        .iter()
        .filter(|p| {
            p.ty.is_enum() == p.peer.is_enum() && !p.ty.manual_conversion && !p.peer.manual_conversion
        })
        .flat_map(|p| {
            [Direction::ToInternal, Direction::FromInternal]
                .into_iter()
                .filter(|dir| p.gv.function(&format!("{}_{}", p.snake, dir.suffix())).is_none())
                .map(|dir| (p.ty.name.clone(), dir))
        })
        .collect();
    loop {
        let failing: Vec<(String, Direction)> = pairs
            .iter()
            .flat_map(|p| [(p, Direction::ToInternal), (p, Direction::FromInternal)])
            .filter(|(p, dir)| {
                set.contains(&(p.ty.name.clone(), *dir)) && !p.infallible_body(*dir, &set)
            })
            .map(|(p, dir)| (p.ty.name.clone(), dir))
            .collect();
        if failing.is_empty() {
            return set;
        }
        for f in &failing {
            set.remove(f);
        }
    }
}

impl Pair<'_> {
    /// Whether a direction's generated body cannot fail, given the directions of the
    /// version's other types that cannot: every field moves, or converts by a direction in
    /// `infallible`, with no hand-written part and nothing left to one.
    pub(super) fn infallible_body(&self, dir: Direction, infallible: &Infallible) -> bool {
        let (src_def, dst_def, _, _) = self.sides(dir);
        match (&src_def.shape, &dst_def.shape) {
            (Shape::Enum { .. }, Shape::Enum { .. }) => true,
            (Shape::Struct { .. }, Shape::Struct { .. }) => {
                let fields_match = dst_def.fields().iter().all(|dst| {
                    let Some(src) = src_def.fields().iter().find(|s| s.json_name == dst.json_name)
                    else {
                        return false;
                    };
                    let versioned_field = match dir {
                        Direction::ToInternal => src,
                        Direction::FromInternal => dst,
                    };
                    !src.manual_conversion
                        && !dst.manual_conversion
                        && self.gv.function(&self.field_fn(versioned_field, dir)).is_none()
                        && matches!(
                            self.convert_expr(&src.ty, &dst.ty, dir, "x", infallible),
                            Converter::Same | Converter::Infallible(_)
                        )
                });
                fields_match
                    && src_def
                        .fields()
                        .iter()
                        .all(|s| dst_def.fields().iter().any(|d| d.json_name == s.json_name))
            }
            _ => false,
        }
    }
}
