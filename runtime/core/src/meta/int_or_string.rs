//! Kubernetes `intstr.IntOrString`: fields such as `maxSurge` or a container
//! port reference that accept either a number or a string (a percentage or a
//! named port).

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why an [`IntOrString`] could not be turned into a number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IntOrStringError {
    #[error("invalid value for IntOrString: invalid type: string {0:?} is not a percentage")]
    NotAPercentage(String),
    #[error("invalid value for IntOrString: invalid value {0:?}: not an integer percentage")]
    InvalidPercentage(String),
    #[error("scaled value of {value:?} for a total of {total} does not fit in a 32-bit integer")]
    OutOfRange { value: String, total: i32 },
}

/// A value that is either a 32-bit integer or a string.
///
/// On the wire it is a bare JSON number or string, never an object, so the
/// serde impls are written by hand rather than derived.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntOrString {
    Int(i32),
    String(String),
}

impl Default for IntOrString {
    /// Kubernetes' zero value is the integer 0.
    fn default() -> Self {
        IntOrString::Int(0)
    }
}

impl IntOrString {
    /// Interprets command-line style input the way `intstr.Parse` does:
    /// anything that reads as an `i32` is an integer, everything else a string.
    pub fn parse(value: &str) -> Self {
        match value.parse::<i32>() {
            Ok(i) => IntOrString::Int(i),
            Err(_) => IntOrString::String(value.to_owned()),
        }
    }

    /// The integer, reading a string variant as a decimal number and falling
    /// back to 0 as Kubernetes' `IntValue` does.
    pub fn int_value(&self) -> i32 {
        match self {
            IntOrString::Int(i) => *i,
            IntOrString::String(s) => s.parse().unwrap_or(0),
        }
    }

    /// Resolves an absolute count or a percentage of `total`, as Kubernetes'
    /// `GetScaledValueFromIntOrPercent` does for rollout limits such as
    /// `maxUnavailable: 25%`. Percentages are rounded up or down as asked;
    /// strings that are not `<integer>%` are rejected.
    pub fn scaled_value_from_int_or_percent(
        &self,
        total: i32,
        round_up: bool,
    ) -> Result<i32, IntOrStringError> {
        let s = match self {
            IntOrString::Int(i) => return Ok(*i),
            IntOrString::String(s) => s,
        };
        let Some(number) = s.strip_suffix('%') else {
            return Err(IntOrStringError::NotAPercentage(s.clone()));
        };
        let percent: i64 = number
            .parse()
            .map_err(|_| IntOrStringError::InvalidPercentage(s.clone()))?;
        // Exact integer arithmetic: the product of an i64 and an i32 always
        // fits in an i128, so nothing is lost to float rounding.
        let product = i128::from(percent) * i128::from(total);
        let scaled = if round_up {
            -(-product).div_euclid(100)
        } else {
            product.div_euclid(100)
        };
        i32::try_from(scaled).map_err(|_| IntOrStringError::OutOfRange {
            value: s.clone(),
            total,
        })
    }
}

impl From<i32> for IntOrString {
    fn from(value: i32) -> Self {
        IntOrString::Int(value)
    }
}

impl From<String> for IntOrString {
    fn from(value: String) -> Self {
        IntOrString::String(value)
    }
}

impl From<&str> for IntOrString {
    fn from(value: &str) -> Self {
        IntOrString::String(value.to_owned())
    }
}

impl fmt::Display for IntOrString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntOrString::Int(i) => write!(f, "{i}"),
            IntOrString::String(s) => f.write_str(s),
        }
    }
}

impl Serialize for IntOrString {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            IntOrString::Int(i) => serializer.serialize_i32(*i),
            IntOrString::String(s) => serializer.serialize_str(s),
        }
    }
}

struct IntOrStringVisitor;

impl IntOrStringVisitor {
    fn out_of_range<E: de::Error>(v: impl fmt::Display) -> E {
        E::custom(format!(
            "IntOrString integer {v} is out of range for a 32-bit signed integer"
        ))
    }
}

