//! Kubernetes `metav1.Time`, `metav1.MicroTime` and `metav1.Duration`: the
//! wire forms of timestamps and durations in API objects.

use std::fmt;
use std::str::FromStr;

use jiff::Timestamp;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a timestamp or duration string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeError {
    #[error(
        "invalid timestamp {0:?}: expected RFC 3339 such as \"2006-01-02T15:04:05Z\" or \
         \"2006-01-02T15:04:05.999999+07:00\""
    )]
    Syntax(String),
    #[error("invalid timestamp {input:?}: {reason}")]
    Value { input: String, reason: String },
    #[error("timestamp {0} cannot be written as RFC 3339: its year is outside 0000-9999")]
    YearOutOfRange(String),
}

/// Why a Go-style duration string was rejected; the messages mirror Go's
/// `time.ParseDuration` so they read the same as the API server's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    #[error("time: invalid duration {0:?}")]
    Invalid(String),
    #[error("time: missing unit in duration {0:?}")]
    MissingUnit(String),
    #[error("time: unknown unit {unit:?} in duration {input:?}")]
    UnknownUnit { unit: String, input: String },
}

/// Which Go layout a wire time is read with: metav1.Time's `time.RFC3339`, or MicroTime's
/// `RFC3339Micro`, whose `.000000` takes exactly six fraction digits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Rfc3339,
    Rfc3339Micro,
}

/// Reads a wire time exactly as Go's `time.Parse` with `layout` does (metav1's
/// `UnmarshalJSON`, `UnmarshalQueryParameter` and CBOR all use it). Go tries a strict RFC 3339
/// reader and falls back to its general layout parser, and what that accepts is the rule:
/// an upper-case `T` and `Z` only, a one- or two-digit hour, seconds below 60, `.` or `,`
/// before the fraction, and an offset of at most 24 hours and 60 minutes.
fn parse_go_rfc3339(input: &str, layout: Layout) -> Result<Timestamp, TimeError> {
    let syntax = || TimeError::Syntax(input.to_owned());
    let out_of_range = |what: &str| TimeError::Value {
        input: input.to_owned(),
        reason: format!("{what} out of range"),
    };
    let mut rest = input.as_bytes();
    let year = fixed_digits(&mut rest, 4).ok_or_else(syntax)?;
    expect(&mut rest, b'-').ok_or_else(syntax)?;
    let month = fixed_digits(&mut rest, 2).ok_or_else(syntax)?;
    if !(1..=12).contains(&month) {
        return Err(out_of_range("month"));
    }
    expect(&mut rest, b'-').ok_or_else(syntax)?;
    let day = fixed_digits(&mut rest, 2).ok_or_else(syntax)?;
    expect(&mut rest, b'T').ok_or_else(syntax)?;
    // Go's `15` is not zero-padded: one digit is enough when the next is not one.
    let hour = match rest {
        [a, b, ..] if a.is_ascii_digit() && b.is_ascii_digit() => fixed_digits(&mut rest, 2),
        _ => fixed_digits(&mut rest, 1),
    }
    .ok_or_else(syntax)?;
    if hour >= 24 {
        return Err(out_of_range("hour"));
    }
    expect(&mut rest, b':').ok_or_else(syntax)?;
    let minute = fixed_digits(&mut rest, 2).ok_or_else(syntax)?;
    if minute >= 60 {
        return Err(out_of_range("minute"));
    }
    expect(&mut rest, b':').ok_or_else(syntax)?;
    let second = fixed_digits(&mut rest, 2).ok_or_else(syntax)?;
    if second >= 60 {
        return Err(out_of_range("second"));
    }
    let fraction_starts = |r: &[u8]| matches!(r, [b'.' | b',', d, ..] if d.is_ascii_digit());
    let nanos = match layout {
        Layout::Rfc3339 if fraction_starts(rest) => {
            let n = 1 + rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
            let nanos = fraction_nanos(&rest[1..n]);
            rest = &rest[n..];
            nanos
        }
        Layout::Rfc3339 => 0,
        Layout::Rfc3339Micro => match rest {
            [b'.' | b',', digits @ ..]
                if digits.len() >= 6 && digits[..6].iter().all(u8::is_ascii_digit) =>
            {
                let nanos = fraction_nanos(&digits[..6]);
                rest = &digits[6..];
                nanos
            }
            _ => return Err(syntax()),
        },
    };
    let offset_seconds = match rest {
        [b'Z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let two = |a: &u8, b: &u8| {
                (a.is_ascii_digit() && b.is_ascii_digit())
                    .then(|| i64::from(a - b'0') * 10 + i64::from(b - b'0'))
            };
            let (h, m) = two(h1, h2).zip(two(m1, m2)).ok_or_else(syntax)?;
            // Go's general parser allows 24:00 and :60, as some write them.
            if h > 24 {
                return Err(out_of_range("time zone offset hour"));
            }
            if m > 60 {
                return Err(out_of_range("time zone offset minute"));
            }
            let magnitude = (h * 60 + m) * 60;
            if *sign == b'-' {
                -magnitude
            } else {
                magnitude
            }
        }
        _ => return Err(syntax()),
    };
    // Every field has at most four digits, so each fits its jiff type.
    let date = jiff::civil::Date::new(year as i16, month as i8, day as i8)
        .map_err(|_| out_of_range("day"))?;
    let datetime = date.at(hour as i8, minute as i8, second as i8, nanos);
    datetime
        .to_zoned(jiff::tz::TimeZone::UTC)
        .and_then(|z| {
            z.timestamp()
                .checked_sub(jiff::SignedDuration::from_secs(offset_seconds))
        })
        .map_err(|e| TimeError::Value {
            input: input.to_owned(),
            reason: e.to_string(),
        })
}

