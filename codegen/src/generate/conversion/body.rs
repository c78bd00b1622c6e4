//! The text of a generated conversion function's body.

use super::Direction;
use crate::generate::core::RustFile;

/// The body of a generated conversion function, written once its problems are known.
pub(super) struct Body {
    /// `to_internal` or `from_internal`: the function's name ends with it.
    pub(super) suffix: &'static str,
    kind: BodyKind,
    /// Written as a value, not a `Result`.
    pub(super) infallible: bool,
}

pub(super) enum BodyKind {
    /// Types of different shapes: reported, nothing to write.
    Empty,
    /// An enum: one `match` arm per value.
    Match(Vec<String>),
    /// A struct: the source taken apart (`bound` fields, `..` when `rest`), the target built
    /// from `inits`.
    Struct {
        src: String,
        dst: String,
        bound: Vec<String>,
        rest: bool,
        inits: Vec<String>,
    },
}

impl Body {
    pub(super) fn new(dir: Direction, kind: BodyKind, infallible: bool) -> Self {
        Body {
            suffix: dir.suffix(),
            kind,
            infallible,
        }
    }

    /// The body laid out as rustfmt lays it out: a destructuring of a few short fields on
    /// its line, any other one field per line.
    pub(super) fn write(&self, w: &mut RustFile) {
        let (ok, end) = if self.infallible {
            ("", "")
        } else {
            ("::core::result::Result::Ok(", ")")
        };
        match &self.kind {
            BodyKind::Empty => {}
            BodyKind::Match(arms) => {
                w.open(format_args!("{ok}match in_ {{"));
                for arm in arms {
                    w.line(format_args!("{arm}"));
                }
                w.close(&format!("}}{end}"));
            }
            BodyKind::Struct {
                src,
                dst,
                bound,
                rest,
                inits,
            } => {
                match (bound.is_empty(), rest) {
                    (true, true) => w.line(format_args!("let {src} {{ .. }} = in_;")),
                    (true, false) => w.line(format_args!("let {src} {{}} = in_;")),
                    (false, _) if fits_struct_line(bound, *rest) => {
                        let rest = if *rest { ", .." } else { "" };
                        w.line(format_args!("let {src} {{ {}{rest} }} = in_;", bound.join(", ")));
                    }
                    (false, _) => {
                        w.open(format_args!("let {src} {{"));
                        for b in bound {
                            w.line(format_args!("{b},"));
                        }
                        if *rest {
                            w.line(format_args!(".."));
                        }
                        w.close("} = in_;");
                    }
                }
                if inits.is_empty() {
                    w.line(format_args!("{ok}{dst} {{}}{end}"));
                } else {
                    w.open(format_args!("{ok}{dst} {{"));
                    for init in inits {
                        w.line(format_args!("{init}"));
                    }
                    w.close(&format!("}}{end}"));
                }
            }
        }
    }
}

/// rustfmt's default `struct_lit_width`: the fields of a struct pattern or literal this
/// wide or less stay on its line.
const STRUCT_LIT_WIDTH: usize = 18;

fn fits_struct_line(fields: &[String], rest: bool) -> bool {
    let width: usize = fields.iter().map(|f| f.len() + 2).sum::<usize>() + if rest { 2 } else { 0 };
    width.saturating_sub(2) <= STRUCT_LIT_WIDTH
}