impl Visitor<'_> for IntOrStringVisitor {
    type Value = IntOrString;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a 32-bit integer or a string")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<IntOrString, E> {
        i32::try_from(v)
            .map(IntOrString::Int)
            .map_err(|_| Self::out_of_range(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<IntOrString, E> {
        i32::try_from(v)
            .map(IntOrString::Int)
            .map_err(|_| Self::out_of_range(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<IntOrString, E> {
        Ok(IntOrString::String(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<IntOrString, E> {
        Ok(IntOrString::String(v))
    }
}

impl<'de> Deserialize<'de> for IntOrString {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(IntOrStringVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from_json(json: &str) -> Result<IntOrString, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn default_is_integer_zero() {
        assert_eq!(IntOrString::default(), IntOrString::Int(0));
    }

    #[test]
    fn serializes_as_bare_values() {
        let cases = [
            (IntOrString::Int(8080), "8080"),
            (IntOrString::Int(-3), "-3"),
            (IntOrString::from("http"), "\"http\""),
            (IntOrString::from("25%"), "\"25%\""),
            (IntOrString::from(String::new()), "\"\""),
        ];
        for (value, json) in cases {
            assert_eq!(serde_json::to_string(&value).unwrap(), json);
            assert_eq!(from_json(json).unwrap(), value);
        }
    }

    #[test]
    fn a_numeric_string_stays_a_string() {
        assert_eq!(from_json("\"80\"").unwrap(), IntOrString::from("80"));
    }

    #[test]
    fn integer_range_is_enforced() {
        assert_eq!(from_json("2147483647").unwrap(), IntOrString::Int(i32::MAX));
        assert_eq!(
            from_json("-2147483648").unwrap(),
            IntOrString::Int(i32::MIN)
        );
        for json in ["2147483648", "-2147483649", "18446744073709551615"] {
            let err = from_json(json).unwrap_err();
            assert!(err.contains("out of range"), "{json}: {err}");
        }
    }

    #[test]
    fn other_json_types_are_rejected() {
        for json in [
            "1.5",
            "1.0",
            "1e2",
            "true",
            "null",
            "[]",
            "{}",
            "{\"intVal\":1}",
        ] {
            let err = from_json(json).unwrap_err();
            assert!(err.contains("32-bit integer or a string"), "{json}: {err}");
        }
    }

    #[test]
    fn works_inside_structs_and_options() {
        let v: Vec<Option<IntOrString>> = serde_json::from_str("[1, \"a\", null]").unwrap();
        assert_eq!(
            v,
            [
                Some(IntOrString::Int(1)),
                Some(IntOrString::from("a")),
                None
            ]
        );
    }

    #[test]
    fn parse_prefers_integers() {
        assert_eq!(IntOrString::parse("42"), IntOrString::Int(42));
        assert_eq!(IntOrString::parse("-42"), IntOrString::Int(-42));
        assert_eq!(IntOrString::parse("42%"), IntOrString::from("42%"));
        assert_eq!(
            IntOrString::parse("9999999999"),
            IntOrString::from("9999999999")
        );
        assert_eq!(IntOrString::parse(""), IntOrString::from(""));
    }

    #[test]
    fn int_value_and_display() {
        assert_eq!(IntOrString::Int(7).int_value(), 7);
        assert_eq!(IntOrString::from("12").int_value(), 12);
        assert_eq!(IntOrString::from("http").int_value(), 0);
        assert_eq!(IntOrString::Int(7).to_string(), "7");
        assert_eq!(IntOrString::from("25%").to_string(), "25%");
    }

    #[test]
    fn scaled_values_match_kubernetes() {
        let cases: &[(IntOrString, i32, bool, i32)] = &[
            (IntOrString::Int(123), 100, true, 123),
            (IntOrString::Int(123), 0, false, 123),
            (IntOrString::from("90%"), 100, true, 90),
            (IntOrString::from("90%"), 95, true, 86),
            (IntOrString::from("90%"), 95, false, 85),
            (IntOrString::from("25%"), 10, true, 3),
            (IntOrString::from("25%"), 10, false, 2),
            (IntOrString::from("0%"), 10, true, 0),
            (IntOrString::from("100%"), 7, false, 7),
            (IntOrString::from("150%"), 10, false, 15),
            (IntOrString::from("-25%"), 10, true, -2),
            (IntOrString::from("-25%"), 10, false, -3),
            (IntOrString::from("+50%"), 3, true, 2),
        ];
        for (value, total, round_up, expected) in cases {
            assert_eq!(
                value.scaled_value_from_int_or_percent(*total, *round_up),
                Ok(*expected),
                "{value} of {total}, round_up={round_up}"
            );
        }
    }

    #[test]
    fn scaled_value_errors() {
        assert_eq!(
            IntOrString::from("90").scaled_value_from_int_or_percent(100, true),
            Err(IntOrStringError::NotAPercentage("90".into()))
        );
        for bad in ["abc%", "%", "1.5%", " 5%", "5 %"] {
            assert_eq!(
                IntOrString::from(bad).scaled_value_from_int_or_percent(100, true),
                Err(IntOrStringError::InvalidPercentage(bad.into())),
                "{bad}"
            );
        }
        assert!(matches!(
            IntOrString::from("9000000000%").scaled_value_from_int_or_percent(i32::MAX, false),
            Err(IntOrStringError::OutOfRange { .. })
        ));
        let message = IntOrString::from("x")
            .scaled_value_from_int_or_percent(1, false)
            .unwrap_err()
            .to_string();
        assert!(message.contains("not a percentage"), "{message}");
    }
}