/// Takes exactly `n` ASCII digits off the front of `rest`.
fn fixed_digits(rest: &mut &[u8], n: usize) -> Option<i64> {
    let digits = rest.get(..n).filter(|d| d.iter().all(u8::is_ascii_digit))?;
    *rest = &rest[n..];
    Some(digits.iter().fold(0, |v, d| v * 10 + i64::from(d - b'0')))
}

fn expect(rest: &mut &[u8], c: u8) -> Option<()> {
    let (first, tail) = rest.split_first()?;
    (*first == c).then(|| *rest = tail)
}

/// Nanoseconds of a fraction's digits; past the ninth they are dropped, as Go does.
fn fraction_nanos(digits: &[u8]) -> i32 {
    let kept = &digits[..digits.len().min(9)];
    let value = kept.iter().fold(0i32, |v, d| v * 10 + i32::from(d - b'0'));
    value * 10i32.pow(9 - kept.len() as u32)
}

/// RFC 3339 has four-digit years; jiff can represent more, which Go refuses
/// to marshal, so refuse here too instead of emitting an invalid string.
fn check_year(ts: Timestamp) -> Result<(), TimeError> {
    let year = ts.to_zoned(jiff::tz::TimeZone::UTC).year();
    if (0..=9999).contains(&year) {
        Ok(())
    } else {
        Err(TimeError::YearOutOfRange(ts.to_string()))
    }
}

/// Go's zero `time.Time`, 0001-01-01T00:00:00Z. `metav1.Time` and `MicroTime` write it as
/// JSON `null` and as an empty protobuf message, and read both back as the zero value; a
/// map of times (PodDisruptionBudget's `disruptedPods`) depends on it.
const GO_ZERO: Timestamp = Timestamp::constant(-62_135_596_800, 0);

