//! Kubernetes `resource.Quantity`: a fixed-point number with an SI, binary or
//! exponent suffix, as used for CPU, memory and storage amounts.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::short_str::ShortStr;

/// Kubernetes never keeps precision below one nano-unit, so every value is an
/// exact whole number of nano-units. 128 bits keep that exact up to about
/// 1.7e29, far beyond the int64 range Kubernetes quantities live in.
const NANOS_PER_UNIT: i128 = 1_000_000_000;

/// Kubernetes caps binary-suffixed quantities at the largest int64.
const BINARY_CAP_NANOS: i128 = i64::MAX as i128 * NANOS_PER_UNIT;

/// Suffixes for powers of 1024, indexed by the power.
const BINARY_SUFFIXES: [&str; 7] = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"];

/// Decimal SI suffixes with their base-10 exponents.
const DECIMAL_SUFFIXES: [(&str, i64); 10] = [
    ("n", -9),
    ("u", -6),
    ("m", -3),
    ("", 0),
    ("k", 3),
    ("M", 6),
    ("G", 9),
    ("T", 12),
    ("P", 15),
    ("E", 18),
];

/// Characters Kubernetes' scanner accepts after the number; anything else
/// is a malformed quantity rather than an unknown suffix.
const SUFFIX_CHARS: &str = "eEinumkKMGTP+-0123456789";

/// Why a string is not a valid quantity.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    #[error("quantity must not be empty")]
    Empty,
    #[error(
        "invalid quantity {0:?}: expected a signed decimal number followed by an optional suffix, \
         e.g. \"100m\", \"1.5Gi\" or \"1e3\""
    )]
    Format(String),
    #[error(
        "invalid quantity {input:?}: unknown suffix {suffix:?} (expected one of n, u, m, k, M, G, \
         T, P, E, Ki, Mi, Gi, Ti, Pi, Ei or an exponent such as e3)"
    )]
    Suffix { input: String, suffix: String },
    #[error("invalid quantity {0:?}: value is too large to represent")]
    OutOfRange(String),
}

/// Which suffix family a quantity was written in; canonical output stays in
/// the same family so that "1Gi" does not turn into "1073741824".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuantityFormat {
    /// `12e6`, `1E3`.
    DecimalExponent,
    /// `12Mi`: powers of 1024.
    BinarySI,
    /// `12M`, `100m`: powers of 1000.
    DecimalSI,
}

/// A Kubernetes resource quantity.
///
/// The string it was parsed from is kept verbatim so that re-serializing an
/// object does not rewrite fields the user never touched; comparison,
/// hashing and arithmetic helpers all work on the exact numeric value, so
/// `"1Gi" == "1024Mi"` and `"1000m" == "1"`.
///
/// The numeric value follows Kubernetes' parsing rules: it is rounded up
/// (away from zero) to a whole nano-unit, and binary-suffixed values are
/// capped at 2^63-1.
#[derive(Clone, Debug)]
pub struct Quantity {
    original: ShortStr,
    nanos: i128,
    format: QuantityFormat,
}

impl Quantity {
    /// Builds a quantity from a whole number, rendered canonically in the
    /// given format.
    pub fn new(value: i64, format: QuantityFormat) -> Self {
        let nanos = i128::from(value) * NANOS_PER_UNIT;
        let mut q = Quantity {
            original: ShortStr::new(""),
            nanos,
            format,
        };
        q.original = ShortStr::from_string(q.canonical());
        q
    }

    /// The string this quantity was created from.
    pub fn as_str(&self) -> &str {
        self.original.as_str()
    }

    /// [`Self::as_str`]'s bytes, without the UTF-8 check a short quantity's `&str` costs.
    pub(crate) fn text_bytes(&self) -> &[u8] {
        self.original.as_bytes()
    }

    /// The suffix family, used to choose how `canonical` renders the value.
    pub fn format(&self) -> QuantityFormat {
        self.format
    }

    pub fn is_zero(&self) -> bool {
        self.nanos == 0
    }

    pub fn is_negative(&self) -> bool {
        self.nanos < 0
    }

