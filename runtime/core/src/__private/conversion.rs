//! What generated conversions call for fields and collections: each element converted, an
//! error naming the field or the element; functions rather than closures in the generated
//! code, which the type checker would check once per field of every type.

use crate::conversion::ConversionError;
use std::fmt;

/// A field's converted value; an error names the field.
#[inline]
pub fn within<T>(
    json_name: &str,
    converted: Result<T, ConversionError>,
) -> Result<T, ConversionError> {
    converted.map_err(|e| e.within(json_name))
}

/// Converts an optional value.
#[inline]
pub fn option<T, U>(
    value: Option<T>,
    convert: impl FnOnce(T) -> Result<U, ConversionError>,
) -> Result<Option<U>, ConversionError> {
    value.map(convert).transpose()
}

/// Converts every item of a list; an error names the item's index.
pub fn vec<T, U>(
    items: Vec<T>,
    mut convert: impl FnMut(T) -> Result<U, ConversionError>,
) -> Result<Vec<U>, ConversionError> {
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| convert(item).map_err(|e| e.within_index(i)))
        .collect()
}

/// Converts every value of a map (any map type); an error names the key.
pub fn map<K, V, U, In, Out>(
    entries: In,
    mut convert: impl FnMut(V) -> Result<U, ConversionError>,
) -> Result<Out, ConversionError>
where
    K: fmt::Display,
    In: IntoIterator<Item = (K, V)>,
    Out: FromIterator<(K, U)>,
{
    entries
        .into_iter()
        .map(|(k, v)| match convert(v) {
            Ok(u) => Ok((k, u)),
            Err(e) => Err(e.within_key(&k)),
        })
        .collect()
}

/// Converts every item of a list by a conversion that cannot fail; the list's buffer is
/// reused when the two item types have the same size and alignment.
pub fn vec_infallible<T, U>(items: Vec<T>, convert: impl FnMut(T) -> U) -> Vec<U> {
    items.into_iter().map(convert).collect()
}

/// Converts every value of a map (any map type) by a conversion that cannot fail.
pub fn map_infallible<K, V, U, In, Out>(entries: In, mut convert: impl FnMut(V) -> U) -> Out
where
    In: IntoIterator<Item = (K, V)>,
    Out: FromIterator<(K, U)>,
{
    entries.into_iter().map(|(k, v)| (k, convert(v))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collections_name_the_failing_element() {
        let r = vec(vec![1, 2, -3], |x: i32| {
            u32::try_from(x).map_err(|_| ConversionError::new("negative"))
        });
        assert_eq!(r.unwrap_err().to_string(), "[2]: negative");
        let m: std::collections::BTreeMap<String, i32> =
            [("a".to_string(), 1), ("b".to_string(), -1)].into();
        let r: Result<std::collections::BTreeMap<String, u32>, _> = map(m, |x: i32| {
            u32::try_from(x).map_err(|_| ConversionError::new("negative"))
        });
        assert_eq!(r.unwrap_err().to_string(), "[b]: negative");
    }

    #[test]
    fn infallible_collections_convert_every_element_in_order() {
        let v: Vec<i64> = vec_infallible(vec![1i32, -2, 3], i64::from);
        assert_eq!(v, [1, -2, 3]);
        let m: std::collections::BTreeMap<String, i32> =
            [("a".to_string(), 1), ("b".to_string(), -1)].into();
        let m: std::collections::BTreeMap<String, i64> = map_infallible(m, i64::from);
        assert_eq!(m, [("a".to_string(), 1i64), ("b".to_string(), -1)].into());
    }
}