struct TimestampVisitor(&'static str, Layout);

impl<'de> Visitor<'de> for TimestampVisitor {
    type Value = Timestamp;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} as an RFC 3339 string or null", self.0)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Timestamp, E> {
        parse_go_rfc3339(v, self.1).map_err(E::custom)
    }

    fn visit_none<E: de::Error>(self) -> Result<Timestamp, E> {
        Ok(GO_ZERO)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Timestamp, E> {
        Ok(GO_ZERO)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Timestamp, D::Error> {
        d.deserialize_str(self)
    }
}

/// Writes a time as Go does: the zero value as `null`, any other as its RFC 3339 text.
fn serialize_time<S: Serializer>(
    ts: Timestamp,
    text: impl fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    if ts == GO_ZERO {
        return serializer.serialize_none();
    }
    check_year(ts).map_err(serde::ser::Error::custom)?;
    serializer.collect_str(&text)
}

/// A point in time as Kubernetes stores it in object metadata
/// (`creationTimestamp`, conditions' `lastTransitionTime`, ...).
///
/// The wire form has whole-second precision, so a value that went through
/// the API server compares equal only to its truncated self; the in-memory
/// value keeps full precision because Kubernetes' does too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time(Timestamp);

impl Time {
    /// Go's zero time (0001-01-01T00:00:00Z), written as `null` and as an empty message.
    pub const ZERO: Time = Time(GO_ZERO);

    pub fn now() -> Self {
        Time(Timestamp::now())
    }

    pub fn is_zero(&self) -> bool {
        self.0 == GO_ZERO
    }

    pub fn timestamp(&self) -> Timestamp {
        self.0
    }

    /// The value the wire form would carry, for comparing against a
    /// round-tripped object.
    pub fn truncated(&self) -> Self {
        Time(truncate_to(self.0, 1_000_000_000))
    }
}

/// Floors to a multiple of `unit_nanos`, matching how a truncated civil-time
/// rendering behaves for instants before 1970 too.
fn truncate_to(ts: Timestamp, unit_nanos: i128) -> Timestamp {
    let nanos = ts.as_nanosecond();
    let floored = nanos - nanos.rem_euclid(unit_nanos);
    // Flooring within jiff's range can only fail at its very lower bound.
    Timestamp::from_nanosecond(floored).unwrap_or(ts)
}

/// Go's zero time: what a required time decodes to when the input omits it or sends `null`.
impl Default for Time {
    fn default() -> Self {
        Time::ZERO
    }
}

impl From<Timestamp> for Time {
    fn from(ts: Timestamp) -> Self {
        Time(ts)
    }
}

impl From<Time> for Timestamp {
    fn from(t: Time) -> Self {
        t.0
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.0}", self.0)
    }
}

impl FromStr for Time {
    type Err = TimeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_go_rfc3339(s, Layout::Rfc3339).map(Time)
    }
}

impl Serialize for Time {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_time(self.0, self, serializer)
    }
}

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_option(TimestampVisitor("a time", Layout::Rfc3339))
            .map(Time)
    }
}

/// A timestamp with microsecond precision on the wire, used where ordering
/// within a second matters (events, leases).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MicroTime(Timestamp);

impl MicroTime {
    /// Go's zero time (0001-01-01T00:00:00Z), written as `null` and as an empty message.
    pub const ZERO: MicroTime = MicroTime(GO_ZERO);

    pub fn now() -> Self {
        MicroTime(Timestamp::now())
    }

    pub fn is_zero(&self) -> bool {
        self.0 == GO_ZERO
    }

    pub fn timestamp(&self) -> Timestamp {
        self.0
    }

    /// The value the wire form would carry.
    pub fn truncated(&self) -> Self {
        MicroTime(truncate_to(self.0, 1_000))
    }
}

impl Default for MicroTime {
    fn default() -> Self {
        MicroTime::ZERO
    }
}

impl From<Timestamp> for MicroTime {
    fn from(ts: Timestamp) -> Self {
        MicroTime(ts)
    }
}

impl From<MicroTime> for Timestamp {
    fn from(t: MicroTime) -> Self {
        t.0
    }
}

impl fmt::Display for MicroTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.6}", self.0)
    }
}

impl FromStr for MicroTime {
    type Err = TimeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_go_rfc3339(s, Layout::Rfc3339Micro).map(MicroTime)
    }
}

impl Serialize for MicroTime {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_time(self.0, self, serializer)
    }
}

impl<'de> Deserialize<'de> for MicroTime {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_option(TimestampVisitor("a micro time", Layout::Rfc3339Micro))
            .map(MicroTime)
    }
}

const NANOSECOND: u64 = 1;
const MICROSECOND: u64 = 1_000 * NANOSECOND;
const MILLISECOND: u64 = 1_000 * MICROSECOND;
const SECOND: u64 = 1_000 * MILLISECOND;
const MINUTE: u64 = 60 * SECOND;
const HOUR: u64 = 60 * MINUTE;

/// Go accumulates durations as unsigned magnitudes bounded by 2^63, so that
/// the most negative duration is still expressible.
const MAGNITUDE_LIMIT: u64 = 1 << 63;

fn unit_nanos(unit: &str) -> Option<u64> {
    Some(match unit {
        "ns" => NANOSECOND,
        // Go accepts the ASCII spelling plus both the micro sign (U+00B5)
        // and the Greek small letter mu (U+03BC).
        "us" | "\u{b5}s" | "\u{3bc}s" => MICROSECOND,
        "ms" => MILLISECOND,
        "s" => SECOND,
        "m" => MINUTE,
        "h" => HOUR,
        _ => return None,
    })
}