    /// The exact value in units of 10^-9, the finest precision Kubernetes keeps.
    pub fn as_nanos(&self) -> i128 {
        self.nanos
    }

    /// The value as an integer, only when that is exact and fits.
    pub fn as_i64(&self) -> Option<i64> {
        if self.nanos % NANOS_PER_UNIT != 0 {
            return None;
        }
        i64::try_from(self.nanos / NANOS_PER_UNIT).ok()
    }

    /// An approximation for display or heuristics; never use it to compare.
    pub fn as_f64(&self) -> f64 {
        let whole = (self.nanos / NANOS_PER_UNIT) as f64;
        let frac = (self.nanos % NANOS_PER_UNIT) as f64 / NANOS_PER_UNIT as f64;
        whole + frac
    }

    /// The value rounded away from zero to an integer, as Kubernetes'
    /// `Quantity.Value()` does; `None` if it does not fit in an `i64`.
    pub fn value(&self) -> Option<i64> {
        i64::try_from(div_away_from_zero(self.nanos, NANOS_PER_UNIT)).ok()
    }

    /// The value in thousandths, rounded away from zero, as Kubernetes'
    /// `MilliValue()`; `None` if it does not fit in an `i64`.
    pub fn milli_value(&self) -> Option<i64> {
        i64::try_from(div_away_from_zero(self.nanos, 1_000_000)).ok()
    }

    /// The string Kubernetes itself would emit for this value: same suffix
    /// family as the input, no fractional digits, and the largest suffix that
    /// loses no precision (`"1.5Gi"` becomes `"1536Mi"`, `"0.1"` becomes `"100m"`).
    pub fn canonical(&self) -> String {
        if self.nanos == 0 {
            return "0".to_owned();
        }
        if self.format == QuantityFormat::BinarySI {
            if let Some(s) = self.canonical_binary() {
                return s;
            }
            return canonical_decimal(self.nanos, QuantityFormat::DecimalSI);
        }
        canonical_decimal(self.nanos, self.format)
    }

    /// Binary output is only used for whole numbers of at least 1024 so that
    /// it never has to round; `None` sends the caller to decimal output.
    fn canonical_binary(&self) -> Option<String> {
        if self.nanos.abs() < 1024 * NANOS_PER_UNIT || self.nanos % NANOS_PER_UNIT != 0 {
            return None;
        }
        let mut mantissa = self.nanos / NANOS_PER_UNIT;
        let mut power = 0;
        while power < BINARY_SUFFIXES.len() - 1 && mantissa % 1024 == 0 {
            mantissa /= 1024;
            power += 1;
        }
        Some(format!("{mantissa}{}", BINARY_SUFFIXES[power]))
    }
}

fn div_away_from_zero(value: i128, divisor: i128) -> i128 {
    let quotient = value / divisor;
    match (value % divisor).cmp(&0) {
        Ordering::Greater => quotient + 1,
        Ordering::Less => quotient - 1,
        Ordering::Equal => quotient,
    }
}

fn canonical_decimal(nanos: i128, format: QuantityFormat) -> String {
    let mut mantissa = nanos;
    let mut exponent: i64 = -9;
    while mantissa % 10 == 0 {
        mantissa /= 10;
        exponent += 1;
    }
    // Suffixes only exist for multiples of three. Multiplying back cannot
    // overflow: it restores at most the zeros that were just stripped.
    let excess = exponent.rem_euclid(3);
    for _ in 0..excess {
        mantissa *= 10;
    }
    exponent -= excess;

    if format == QuantityFormat::DecimalSI {
        if let Some((suffix, _)) = DECIMAL_SUFFIXES.iter().find(|(_, e)| *e == exponent) {
            return format!("{mantissa}{suffix}");
        }
        // Beyond "E" there is no SI suffix; Kubernetes (since the fix for
        // silently dropping the magnitude) falls back to exponent notation.
    }
    if exponent == 0 {
        mantissa.to_string()
    } else {
        format!("{mantissa}e{exponent}")
    }
}

