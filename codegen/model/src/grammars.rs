//! The grammars of Kubernetes' scalar strings (quantities, durations, RFC 3339 times), as
//! yes/no checks: what a `default` of a `Quantity`, `Duration` or `Time` field, or of a
//! `date-time` format, must match. Codegen cannot call the runtime's parsers, so these follow
//! apimachinery's grammars directly.

/// `resource.ParseQuantity`'s grammar: a signed decimal number, then a binary suffix
/// (`Ki`..`Ei`), a decimal one (`n`, `u`, `m`, `k`, `M`..`E`) or an exponent (`e3`, `E-2`).
pub fn is_quantity(s: &str) -> bool {
    let Some(rest) = after_decimal(s.strip_prefix(['+', '-']).unwrap_or(s)) else {
        return false;
    };
    match rest {
        "" | "n" | "u" | "m" | "k" | "M" | "G" | "T" | "P" | "E" => true,
        "Ki" | "Mi" | "Gi" | "Ti" | "Pi" | "Ei" => true,
        _ => rest
            .strip_prefix(['e', 'E'])
            .map(|exp| exp.strip_prefix(['+', '-']).unwrap_or(exp))
            .is_some_and(|exp| !exp.is_empty() && exp.bytes().all(|b| b.is_ascii_digit())),
    }
}

/// What follows an unsigned decimal number (`12`, `1.5`, `.5`, `5.`) at the start of `s`;
/// `None` when there is no digit.
fn after_decimal(s: &str) -> Option<&str> {
    let digits = |t: &str| t.bytes().take_while(u8::is_ascii_digit).count();
    let int = digits(s);
    let (frac, rest) = match s[int..].strip_prefix('.') {
        Some(f) => (digits(f), &f[digits(f)..]),
        None => (0, &s[int..]),
    };
    (int + frac > 0).then_some(rest)
}

/// `time.ParseDuration`: `0`, or a sign and a sequence of decimal numbers each with a unit.
pub fn is_duration(s: &str) -> bool {
    let mut rest = s.strip_prefix(['+', '-']).unwrap_or(s);
    if rest == "0" {
        return true;
    }
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        let Some(after) = after_decimal(rest) else {
            return false;
        };
        rest = after;
        let Some(unit) = ["ns", "us", "µs", "μs", "ms", "s", "m", "h"]
            .iter()
            .filter(|u| rest.starts_with(**u))
            .max_by_key(|u| u.len())
        else {
            return false;
        };
        rest = &rest[unit.len()..];
    }
    true
}

/// RFC 3339: `YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or an offset.
pub fn is_rfc3339(s: &str) -> bool {
    let b = s.as_bytes();
    let num = |range: std::ops::Range<usize>, max: u32| -> bool {
        b.get(range.clone())
            .filter(|d| d.iter().all(u8::is_ascii_digit))
            .and_then(|d| std::str::from_utf8(d).ok()?.parse::<u32>().ok())
            .is_some_and(|n| n <= max)
    };
    let at = |i: usize, c: &[u8]| b.get(i).is_some_and(|x| c.contains(x));
    let date_time = num(0..4, 9999)
        && at(4, b"-")
        && num(5..7, 12)
        && at(7, b"-")
        && num(8..10, 31)
        && at(10, b"Tt")
        && num(11..13, 23)
        && at(13, b":")
        && num(14..16, 59)
        && at(16, b":")
        && num(17..19, 60)
        && &s[5..7] != "00"
        && &s[8..10] != "00";
    if !date_time {
        return false;
    }
    let mut rest = &s[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    match rest {
        "Z" | "z" => true,
        offset => {
            let o = offset.as_bytes();
            o.len() == 6
                && matches!(o[0], b'+' | b'-')
                && o[3] == b':'
                && o[1..3].iter().chain(&o[4..6]).all(u8::is_ascii_digit)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities() {
        for ok in [
            "1", "1.5", ".5", "5.", "-1", "+1", "100m", "1.5Gi", "1e3", "2E-2", "12Ki", "3n",
        ] {
            assert!(is_quantity(ok), "{ok}");
        }
        for bad in ["", "1.5.5", "Gi", "1 Gi", "1GiB", "1e", "1x", "--1", "."] {
            assert!(!is_quantity(bad), "{bad}");
        }
    }

    #[test]
    fn durations() {
        for ok in ["0", "30s", "1h30m", "250ms", "1.5h", "-2m", "3µs"] {
            assert!(is_duration(ok), "{ok}");
        }
        for bad in ["", "30", "1d", "h", "1h30", "1 h"] {
            assert!(!is_duration(bad), "{bad}");
        }
    }

    #[test]
    fn timestamps() {
        for ok in ["2006-01-02T15:04:05Z", "2006-01-02T15:04:05.123+02:00"] {
            assert!(is_rfc3339(ok), "{ok}");
        }
        for bad in [
            "2006-01-02",
            "2006-13-02T15:04:05Z",
            "2006-01-02T15:04:05",
            "yesterday",
        ] {
            assert!(!is_rfc3339(bad), "{bad}");
        }
    }
}