/// A signed span of time in nanoseconds, written the way Go's
/// `time.Duration` prints and parses it (`"1h2m3.5s"`, `"300ms"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Duration(i64);

impl Duration {
    pub const fn from_nanos(nanos: i64) -> Self {
        Duration(nanos)
    }

    pub const fn as_nanos(&self) -> i64 {
        self.0
    }

    /// Parses Go's duration syntax with exactly Go's rounding and overflow
    /// behaviour, so values accepted by the API server are accepted here.
    pub fn parse(input: &str) -> Result<Self, DurationError> {
        let invalid = || DurationError::Invalid(input.to_owned());
        let mut s = input;
        let mut negative = false;
        if let Some(rest) = s.strip_prefix('-') {
            negative = true;
            s = rest;
        } else if let Some(rest) = s.strip_prefix('+') {
            s = rest;
        }
        if s == "0" {
            return Ok(Duration(0));
        }
        if s.is_empty() {
            return Err(invalid());
        }

        let mut total: u64 = 0;
        while !s.is_empty() {
            if !s.starts_with(|c: char| c == '.' || c.is_ascii_digit()) {
                return Err(invalid());
            }
            let (whole, rest) = leading_int(s).ok_or_else(invalid)?;
            let has_whole = rest.len() != s.len();
            s = rest;

            let mut fraction = 0u64;
            let mut scale = 1f64;
            let mut has_fraction = false;
            if let Some(rest) = s.strip_prefix('.') {
                let (f, sc, rest_after) = leading_fraction(rest);
                has_fraction = rest_after.len() != rest.len();
                fraction = f;
                scale = sc;
                s = rest_after;
            }
            if !has_whole && !has_fraction {
                return Err(invalid());
            }

            let unit_len = s
                .find(|c: char| c == '.' || c.is_ascii_digit())
                .unwrap_or(s.len());
            if unit_len == 0 {
                return Err(DurationError::MissingUnit(input.to_owned()));
            }
            let (unit, rest) = s.split_at(unit_len);
            s = rest;
            let unit = unit_nanos(unit).ok_or_else(|| DurationError::UnknownUnit {
                unit: unit.to_owned(),
                input: input.to_owned(),
            })?;

            if whole > MAGNITUDE_LIMIT / unit {
                return Err(invalid());
            }
            let mut value = whole * unit;
            if fraction > 0 {
                // Go computes the fractional contribution in floating point;
                // doing the same keeps results bit-for-bit identical.
                let extra = (fraction as f64 * (unit as f64 / scale)) as u64;
                value = value.checked_add(extra).ok_or_else(invalid)?;
                if value > MAGNITUDE_LIMIT {
                    return Err(invalid());
                }
            }
            total = total.checked_add(value).ok_or_else(invalid)?;
            if total > MAGNITUDE_LIMIT {
                return Err(invalid());
            }
        }
        if negative {
            // A magnitude of exactly 2^63 wraps to i64::MIN, as intended.
            return Ok(Duration((total as i64).wrapping_neg()));
        }
        i64::try_from(total).map(Duration).map_err(|_| invalid())
    }
}

/// Consumes leading decimal digits; `None` if they exceed Go's 2^63 bound.
fn leading_int(s: &str) -> Option<(u64, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let mut value: u64 = 0;
    for b in s[..end].bytes() {
        if value > MAGNITUDE_LIMIT / 10 {
            return None;
        }
        value = value * 10 + u64::from(b - b'0');
        if value > MAGNITUDE_LIMIT {
            return None;
        }
    }
    Some((value, &s[end..]))
}

/// Consumes fractional digits, silently ignoring precision beyond what fits,
/// and returns the digits as an integer together with their power of ten.
fn leading_fraction(s: &str) -> (u64, f64, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let mut value: u64 = 0;
    let mut scale = 1f64;
    let mut overflow = false;
    for b in s[..end].bytes() {
        if overflow {
            continue;
        }
        if value > (MAGNITUDE_LIMIT - 1) / 10 {
            overflow = true;
            continue;
        }
        let next = value * 10 + u64::from(b - b'0');
        if next > MAGNITUDE_LIMIT {
            overflow = true;
            continue;
        }
        value = next;
        scale *= 10.0;
    }
    (value, scale, &s[end..])
}