enum Multiplier {
    Decimal(i64),
    Binary(u32),
}

fn interpret_suffix(suffix: &str) -> Option<(Multiplier, QuantityFormat)> {
    if let Some((_, e)) = DECIMAL_SUFFIXES.iter().find(|(s, _)| *s == suffix) {
        return Some((Multiplier::Decimal(*e), QuantityFormat::DecimalSI));
    }
    if let Some(power) = BINARY_SUFFIXES[1..].iter().position(|s| *s == suffix) {
        let bits = 10 * (power as u32 + 1);
        return Some((Multiplier::Binary(bits), QuantityFormat::BinarySI));
    }
    let rest = suffix
        .strip_prefix('e')
        .or_else(|| suffix.strip_prefix('E'))?;
    let exponent: i32 = rest.parse().ok()?;
    Some((
        Multiplier::Decimal(i64::from(exponent)),
        QuantityFormat::DecimalExponent,
    ))
}

/// Converts `digits * 10^scale` into nano-units, rounding any remainder up
/// (away from zero, the sign is applied by the caller). `None` on overflow.
fn digits_to_nanos(digits: &[u8], scale: i64) -> Option<i128> {
    let digits = match digits.iter().position(|d| *d != 0) {
        Some(first) => &digits[first..],
        None => return Some(0),
    };
    let shift = scale.checked_add(9)?;
    if shift >= 0 {
        let total_len = i64::try_from(digits.len()).ok()?.checked_add(shift)?;
        if total_len > 39 {
            return None;
        }
        let mut value = digits_to_i128(digits)?;
        for _ in 0..shift {
            value = value.checked_mul(10)?;
        }
        return Some(value);
    }
    let dropped = usize::try_from(shift.unsigned_abs()).unwrap_or(usize::MAX);
    if dropped >= digits.len() {
        // Non-zero but below one nano-unit: Kubernetes rounds up so that
        // asking for "a tiny bit" of a resource still yields some.
        return Some(1);
    }
    let (kept, rest) = digits.split_at(digits.len() - dropped);
    let value = digits_to_i128(kept)?;
    if rest.iter().any(|d| *d != 0) {
        value.checked_add(1)
    } else {
        Some(value)
    }
}

fn digits_to_i128(digits: &[u8]) -> Option<i128> {
    digits.iter().try_fold(0i128, |acc, d| {
        acc.checked_mul(10)?.checked_add(i128::from(*d))
    })
}

/// Multiplies a big-endian decimal digit string by 2^bits in place, so that
/// binary suffixes stay exact however many fractional digits were given.
fn multiply_by_power_of_two(digits: &mut Vec<u8>, bits: u32) {
    for _ in 0..bits {
        let mut carry = 0u8;
        for d in digits.iter_mut().rev() {
            let doubled = *d * 2 + carry;
            *d = doubled % 10;
            carry = doubled / 10;
        }
        if carry > 0 {
            digits.insert(0, carry);
        }
    }
}

impl FromStr for Quantity {
    type Err = QuantityError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (nanos, format) = parse(s)?;
        Ok(Quantity {
            original: ShortStr::new(s),
            nanos,
            format,
        })
    }
}

impl TryFrom<String> for Quantity {
    type Error = QuantityError;

    /// Parses `s` and keeps it as the quantity's string (a long one without copying it).
    fn try_from(s: String) -> Result<Self, Self::Error> {
        let (nanos, format) = parse(&s)?;
        Ok(Quantity {
            original: ShortStr::from_string(s),
            nanos,
            format,
        })
    }
}

/// A quantity string's exact value in nano-units, and its format.
fn parse(s: &str) -> Result<(i128, QuantityFormat), QuantityError> {
    if s.is_empty() {
        return Err(QuantityError::Empty);
    }
    let bytes = s.as_bytes();
    let mut pos = 0;
    let negative = match bytes.first() {
        Some(b'-') => {
            pos += 1;
            true
        }
        Some(b'+') => {
            pos += 1;
            false
        }
        _ => false,
    };

    let int_start = pos;
    while pos < bytes.len() && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    let int_digits = &bytes[int_start..pos];
    let mut frac_digits: &[u8] = &[];
    if bytes.get(pos) == Some(&b'.') {
        pos += 1;
        let frac_start = pos;
        while pos < bytes.len() && bytes[pos].is_ascii_digit() {
            pos += 1;
        }
        frac_digits = &bytes[frac_start..pos];
    }
    if int_digits.is_empty() && frac_digits.is_empty() {
        return Err(QuantityError::Format(s.to_owned()));
    }

    // `pos` only ever advanced over ASCII, so it is a char boundary.
    let suffix = &s[pos..];
    let Some((multiplier, mut format)) = interpret_suffix(suffix) else {
        if suffix.chars().all(|c| SUFFIX_CHARS.contains(c)) {
            return Err(QuantityError::Suffix {
                input: s.to_owned(),
                suffix: suffix.to_owned(),
            });
        }
        return Err(QuantityError::Format(s.to_owned()));
    };

    let magnitude = match integer_nanos(int_digits, frac_digits, &multiplier) {
        Some(Ok(magnitude)) => magnitude,
        Some(Err(())) => return Err(QuantityError::OutOfRange(s.to_owned())),
        None => digit_string_nanos(int_digits, frac_digits, multiplier)
            .ok_or_else(|| QuantityError::OutOfRange(s.to_owned()))?,
    };
    if format == QuantityFormat::BinarySI && magnitude > 0 && magnitude < NANOS_PER_UNIT {
        // A binary suffix on a fraction of one cannot be rendered in
        // binary form without rounding.
        format = QuantityFormat::DecimalSI;
    }
    let nanos = if negative { -magnitude } else { magnitude };
    Ok((nanos, format))
}

/// The value of a whole number of at most 18 digits (`256Mi`, `100m`, `2`: most
/// quantities), in integer arithmetic, which is exact for these: `None` when the digits
/// have a fraction or more digits, or the exponent makes the value fractional, for
/// [`digit_string_nanos`] to work out digit by digit; `Err` when it is out of range.
fn integer_nanos(
    int_digits: &[u8],
    frac_digits: &[u8],
    multiplier: &Multiplier,
) -> Option<Result<i128, ()>> {
    if !frac_digits.is_empty() || int_digits.len() > 18 {
        return None;
    }
    let value = int_digits
        .iter()
        .fold(0i128, |acc, d| acc * 10 + i128::from(d - b'0'));
    if value == 0 {
        return Some(Ok(0));
    }
    Some(match *multiplier {
        Multiplier::Decimal(exponent) => {
            // Below 10^-9 the value is fractional in nano-units: rounded by the slow path.
            let shift = u32::try_from(exponent.checked_add(9)?).ok()?;
            // 10^38 is the largest power of ten an i128 holds.
            (shift <= 38)
                .then(|| value.checked_mul(10i128.pow(shift)))
                .flatten()
                .ok_or(())
        }
        // Under 10^18 < 2^60, shifted by at most 60 bits: within an i128. Binary values
        // are capped rather than refused.
        Multiplier::Binary(bits) => Ok((value << bits)
            .checked_mul(NANOS_PER_UNIT)
            .map_or(BINARY_CAP_NANOS, |n| n.min(BINARY_CAP_NANOS))),
    })
}

/// The value of any digit string with a fraction, digit by digit, rounded up to a whole
/// nano-unit; `None` when it is out of range.
fn digit_string_nanos(
    int_digits: &[u8],
    frac_digits: &[u8],
    multiplier: Multiplier,
) -> Option<i128> {
    let mut digits: Vec<u8> = int_digits
        .iter()
        .chain(frac_digits)
        .map(|b| b - b'0')
        .collect();
    let frac_len = i64::try_from(frac_digits.len()).ok()?;

    Some(match multiplier {
        Multiplier::Decimal(exponent) => digits_to_nanos(&digits, exponent - frac_len)?,
        Multiplier::Binary(bits) => {
            multiply_by_power_of_two(&mut digits, bits);
            // Overflowing even i128 means far above the cap, which
            // Kubernetes clamps rather than rejects.
            digits_to_nanos(&digits, -frac_len)
                .map_or(BINARY_CAP_NANOS, |n| n.min(BINARY_CAP_NANOS))
        }
    })
}