/// Renders `value / 10^precision` with trailing fractional zeros (and a
/// bare decimal point) removed, as Go does.
fn push_fixed_point(out: &mut String, value: u64, precision: u32) {
    let divisor = 10u64.pow(precision);
    let whole = value / divisor;
    let fraction = value % divisor;
    out.push_str(&whole.to_string());
    if fraction != 0 {
        let digits = format!("{fraction:0width$}", width = precision as usize);
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let magnitude = self.0.unsigned_abs();
        let mut out = String::new();
        if self.0 < 0 {
            out.push('-');
        }
        if magnitude < SECOND {
            // Sub-second values switch to the largest smaller unit.
            let (precision, unit) = match magnitude {
                0 => return f.write_str("0s"),
                m if m < MICROSECOND => (0, "ns"),
                m if m < MILLISECOND => (3, "\u{b5}s"),
                _ => (6, "ms"),
            };
            push_fixed_point(&mut out, magnitude, precision);
            out.push_str(unit);
        } else {
            let hours = magnitude / HOUR;
            let minutes = magnitude % HOUR / MINUTE;
            if hours > 0 {
                out.push_str(&format!("{hours}h{minutes}m"));
            } else if minutes > 0 {
                out.push_str(&format!("{minutes}m"));
            }
            push_fixed_point(&mut out, magnitude % MINUTE, 9);
            out.push('s');
        }
        f.write_str(&out)
    }
}

impl FromStr for Duration {
    type Err = DurationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Duration::parse(s)
    }
}

impl From<Duration> for jiff::SignedDuration {
    fn from(d: Duration) -> Self {
        jiff::SignedDuration::from_nanos(d.0)
    }
}