impl Default for Quantity {
    fn default() -> Self {
        Quantity {
            original: ShortStr::new("0"),
            nanos: 0,
            format: QuantityFormat::DecimalSI,
        }
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.nanos == other.nanos
    }
}

impl Eq for Quantity {}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Quantity {
    fn cmp(&self, other: &Self) -> Ordering {
        self.nanos.cmp(&other.nanos)
    }
}

impl Hash for Quantity {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.nanos.hash(state);
    }
}

impl Serialize for Quantity {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

struct QuantityVisitor;

impl Visitor<'_> for QuantityVisitor {
    type Value = Quantity;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a quantity as a string such as \"100m\" or \"1Gi\", or a JSON number")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Quantity, E> {
        // Kubernetes trims surrounding whitespace when decoding JSON.
        v.trim().parse().map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Quantity, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Quantity, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Quantity, E> {
        if !v.is_finite() {
            return Err(E::custom(format!("invalid quantity: {v} is not finite")));
        }
        // Rust renders finite floats without an exponent, which is a valid
        // quantity string.
        self.visit_str(&v.to_string())
    }
}

impl<'de> Deserialize<'de> for Quantity {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(QuantityVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;

    fn q(s: &str) -> Quantity {
        match s.parse() {
            Ok(q) => q,
            Err(e) => panic!("{s:?} should parse: {e}"),
        }
    }

    fn hash_of(q: &Quantity) -> u64 {
        let mut h = DefaultHasher::new();
        q.hash(&mut h);
        h.finish()
    }

    #[test]
    fn whole_numbers_in_integer_arithmetic_have_the_digit_by_digit_value() {
        let numbers = ["0", "1", "7", "999", "1024", "000123", "123456789012345678"];
        let suffixes = [
            "", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
            "e-12", "e-10", "e-9", "e3", "e12", "e20", "e21", "e29", "e30", "E38", "e40",
        ];
        let mut fast = 0;
        for number in numbers {
            for suffix in suffixes {
                let digits = number.as_bytes();
                let multiplier = || interpret_suffix(suffix).expect("a suffix").0;
                let slow = digit_string_nanos(digits, &[], multiplier());
                match integer_nanos(digits, &[], &multiplier()) {
                    Some(value) => {
                        fast += 1;
                        assert_eq!(value.ok(), slow, "{number}{suffix}");
                    }
                    None => assert!(suffix.starts_with("e-"), "{number}{suffix} not computed"),
                }
            }
        }
        assert!(fast > 150, "the integer path computed {fast} values");
    }

    #[test]
    fn parses_values_exactly() {
        let cases: &[(&str, i128, QuantityFormat)] = &[
            ("0", 0, QuantityFormat::DecimalSI),
            ("1", 1_000_000_000, QuantityFormat::DecimalSI),
            ("+1", 1_000_000_000, QuantityFormat::DecimalSI),
            ("-1", -1_000_000_000, QuantityFormat::DecimalSI),
            ("100m", 100_000_000, QuantityFormat::DecimalSI),
            ("1.5", 1_500_000_000, QuantityFormat::DecimalSI),
            (".5", 500_000_000, QuantityFormat::DecimalSI),
            ("1.", 1_000_000_000, QuantityFormat::DecimalSI),
            ("1.G", 1_000_000_000_000_000_000, QuantityFormat::DecimalSI),
            ("5n", 5, QuantityFormat::DecimalSI),
            ("7u", 7_000, QuantityFormat::DecimalSI),
            ("2k", 2_000_000_000_000, QuantityFormat::DecimalSI),
            ("3M", 3_000_000_000_000_000, QuantityFormat::DecimalSI),
            (
                "1T",
                1_000_000_000_000_000_000_000,
                QuantityFormat::DecimalSI,
            ),
            ("1P", 10i128.pow(24), QuantityFormat::DecimalSI),
            ("12E", 12 * 10i128.pow(27), QuantityFormat::DecimalSI),
            ("1Ki", 1024 * NANOS_PER_UNIT, QuantityFormat::BinarySI),
            (
                "1.5Gi",
                1_610_612_736 * NANOS_PER_UNIT,
                QuantityFormat::BinarySI,
            ),
            (
                "1Ei",
                (1i128 << 60) * NANOS_PER_UNIT,
                QuantityFormat::BinarySI,
            ),
            ("100.035Ki", 102_435_840_000_000, QuantityFormat::BinarySI),
            (
                "1e3",
                1_000 * NANOS_PER_UNIT,
                QuantityFormat::DecimalExponent,
            ),
            (
                "1E3",
                1_000 * NANOS_PER_UNIT,
                QuantityFormat::DecimalExponent,
            ),
            (
                "1e+3",
                1_000 * NANOS_PER_UNIT,
                QuantityFormat::DecimalExponent,
            ),
            ("1.5e-3", 1_500_000, QuantityFormat::DecimalExponent),
            ("-1e-9", -1, QuantityFormat::DecimalExponent),
            ("0Ki", 0, QuantityFormat::BinarySI),
            ("-0", 0, QuantityFormat::DecimalSI),
            ("000100", 100 * NANOS_PER_UNIT, QuantityFormat::DecimalSI),
        ];
        for (input, nanos, format) in cases {
            let parsed = q(input);
            assert_eq!(parsed.as_nanos(), *nanos, "value of {input}");
            assert_eq!(parsed.format(), *format, "format of {input}");
            assert_eq!(parsed.as_str(), *input);
        }
    }

    #[test]
    fn rounds_sub_nano_values_up_away_from_zero() {
        let cases: &[(&str, i128)] = &[
            ("3.001n", 4),
            ("1.1E-9", 2),
            ("0.0000000001", 1),
            ("0.0000000005", 1),
            ("0.5e-9", 1),
            ("0.9n", 1),
            ("0.00000012345", 124),
            ("0.00000012354", 124),
            ("-0.00000012345", -124),
            ("1e-1000", 1),
            ("0.000000000000000000000000000000000000000000000000001", 1),
            ("0.000000000000000000000000000000000000000000000000000", 0),
        ];
        for (input, nanos) in cases {
            assert_eq!(q(input).as_nanos(), *nanos, "{input}");
        }
    }

    #[test]
    fn binary_values_below_one_switch_to_decimal_format() {
        let tiny = q("0.000000000001Ki");
        assert_eq!(tiny.as_nanos(), 2);
        assert_eq!(tiny.format(), QuantityFormat::DecimalSI);
        assert_eq!(tiny.canonical(), "2n");
        assert_eq!(q("0.5Mi").format(), QuantityFormat::BinarySI);
    }

    #[test]
    fn binary_values_are_capped_at_int64_max() {
        let max = i128::from(i64::MAX) * NANOS_PER_UNIT;
        assert_eq!(q("9Ei").as_nanos(), max);
        assert_eq!(q("9223372036854775807Ki").as_nanos(), max);
        assert_eq!(q("-9Ei").as_nanos(), -max);
        let huge = format!("{}Ei", "9".repeat(80));
        assert_eq!(q(&huge).as_nanos(), max);
        assert_eq!(q("9Ei").as_i64(), Some(i64::MAX));
    }

    #[test]
    fn rejects_malformed_input() {
        let format_errors = [
            "", "aoeu", "1+1.0M", "1.1.M", "1 ", " 1", "-", "+", ".", "1Ki ", "1/2",
        ];
        for input in format_errors {
            assert!(
                matches!(
                    input.parse::<Quantity>(),
                    Err(QuantityError::Format(_) | QuantityError::Empty)
                ),
                "{input:?} should be a format error"
            );
        }
        let suffix_errors = [
            "1i",
            "1K",
            "1e",
            "1ki",
            "0.1mi",
            "-3.01i",
            "-3.01e-",
            "1e1e",
            "1Ki3",
            "1e99999999999",
        ];
        for input in suffix_errors {
            assert!(
                matches!(input.parse::<Quantity>(), Err(QuantityError::Suffix { .. })),
                "{input:?} should be a suffix error"
            );
        }
        assert!(matches!(
            "1e1.0".parse::<Quantity>(),
            Err(QuantityError::Format(_))
        ));
    }

    #[test]
    fn rejects_values_beyond_the_representable_range() {
        for input in ["1e30", "1000000000000E", &"9".repeat(40)] {
            assert!(
                matches!(input.parse::<Quantity>(), Err(QuantityError::OutOfRange(_))),
                "{input}"
            );
        }
        assert!(q("1e28").as_nanos() > 0);
    }

    #[test]
    fn canonical_forms_match_kubernetes() {
        let cases = [
            ("1000m", "1"),
            ("1.5Gi", "1536Mi"),
            ("0.1", "100m"),
            ("1e3", "1e3"),
            ("1024Ki", "1Mi"),
            ("1Gi", "1Gi"),
            ("1024Mi", "1Gi"),
            ("307200Ki", "300Mi"),
            ("6Ki", "6Ki"),
            ("1025024Mi", "1001Gi"),
            ("1024Gi", "1Ti"),
            ("5", "5"),
            ("0.5", "500m"),
            ("1000M", "1G"),
            ("0.001T", "1G"),
            ("1000000k", "1G"),
            ("1000000000", "1G"),
            ("1000u", "1m"),
            ("80m", "80m"),
            ("1.08", "1080m"),
            ("10800e-4", "1080e-3"),
            ("300M", "300M"),
            ("1234567M", "1234567M"),
            ("3k", "3k"),
            ("1025", "1025"),
            ("0", "0"),
            ("00", "0"),
            ("0Ki", "0"),
            (".001e12", "1e9"),
            ("0.001e0", "1e-3"),
            ("1000e-12", "1e-9"),
            ("80e-3", "80e-3"),
            ("300e6", "300e6"),
            ("1.5e3", "1500"),
            ("1080n", "1080n"),
            ("108e-8", "1080e-9"),
            ("1.08u", "1080n"),
            ("80u", "80u"),
            ("-1.5Gi", "-1536Mi"),
            ("-100m", "-100m"),
            ("1.5Ki", "1536"),
            ("0.5Ki", "512"),
            ("100.035Ki", "102435840m"),
            ("1E", "1E"),
            ("100E", "100E"),
            ("1000E", "1e21"),
            ("9Ei", "9223372036854775807"),
            ("8Ei", "9223372036854775807"),
            ("7Ei", "7Ei"),
        ];
        for (input, expected) in cases {
            assert_eq!(q(input).canonical(), expected, "canonical of {input}");
        }
    }

    #[test]
    fn canonical_output_parses_back_to_the_same_value() {
        for input in [
            "1.5Gi",
            "0.1",
            "1e3",
            "123456789n",
            "-7.25Ti",
            "1000E",
            "3.001n",
        ] {
            let original = q(input);
            let again = q(&original.canonical());
            assert_eq!(original, again, "{input}");
        }
    }

    #[test]
    fn display_keeps_the_original_string() {
        for input in ["1000m", "1.50Gi", "+1", "1E3", "007"] {
            assert_eq!(q(input).to_string(), input);
        }
    }

    #[test]
    fn equality_ordering_and_hash_use_the_numeric_value() {
        assert_eq!(q("1Gi"), q("1024Mi"));
        assert_eq!(q("1000m"), q("1"));
        assert_eq!(q("1e3"), q("1k"));
        assert_eq!(hash_of(&q("1Gi")), hash_of(&q("1024Mi")));
        assert_eq!(hash_of(&q("1e3")), hash_of(&q("1k")));
        assert_ne!(q("1Ki"), q("1k"));
        assert!(q("1Ki") > q("1k"));
        assert!(q("-1") < q("0"));
        assert!(q("999m") < q("1"));
        let mut sorted = [q("1Gi"), q("1"), q("-5"), q("100m"), q("1M")];
        sorted.sort();
        let rendered: Vec<&str> = sorted.iter().map(Quantity::as_str).collect();
        assert_eq!(rendered, ["-5", "100m", "1", "1M", "1Gi"]);
    }

    #[test]
    fn numeric_helpers() {
        assert_eq!(q("1Ki").as_i64(), Some(1024));
        assert_eq!(q("1.5").as_i64(), None);
        assert_eq!(q("1.5").value(), Some(2));
        assert_eq!(q("-1.5").value(), Some(-2));
        assert_eq!(q("100m").value(), Some(1));
        assert_eq!(q("1.5").milli_value(), Some(1500));
        assert_eq!(q("1n").milli_value(), Some(1));
        assert_eq!(q("-1n").milli_value(), Some(-1));
        assert_eq!(q("1e28").value(), None);
        assert_eq!(q("1e28").milli_value(), None);
        assert!((q("1.5Ki").as_f64() - 1536.0).abs() < f64::EPSILON);
        assert!((q("-250m").as_f64() + 0.25).abs() < f64::EPSILON);
        assert!(q("0").is_zero());
        assert!(q("-1m").is_negative());
        assert!(!q("1m").is_negative());
    }

    #[test]
    fn new_renders_canonically() {
        assert_eq!(
            Quantity::new(2048, QuantityFormat::BinarySI).as_str(),
            "2Ki"
        );
        assert_eq!(
            Quantity::new(5000, QuantityFormat::DecimalSI).as_str(),
            "5k"
        );
        assert_eq!(
            Quantity::new(5000, QuantityFormat::DecimalExponent).as_str(),
            "5e3"
        );
        assert_eq!(Quantity::new(0, QuantityFormat::BinarySI).as_str(), "0");
        assert_eq!(Quantity::default().as_str(), "0");
        assert!(Quantity::default().is_zero());
    }

    #[test]
    fn serializes_the_original_string() {
        let json = serde_json::to_string(&q("1.50Gi")).unwrap();
        assert_eq!(json, "\"1.50Gi\"");
    }

    #[test]
    fn deserializes_strings_and_numbers() {
        let from_str: Quantity = serde_json::from_str("\"1Gi\"").unwrap();
        assert_eq!(from_str.as_str(), "1Gi");
        let padded: Quantity = serde_json::from_str("\" 2k \"").unwrap();
        assert_eq!(padded.as_str(), "2k");
        let int: Quantity = serde_json::from_str("3").unwrap();
        assert_eq!(int, q("3"));
        let negative: Quantity = serde_json::from_str("-3").unwrap();
        assert_eq!(negative, q("-3"));
        let float: Quantity = serde_json::from_str("0.25").unwrap();
        assert_eq!(float, q("250m"));
        let exp: Quantity = serde_json::from_str("1e3").unwrap();
        assert_eq!(exp, q("1k"));
        let big: Quantity = serde_json::from_str("18446744073709551615").unwrap();
        assert_eq!(big.as_nanos(), i128::from(u64::MAX) * NANOS_PER_UNIT);
    }

    #[test]
    fn deserialization_errors_are_clear() {
        for (json, needle) in [
            ("true", "a quantity"),
            ("null", "a quantity"),
            ("[]", "a quantity"),
            ("{}", "a quantity"),
            ("\"abc\"", "invalid quantity \"abc\""),
            ("\"1Xi\"", "invalid quantity"),
        ] {
            let err = match serde_json::from_str::<Quantity>(json) {
                Ok(v) => panic!("{json} should fail, got {v}"),
                Err(e) => e.to_string(),
            };
            assert!(err.contains(needle), "{json}: {err}");
        }
    }

    #[test]
    fn round_trips_through_json_inside_a_struct() {
        let input = r#"{"cpu":"500m","memory":"1.5Gi"}"#;
        let map: std::collections::BTreeMap<String, Quantity> =
            serde_json::from_str(input).unwrap();
        assert_eq!(serde_json::to_string(&map).unwrap(), input);
    }
}