impl Serialize for Duration {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

struct DurationVisitor;

impl Visitor<'_> for DurationVisitor {
    type Value = Duration;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a duration string such as \"1h2m3s\" or \"300ms\"")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Duration, E> {
        Duration::parse(v).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Duration {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(DurationVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    fn json_err<T: for<'de> Deserialize<'de> + fmt::Debug>(json: &str) -> String {
        serde_json::from_str::<T>(json).unwrap_err().to_string()
    }

    #[test]
    fn time_serializes_at_second_precision_in_utc() {
        let t = Time::from(ts("2008-01-01T01:01:01.999999999Z"));
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            "\"2008-01-01T01:01:01Z\""
        );
        assert_eq!(t.to_string(), "2008-01-01T01:01:01Z");
        let before_epoch = Time::from(ts("1969-12-31T23:59:59.5Z"));
        assert_eq!(before_epoch.to_string(), "1969-12-31T23:59:59Z");
        assert_eq!(before_epoch.truncated().to_string(), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn go_zero_time_is_null_in_json_and_an_empty_message_in_protobuf() {
        use crate::codec::protobuf::ProtoValue;
        for zero in [Time::default(), Time::ZERO] {
            assert!(zero.is_zero());
            assert_eq!(serde_json::to_string(&zero).unwrap(), "null");
            let mut buf = Vec::new();
            zero.encode_value(&mut buf);
            assert_eq!(buf, [0], "an empty length-delimited message");
            assert_eq!(zero.value_len(), 1);
        }
        let back: Time = serde_json::from_str("null").unwrap();
        assert!(back.is_zero());
        let map: std::collections::BTreeMap<String, MicroTime> =
            serde_json::from_str(r#"{"a":null}"#).unwrap();
        assert!(map["a"].is_zero());
        assert_eq!(serde_json::to_string(&map).unwrap(), r#"{"a":null}"#);
        assert_eq!(Time::ZERO.to_string(), "0001-01-01T00:00:00Z");
        // The epoch is an ordinary time, not Go's zero.
        let epoch = Time::from(Timestamp::UNIX_EPOCH);
        assert!(!epoch.is_zero());
        assert_eq!(
            serde_json::to_string(&epoch).unwrap(),
            "\"1970-01-01T00:00:00Z\""
        );
    }

    #[test]
    fn time_deserializes_offsets_into_utc() {
        let t: Time = serde_json::from_str("\"2008-01-01T02:01:01+01:00\"").unwrap();
        assert_eq!(t.to_string(), "2008-01-01T01:01:01Z");
        let t: Time = serde_json::from_str("\"2008-01-01T00:31:01.25-00:30\"").unwrap();
        assert_eq!(t.timestamp(), ts("2008-01-01T01:01:01.25Z"));
    }

    #[test]
    fn time_round_trips_loses_only_subseconds() {
        let t = Time::from(ts("2024-02-29T12:34:56.789Z"));
        let back: Time = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_ne!(back, t);
        assert_eq!(back, t.truncated());
    }

    #[test]
    fn time_rejects_non_rfc3339_input() {
        for bad in [
            "",
            "garbage",
            "2008-01-01",
            "2008-01-01T01:01Z",
            "2008-01-01 01:01:01Z",
            "2008-01-01T01:01:01",
            "2008-01-01T01:01:01+0100",
            "2008-01-01T01:01:01+01",
            "2008-01-01T01:01:01.Z",
            "2008-01-01T01:01:01Z[UTC]",
            "2008-01-01T01:01:01Z ",
            "20080-01-01T01:01:01Z",
            "2008-1-01T01:01:01Z",
        ] {
            assert!(
                matches!(bad.parse::<Time>(), Err(TimeError::Syntax(_))),
                "{bad:?}"
            );
        }
        for bad in [
            "2008-13-01T01:01:01Z",
            "2008-02-30T01:01:01Z",
            "2008-01-01T25:01:01Z",
        ] {
            assert!(
                matches!(bad.parse::<Time>(), Err(TimeError::Value { .. })),
                "{bad:?}"
            );
        }
        let err = json_err::<Time>("\"yesterday\"");
        assert!(err.contains("expected RFC 3339"), "{err}");
        let err = json_err::<Time>("12345");
        assert!(err.contains("a time as an RFC 3339 string"), "{err}");
    }

    #[test]
    fn time_accepts_long_fractions() {
        let t: Time = "2008-01-01T01:01:01.1234567891234Z".parse().unwrap();
        assert_eq!(t.timestamp(), ts("2008-01-01T01:01:01.123456789Z"));
    }

    #[test]
    fn time_refuses_to_serialize_years_rfc3339_cannot_hold() {
        let ancient = Time::from(Timestamp::MIN);
        let err = serde_json::to_string(&ancient).unwrap_err().to_string();
        assert!(err.contains("outside 0000-9999"), "{err}");
        assert!(serde_json::to_string(&MicroTime::from(Timestamp::MIN)).is_err());
        let year_zero = Time::from(ts("0000-01-01T00:00:00Z"));
        assert_eq!(
            serde_json::to_string(&year_zero).unwrap(),
            "\"0000-01-01T00:00:00Z\""
        );
    }

    #[test]
    fn time_ordering_and_conversion() {
        let a = Time::from(ts("2008-01-01T01:01:01Z"));
        let b = Time::from(ts("2008-01-01T01:01:02Z"));
        assert!(a < b);
        assert_eq!(Timestamp::from(a), ts("2008-01-01T01:01:01Z"));
        let now = Time::now();
        assert!(now > a);
        let mut set = std::collections::HashSet::new();
        set.insert(a);
        assert!(set.contains(&Time::from(ts("2008-01-01T02:01:01+01:00"))));
    }

    #[test]
    fn micro_time_always_has_six_fraction_digits() {
        let cases = [
            ("2003-01-01T01:01:01.000003Z", "2003-01-01T01:01:01.000003Z"),
            (
                "2003-01-01T02:01:01.500000+01:00",
                "2003-01-01T01:01:01.500000Z",
            ),
            ("2003-01-01T01:01:01,123456Z", "2003-01-01T01:01:01.123456Z"),
        ];
        for (input, expected) in cases {
            let t: MicroTime = input.parse().unwrap();
            assert_eq!(t.to_string(), expected);
            assert_eq!(
                serde_json::to_string(&t).unwrap(),
                format!("\"{expected}\"")
            );
        }
        let t: MicroTime = serde_json::from_str("\"2003-01-01T01:01:01.123456Z\"").unwrap();
        assert!(MicroTime::now() > t);
        let err = json_err::<MicroTime>("\"01/01/2003\"");
        assert!(err.contains("expected RFC 3339"), "{err}");
    }

    /// metav1.MicroTime reads with Go's `RFC3339Micro` layout ("2006-01-02T15:04:05.000000Z07:00"),
    /// whose `.000000` takes exactly six digits: none, fewer or more is a parse error there.
    #[test]
    fn micro_time_refuses_other_fraction_lengths() {
        for bad in [
            "2003-01-01T01:01:01Z",
            "2003-01-01T01:01:01.5Z",
            "2003-01-01T01:01:01.123456789Z",
        ] {
            assert!(
                matches!(bad.parse::<MicroTime>(), Err(TimeError::Syntax(_))),
                "{bad:?}"
            );
            assert!(serde_json::from_str::<MicroTime>(&format!("\"{bad}\"")).is_err());
        }
    }

    /// What Go's `time.Parse(time.RFC3339, ...)` (metav1.Time's UnmarshalJSON) accepts beyond
    /// the strict grammar, from src/time/format.go's general parser that it falls back to:
    /// offsets up to 24 hours and 60 minutes, a one-digit hour, `,` before the fraction.
    #[test]
    fn time_accepts_what_go_accepts() {
        for (input, utc) in [
            ("2008-01-01T01:01:01+24:00", "2007-12-31T01:01:01Z"),
            ("2008-01-01T01:01:01-23:60", "2008-01-02T01:01:01Z"),
            ("2008-01-01T1:01:01Z", "2008-01-01T01:01:01Z"),
            ("2008-01-01T01:01:01,5Z", "2008-01-01T01:01:01.5Z"),
        ] {
            let t: Time = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(t.timestamp(), ts(utc), "{input}");
        }
    }

    /// Issue 35: what the old reader let through and Go refuses, each an error naming the
    /// value. Go: "time zone offset hour out of range" (hr > 24), "second out of range"
    /// (60 <= sec), and only upper-case `T` and `Z` match the layout.
    #[test]
    fn time_refuses_what_go_refuses() {
        for (bad, reason) in [
            (
                "2008-01-01T01:01:01+25:00",
                "time zone offset hour out of range",
            ),
            (
                "2008-01-01T01:01:01+01:61",
                "time zone offset minute out of range",
            ),
            ("2008-01-01T01:01:60Z", "second out of range"),
            ("2008-01-01T23:59:60Z", "second out of range"),
            ("2008-01-01T24:00:00Z", "hour out of range"),
        ] {
            let err = bad.parse::<Time>().expect_err(bad);
            assert_eq!(
                err,
                TimeError::Value {
                    input: bad.into(),
                    reason: reason.into()
                }
            );
            let json = json_err::<Time>(&format!("\"{bad}\""));
            assert!(json.contains(bad), "{json}");
            let micro = bad
                .replace(":01+", ":01.000000+")
                .replace(":60Z", ":60.000000Z");
            assert!(micro.parse::<MicroTime>().is_err(), "{micro}");
        }
        for bad in [
            "2008-01-01T01:01:01z",
            "2008-01-01t01:01:01Z",
            "2008-01-01T01:01:01.123z",
        ] {
            assert_eq!(bad.parse::<Time>(), Err(TimeError::Syntax(bad.into())));
        }
        let yaml: Result<Time, _> = serde_yaml_ng::from_str("2008-01-01T01:01:01z");
        assert!(yaml.is_err());
    }

    #[test]
    fn duration_formats_like_go() {
        let cases: &[(i64, &str)] = &[
            (0, "0s"),
            (1, "1ns"),
            (1_100, "1.1\u{b5}s"),
            (2_200_000, "2.2ms"),
            (300_000_000, "300ms"),
            (3_300_000_000, "3.3s"),
            (60_000_000_000, "1m0s"),
            (-60_000_000_000, "-1m0s"),
            (4 * 60_000_000_000 + 5_000_000_000, "4m5s"),
            (4 * 60_000_000_000 + 5_001_000_000, "4m5.001s"),
            (
                5 * 3_600_000_000_000 + 6 * 60_000_000_000 + 7_001_000_000,
                "5h6m7.001s",
            ),
            (3_600_000_000_000, "1h0m0s"),
            (
                3_600_000_000_000 + 2 * 60_000_000_000 + 3_500_000_000,
                "1h2m3.5s",
            ),
            (8 * 60_000_000_000 + 1, "8m0.000000001s"),
            (i64::MAX, "2562047h47m16.854775807s"),
            (i64::MIN, "-2562047h47m16.854775808s"),
            (-1, "-1ns"),
            (-1_500, "-1.5\u{b5}s"),
        ];
        for (nanos, expected) in cases {
            assert_eq!(Duration::from_nanos(*nanos).to_string(), *expected);
        }
    }

    #[test]
    fn duration_parses_like_go() {
        let cases: &[(&str, i64)] = &[
            ("0", 0),
            ("-0", 0),
            ("+0", 0),
            ("0s", 0),
            ("5s", 5_000_000_000),
            ("30s", 30_000_000_000),
            ("1478s", 1_478_000_000_000),
            ("-5s", -5_000_000_000),
            ("+5s", 5_000_000_000),
            ("-0s", 0),
            ("5.0s", 5_000_000_000),
            ("5.6s", 5_600_000_000),
            ("5.s", 5_000_000_000),
            (".5s", 500_000_000),
            ("1.0s", 1_000_000_000),
            ("1.004s", 1_004_000_000),
            ("100.00100s", 100_001_000_000),
            ("10ns", 10),
            ("11us", 11_000),
            ("12\u{b5}s", 12_000),
            ("12\u{3bc}s", 12_000),
            ("13ms", 13_000_000),
            ("14s", 14_000_000_000),
            ("15m", 900_000_000_000),
            ("16h", 57_600_000_000_000),
            ("3h30m", 12_600_000_000_000),
            ("10.5s4m", 250_500_000_000),
            ("-2m3.4s", -123_400_000_000),
            ("1h2m3s4ms5us6ns", 3_723_004_005_006),
            ("39h9m14.425s", 140_954_425_000_000),
            ("52763797000ns", 52_763_797_000),
            ("0.3333333333333333333h", 1_200_000_000_000),
            ("9007199254740993ns", 9_007_199_254_740_993),
            ("9223372036854775807ns", i64::MAX),
            ("9223372036854775.807us", i64::MAX),
            ("9223372036s854ms775us807ns", i64::MAX),
            ("-9223372036854775808ns", i64::MIN),
            ("-9223372036854775.808us", i64::MIN),
            ("-9223372036s854ms775us808ns", i64::MIN),
            ("-2562047h47m16.854775808s", i64::MIN),
            ("0.100000000000000000000h", 360_000_000_000),
            ("0.830103483285477580700h", 2_988_372_539_827),
        ];
        for (input, nanos) in cases {
            assert_eq!(
                Duration::parse(input),
                Ok(Duration::from_nanos(*nanos)),
                "{input}"
            );
        }
    }

    #[test]
    fn duration_round_trips_through_its_string_form() {
        for nanos in [
            0,
            1,
            999,
            1_000,
            1_234_567,
            59_999_999_999,
            3_723_004_005_006,
            i64::MAX,
            i64::MIN,
            -42,
        ] {
            let d = Duration::from_nanos(nanos);
            assert_eq!(Duration::parse(&d.to_string()), Ok(d), "{d}");
        }
    }

    #[test]
    fn duration_rejects_bad_input_with_go_messages() {
        for bad in [
            "", "3", "-", "s", ".", "-.", ".s", "+.s", "1d", "\u{1}", "1.2.3s",
        ] {
            assert!(Duration::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            Duration::parse("3"),
            Err(DurationError::MissingUnit("3".into()))
        );
        assert_eq!(
            Duration::parse("1d").unwrap_err().to_string(),
            "time: unknown unit \"d\" in duration \"1d\""
        );
        assert_eq!(
            Duration::parse("").unwrap_err().to_string(),
            "time: invalid duration \"\""
        );
        for overflow in [
            "9223372036854775808ns",
            "9223372036854775.808us",
            "9223372036854ms775us808ns",
            "-9223372036854775809ns",
            "3000000h",
            "99999999999999999999ns",
        ] {
            assert_eq!(
                Duration::parse(overflow),
                Err(DurationError::Invalid(overflow.into())),
                "{overflow}"
            );
        }
    }

    #[test]
    fn duration_serde() {
        let d = Duration::from_nanos(3_723_500_000_000);
        assert_eq!(serde_json::to_string(&d).unwrap(), "\"1h2m3.5s\"");
        let back: Duration = serde_json::from_str("\"1h2m3.5s\"").unwrap();
        assert_eq!(back, d);
        let err = json_err::<Duration>("\"5 minutes\"");
        assert!(err.contains("time: "), "{err}");
        let err = json_err::<Duration>("300");
        assert!(err.contains("a duration string"), "{err}");
        assert_eq!(Duration::default(), Duration::from_nanos(0));
        assert_eq!(
            jiff::SignedDuration::from(d),
            jiff::SignedDuration::from_nanos(3_723_500_000_000)
        );
    }
}
