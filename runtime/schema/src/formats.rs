//! The string formats kube-apiserver checks in a custom resource: those of kube-openapi's
//! `strfmt.Default` registry that apiextensions-apiserver keeps in a CRD's schema at
//! Kubernetes 1.32 (`pkg/apiserver/validation/formats.go`; `k8s-short-name` and
//! `k8s-long-name` arrive with 1.34 and are ignored here, as 1.32 ignores them).
//!
//! Each check follows the Go function the registry calls (Go's `net`, `net/url`,
//! `net/mail`, `time`, govalidator's patterns), written out by hand so the crate needs no
//! regex engine with Unicode classes. Where Go asks Unicode's category tables (the hostname
//! pattern's `\p{L}` and `\p{S}`), non-ASCII characters are classified with what the
//! standard library knows: alphabetic is a letter, and any other visible character that is
//! not a digit counts as a symbol; ASCII is exact.

/// Whether `data` is a valid `format`, as kube-apiserver decides it; `None` for a format
/// kube-apiserver does not check (it validates nothing then). Names are matched as
/// go-openapi matches them, without dashes: `date-time` is `datetime`.
pub fn validates(format: &str, data: &str) -> Option<bool> {
    let valid = match format.replace('-', "").as_str() {
        "bsonobjectid" => data.len() == 24 && data.bytes().all(|b| b.is_ascii_hexdigit()),
        "uri" => is_request_uri(data),
        "email" => mail::is_address(data),
        "hostname" => is_hostname(data),
        "ipv4" => is_ipv4(data),
        "ipv6" => is_ipv6(data),
        "cidr" => is_cidr(data),
        "mac" => is_mac(data),
        "uuid" => is_uuid(data, None),
        "uuid3" => is_uuid(data, Some(b'3')),
        "uuid4" => is_uuid(data, Some(b'4')),
        "uuid5" => is_uuid(data, Some(b'5')),
        "isbn" => is_isbn10(data) || is_isbn13(data),
        "isbn10" => is_isbn10(data),
        "isbn13" => is_isbn13(data),
        "creditcard" => is_credit_card(data),
        "ssn" => is_ssn(data),
        "hexcolor" => is_hex_color(data),
        "rgbcolor" => is_rgb_color(data),
        "byte" => is_base64(data),
        "password" => true,
        "date" => is_date(data),
        "duration" => is_duration(data),
        "datetime" => is_date_time(data),
        _ => return None,
    };
    Some(valid)
}

/// Whether kube-apiserver checks `format` at all (it keeps no other string format in a
/// CRD's schema).
pub fn supported(format: &str) -> bool {
    // Every check takes the empty string; only unknown formats answer `None`.
    validates(format, "").is_some()
}

/// Go's `\s` in RE2 (ASCII only, no vertical tab).
fn is_go_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0c' | '\r' | ' ')
}

fn all_digits(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

// ---- hostname: kube-openapi's `HostnamePattern`, then at most 255 bytes and 63 per label.

/// `[a-zA-Z0-9\p{S}\p{L}]`. The ASCII symbols (`\p{S}`) are `$+<=>^`|~`.
fn host_char(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || "$+<=>^`|~".contains(c)
    } else {
        c.is_alphabetic() || !(c.is_numeric() || c.is_whitespace() || c.is_control())
    }
}

/// `[a-zA-Z\p{L}]`, the top-level domain's letters.
fn tld_char(c: char) -> bool {
    c.is_ascii_alphabetic() || (!c.is_ascii() && c.is_alphabetic())
}

fn is_hostname(s: &str) -> bool {
    let pattern = match s.rsplit_once('.') {
        // One label: a character, an optional dash, then at most 62 characters.
        None => {
            let mut chars = s.chars();
            let first_ok = chars.next().is_some_and(host_char);
            let rest = chars.as_str();
            let rest = rest.strip_prefix('-').unwrap_or(rest);
            first_ok && rest.chars().count() <= 62 && rest.chars().all(host_char)
        }
        // Labels each ending in a dot, then a top-level domain of 2 to 63 letters.
        Some((labels, tld)) => {
            let tld_len = tld.chars().count();
            (2..=63).contains(&tld_len)
                && tld.chars().all(tld_char)
                && labels.split('.').all(|label| {
                    let count = label.chars().count();
                    let (Some(first), Some(last)) = (label.chars().next(), label.chars().last())
                    else {
                        return false;
                    };
                    count <= 63
                        && host_char(first)
                        && host_char(last)
                        && label.chars().all(|c| c == '-' || host_char(c))
                })
        }
    };
    pattern && s.len() <= 255 && s.split('.').all(|part| part.len() <= 63)
}

// ---- IP addresses: Go's `net.ParseIP` (strict: `ipv6`, e-mail domain literals) and the
// pre-Go-1.17 parser k8s.io/utils keeps as `ParseIPSloppy` (`ipv4`, `cidr`), which allows
// leading zeros and longer hex groups.

/// IPv4 dotted quad. `sloppy` allows leading zeros (`010.0.0.1`).
fn parse_ipv4(s: &str, sloppy: bool) -> bool {
    let fields: Vec<&str> = s.split('.').collect();
    fields.len() == 4
        && fields.iter().all(|f| {
            !f.is_empty()
                && all_digits(f)
                && (sloppy || f.len() == 1 || !f.starts_with('0'))
                // Go stops counting at 0xFFFFFF: only the value matters.
                && f.trim_start_matches('0').len() <= 3
                && f.parse::<u32>().is_ok_and(|n| n <= 255)
        })
}

/// IPv6 with at most one `::` and an optional embedded IPv4 tail; no zone.
fn parse_ipv6(s: &str, sloppy: bool) -> bool {
    let bytes = s.as_bytes();
    let mut rest = s;
    let mut ellipsis: Option<usize> = None;
    let mut i = 0; // bytes of the address filled
    if bytes.starts_with(b"::") {
        ellipsis = Some(0);
        rest = &s[2..];
        if rest.is_empty() {
            return true;
        }
    }
    while i < 16 {
        let digits = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        if digits == 0 || (!sloppy && digits > 4) {
            return false;
        }
        let group = &rest[..digits];
        // Go's sloppy parser accepts any number of digits whose value fits 16 bits.
        if group.trim_start_matches('0').len() > 4 {
            return false;
        }
        if rest[digits..].starts_with('.') {
            // An embedded IPv4 address fills the last four bytes.
            if (ellipsis.is_none() && i != 12) || i + 4 > 16 || !parse_ipv4(rest, sloppy) {
                return false;
            }
            rest = "";
            i += 4;
            break;
        }
        i += 2;
        rest = &rest[digits..];
        if rest.is_empty() {
            break;
        }
        if !rest.starts_with(':') || rest.len() == 1 {
            return false;
        }
        rest = &rest[1..];
        if rest.starts_with(':') {
            if ellipsis.is_some() {
                return false;
            }
            ellipsis = Some(i);
            rest = &rest[1..];
            if rest.is_empty() {
                break;
            }
        }
    }
    if !rest.is_empty() {
        return false;
    }
    // Without `::` all 16 bytes are given; with it, it stands for at least one zero group.
    match ellipsis {
        None => i == 16,
        Some(_) => i < 16,
    }
}

/// Go's `ParseIP`: the first `.` or `:` says which family.
fn parse_ip(s: &str, sloppy: bool) -> bool {
    match s.bytes().find(|b| *b == b'.' || *b == b':') {
        Some(b'.') => parse_ipv4(s, sloppy),
        Some(_) => parse_ipv6(s, sloppy),
        None => false,
    }
}

/// kube-openapi's `isIPv4`: any address the sloppy parser takes, written with a dot (so
/// `::ffff:1.2.3.4` passes, as in kube).
fn is_ipv4(s: &str) -> bool {
    parse_ip(s, true) && s.contains('.')
}

/// govalidator's `IsIPv6`: Go's strict `ParseIP`, written with a colon.
fn is_ipv6(s: &str) -> bool {
    parse_ip(s, false) && s.contains(':')
}

/// `ParseCIDRSloppy`: an address (IPv4 first, then IPv6), `/`, a decimal prefix length
/// no longer than the address.
fn is_cidr(s: &str) -> bool {
    let Some((addr, mask)) = s.split_once('/') else {
        return false;
    };
    let bits = if parse_ipv4(addr, true) {
        32
    } else if parse_ipv6(addr, true) {
        128
    } else {
        return false;
    };
    !mask.is_empty()
        && all_digits(mask)
        && mask.trim_start_matches('0').len() <= 3
        && mask.parse::<u32>().is_ok_and(|n| n <= bits)
}

// ---- mac: Go's `net.ParseMAC`: 6, 8 or 20 octets as `xx:xx:..`, `xx-xx-..` or
// `xxxx.xxxx.xxxx`.

fn is_mac(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 14 {
        return false;
    }
    let hex2 = |pair: &[u8]| pair.len() == 2 && pair.iter().all(u8::is_ascii_hexdigit);
    if b[2] == b':' || b[2] == b'-' {
        let sep = b[2];
        if (b.len() + 1) % 3 != 0 || ![6, 8, 20].contains(&((b.len() + 1) / 3)) {
            return false;
        }
        b.chunks(3)
            .all(|chunk| hex2(&chunk[..2]) && (chunk.len() == 2 || chunk[2] == sep))
    } else if b[4] == b'.' {
        if (b.len() + 1) % 5 != 0 || ![6, 8, 20].contains(&(2 * (b.len() + 1) / 5)) {
            return false;
        }
        b.chunks(5).all(|chunk| {
            chunk.len() >= 4
                && hex2(&chunk[..2])
                && hex2(&chunk[2..4])
                && (chunk.len() == 4 || chunk[4] == b'.')
        })
    } else {
        false
    }
}

// ---- uuid: 8-4-4-4-12 hex digits, each dash optional, any case; uuid3/4/5 fix the version
// digit, and uuid4/5 the variant (`[89ab]`).

fn is_uuid(s: &str, version: Option<u8>) -> bool {
    let mut rest = s.as_bytes();
    let mut groups: Vec<&[u8]> = Vec::with_capacity(5);
    for (n, len) in [8, 4, 4, 4, 12].into_iter().enumerate() {
        if n > 0 {
            if let [b'-', tail @ ..] = rest {
                rest = tail;
            }
        }
        if rest.len() < len || !rest[..len].iter().all(u8::is_ascii_hexdigit) {
            return false;
        }
        groups.push(&rest[..len]);
        rest = &rest[len..];
    }
    if !rest.is_empty() {
        return false;
    }
    match version {
        None => true,
        Some(v) => {
            groups[2][0] == v
                && (v == b'3'
                    || matches!(groups[3][0].to_ascii_lowercase(), b'8' | b'9' | b'a' | b'b'))
        }
    }
}

// ---- govalidator's ISBN, credit card, SSN, colours and base64.

/// Spaces and dashes removed, as govalidator's `[\s-]+`.
fn isbn_digits(s: &str) -> Vec<u8> {
    s.chars()
        .filter(|c| !(is_go_space(*c) || *c == '-'))
        .collect::<String>()
        .into_bytes()
}

fn is_isbn10(s: &str) -> bool {
    let d = isbn_digits(s);
    if d.len() != 10 || !d[..9].iter().all(u8::is_ascii_digit) {
        return false;
    }
    let last = match d[9] {
        b'X' => 10,
        c if c.is_ascii_digit() => u32::from(c - b'0'),
        _ => return false,
    };
    let sum: u32 = d[..9]
        .iter()
        .zip(1..)
        .map(|(c, w)| w * u32::from(c - b'0'))
        .sum::<u32>()
        + 10 * last;
    sum % 11 == 0
}

fn is_isbn13(s: &str) -> bool {
    let d = isbn_digits(s);
    if d.len() != 13 || !d.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let sum: u32 = d[..12]
        .iter()
        .zip([1, 3].into_iter().cycle())
        .map(|(c, w)| w * u32::from(c - b'0'))
        .sum();
    u32::from(d[12] - b'0') == (10 - sum % 10) % 10
}

/// Every non-digit dropped, then one of the card patterns, then the Luhn checksum.
fn is_credit_card(s: &str) -> bool {
    let d: Vec<u8> = s.bytes().filter(u8::is_ascii_digit).collect();
    let starts = |prefix: &[u8]| d.starts_with(prefix);
    let pattern = match d.len() {
        13 => starts(b"4"),
        14 => starts(b"36") || starts(b"38") || (starts(b"30") && (b'0'..=b'5').contains(&d[2])),
        15 => starts(b"34") || starts(b"37") || starts(b"2131") || starts(b"1800"),
        16 => {
            starts(b"4")
                || (starts(b"5") && (b'1'..=b'5').contains(&d[1]))
                || starts(b"6011")
                || starts(b"65")
                || starts(b"35")
        }
        _ => false,
    };
    let luhn: u32 = d
        .iter()
        .rev()
        .enumerate()
        .map(|(i, c)| {
            let n = u32::from(c - b'0');
            match (i % 2 == 1, n * 2) {
                (true, doubled) if doubled >= 10 => doubled % 10 + 1,
                (true, doubled) => doubled,
                (false, _) => n,
            }
        })
        .sum();
    pattern && luhn % 10 == 0
}

/// 11 bytes: `ddd-dd-dddd`, each separator a dash or a space.
fn is_ssn(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 11
        && [b[3], b[6]].iter().all(|c| *c == b'-' || *c == b' ')
        && [&b[..3], &b[4..6], &b[7..]]
            .iter()
            .all(|part| part.iter().all(u8::is_ascii_digit))
}

fn is_hex_color(s: &str) -> bool {
    let hex = s.strip_prefix('#').unwrap_or(s);
    (hex.len() == 3 || hex.len() == 6) && hex.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `rgb(r,g,b)`, each 0 to 255 without leading zeros, spaces allowed around them.
fn is_rgb_color(s: &str) -> bool {
    let Some(inner) = s.strip_prefix("rgb(").and_then(|r| r.strip_suffix(')')) else {
        return false;
    };
    let parts: Vec<&str> = inner.split(',').collect();
    parts.len() == 3
        && parts.iter().all(|p| {
            let n = p.trim_matches(is_go_space);
            (1..=3).contains(&n.len())
                && all_digits(n)
                && (n == "0" || !n.starts_with('0'))
                && n.parse::<u32>().is_ok_and(|v| v <= 255)
        })
}

/// Standard base64 with padding, not empty.
fn is_base64(s: &str) -> bool {
    let b = s.as_bytes();
    let alphabet = |c: &u8| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/';
    if b.is_empty() || b.len() % 4 != 0 {
        return false;
    }
    let (body, last) = b.split_at(b.len() - 4);
    body.iter().all(alphabet)
        && match last {
            [a, b, b'=', b'='] => alphabet(a) && alphabet(b),
            [a, b, c, b'='] => alphabet(a) && alphabet(b) && alphabet(c),
            other => other.iter().all(alphabet),
        }
}

// ---- dates and times.

/// Go's `time.Parse("2006-01-02", s)`: four-digit year, two-digit month and day, a day that
/// exists in that month.
fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (year, month, day) = (&s[..4], &s[5..7], &s[8..]);
    if ![year, month, day].iter().all(|p| all_digits(p)) {
        return false;
    }
    let (Ok(year), Ok(month), Ok(day)) = (
        year.parse::<u32>(),
        month.parse::<u32>(),
        day.parse::<u32>(),
    ) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// kube-openapi's `IsDateTime`: lowercased and split at every `t`, the first part a date,
/// the second `hh:mm:ss`, an optional fraction (any one character, then digits), and `z` or
/// an offset; parts after a second `t` are not looked at, as in kube.
fn is_date_time(s: &str) -> bool {
    if s.len() < 4 {
        return false;
    }
    let lower = s.to_lowercase();
    let mut parts = lower.split('t');
    let (Some(date), Some(time)) = (parts.next(), parts.next()) else {
        return false;
    };
    if !is_date(date) {
        return false;
    }
    let b = time.as_bytes();
    let two = |i: usize| b.len() >= i + 2 && b[i].is_ascii_digit() && b[i + 1].is_ascii_digit();
    if !(two(0) && b.get(2) == Some(&b':') && two(3) && b.get(5) == Some(&b':') && two(6)) {
        return false;
    }
    let zone = |z: &str| {
        let z = z.as_bytes();
        z == b"z"
            || (z.len() == 6
                && (z[0] == b'+' || z[0] == b'-')
                && z[1..3].iter().all(u8::is_ascii_digit)
                && z[3] == b':'
                && z[4..].iter().all(u8::is_ascii_digit))
    };
    let tail = &time[8..];
    let fraction_then_zone = || {
        let mut chars = tail.chars();
        // RE2's `.` matches any character but a newline.
        if chars.next().is_none_or(|c| c == '\n') {
            return false;
        }
        let after = chars.as_str();
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0 && zone(&after[digits..])
    };
    let fits = zone(tail) || fraction_then_zone();
    fits && &time[..2] <= "23" && &time[3..5] <= "59" && &time[6..8] <= "59"
}

/// kube-openapi's `ParseDuration`: Go's `time.ParseDuration`, or else any `<digits>
/// <unit>` pair with a unit it knows (`5 days`, `1 week`), as Scala writes durations.
fn is_duration(s: &str) -> bool {
    is_go_duration(s) || is_scala_duration(s)
}

fn is_go_duration(s: &str) -> bool {
    const UNITS: [(&str, u64); 8] = [
        ("ns", 1),
        ("us", 1_000),
        ("\u{b5}s", 1_000),
        ("\u{3bc}s", 1_000),
        ("ms", 1_000_000),
        ("s", 1_000_000_000),
        ("m", 60_000_000_000),
        ("h", 3_600_000_000_000),
    ];
    const LIMIT: u64 = 1 << 63;
    let (negative, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return true;
    }
    if rest.is_empty() {
        return false;
    }
    let mut total: u64 = 0;
    while !rest.is_empty() {
        let int_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        let mut whole: u64 = 0;
        for b in rest[..int_len].bytes() {
            if whole > LIMIT / 10 {
                return false;
            }
            whole = whole * 10 + u64::from(b - b'0');
            if whole > LIMIT {
                return false;
            }
        }
        rest = &rest[int_len..];
        // The fraction keeps the digits that fit and ignores the rest, as Go does.
        let (mut fraction, mut scale, mut frac_len) = (0u64, 1f64, 0);
        if let Some(after_dot) = rest.strip_prefix('.') {
            frac_len = after_dot.bytes().take_while(u8::is_ascii_digit).count();
            let mut overflow = false;
            for b in after_dot[..frac_len].bytes() {
                if overflow || fraction > (LIMIT - 1) / 10 {
                    overflow = true;
                    continue;
                }
                let next = fraction * 10 + u64::from(b - b'0');
                if next > LIMIT {
                    overflow = true;
                    continue;
                }
                fraction = next;
                scale *= 10.0;
            }
            rest = &after_dot[frac_len..];
        } else if int_len == 0 {
            return false;
        }
        if int_len == 0 && frac_len == 0 {
            return false;
        }
        let unit_len = rest
            .bytes()
            .take_while(|b| *b != b'.' && !b.is_ascii_digit())
            .count();
        let Some((_, unit)) = UNITS.iter().find(|(name, _)| *name == &rest[..unit_len]) else {
            return false;
        };
        rest = &rest[unit_len..];
        if whole > LIMIT / unit {
            return false;
        }
        let mut v = whole * unit;
        if fraction > 0 {
            // Go truncates the float product to an integer; it is never negative.
            v += (fraction as f64 * (*unit as f64 / scale)) as u64;
            if v > LIMIT {
                return false;
            }
        }
        total = match total.checked_add(v) {
            Some(t) if t <= LIMIT => t,
            _ => return false,
        };
    }
    negative || total < LIMIT
}

fn is_scala_duration(s: &str) -> bool {
    const UNITS: [&[&str]; 8] = [
        &["ns", "nano"],
        &["us", "\u{b5}s", "micro"],
        &["ms", "milli"],
        &["s", "sec"],
        &["m", "min"],
        &["h", "hr", "hour"],
        &["d", "day"],
        &["w", "wk", "week"],
    ];
    let unit_char = |c: char| c.is_ascii_alphabetic() || c == '\u{b5}';
    let mut known = false;
    let mut rest = s;
    // Each match of `(\d+)\s*([A-Za-zµ]+)`, leftmost first, never overlapping.
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let from_digits = &rest[start..];
        let digits = from_digits.bytes().take_while(u8::is_ascii_digit).count();
        let after = from_digits[digits..].trim_start_matches(is_go_space);
        let unit_len: usize = after
            .chars()
            .take_while(|c| unit_char(*c))
            .map(char::len_utf8)
            .sum();
        if unit_len == 0 {
            // No unit after this run of digits: no match starts inside it.
            rest = &from_digits[digits..];
            continue;
        }
        // Go's `strconv.Atoi`: a count beyond int64 fails the whole duration.
        if from_digits[..digits].parse::<i64>().is_err() {
            return false;
        }
        let unit = after[..unit_len].to_lowercase();
        known |= UNITS.iter().any(|variants| {
            let last = variants.len() - 1;
            variants
                .iter()
                .enumerate()
                .any(|(i, v)| (i == last && unit.starts_with(v)) || unit == *v)
        });
        rest = &after[unit_len..];
    }
    known
}

// ---- uri: Go's `url.ParseRequestURI`.

fn is_request_uri(s: &str) -> bool {
    if s.bytes().any(|b| b < 0x20 || b == 0x7f) || s.is_empty() {
        return false;
    }
    if s == "*" {
        return true;
    }
    // A scheme is letters, then letters, digits, `+`, `-` or `.`, then `:`.
    let mut scheme = "";
    let mut rest = s;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return false,
            b':' => {
                scheme = &s[..i];
                rest = &s[i + 1..];
                break;
            }
            _ => break,
        }
    }
    // The query is not checked.
    let rest = rest.split_once('?').map_or(rest, |(before, _)| before);
    if !rest.starts_with('/') {
        // Opaque (`mailto:x`) with a scheme; without one, no request URI.
        return !scheme.is_empty();
    }
    let path = match (scheme.is_empty(), rest.strip_prefix("//")) {
        (false, Some(after)) => {
            let (authority, path) = after.find('/').map_or((after, ""), |i| after.split_at(i));
            if !is_authority(authority) {
                return false;
            }
            path
        }
        _ => rest,
    };
    unescapes(path, Escape::Other)
}

#[derive(PartialEq, Clone, Copy)]
enum Escape {
    Host,
    Zone,
    Other,
}

/// Go's `unescape`: every `%` starts two hex digits; in a host only non-ASCII bytes (and
/// `%25`) may be escaped and only host characters appear unescaped.
fn unescapes(s: &str, mode: Escape) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if i + 2 >= b.len() || !b[i + 1].is_ascii_hexdigit() || !b[i + 2].is_ascii_hexdigit() {
                return false;
            }
            let hex = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
            let escaped = &b[i..i + 3];
            let is_25 = escaped == b"%25";
            if mode == Escape::Host && hex(b[i + 1]) < 8 && !is_25 {
                return false;
            }
            if mode == Escape::Zone {
                let v = hex(b[i + 1]) << 4 | hex(b[i + 2]);
                if !is_25 && v != b' ' && !host_byte(v) {
                    return false;
                }
            }
            i += 3;
        } else {
            if mode != Escape::Other && b[i] < 0x80 && !host_byte(b[i]) {
                return false;
            }
            i += 1;
        }
    }
    true
}

/// The ASCII bytes Go's `shouldEscape` lets a host carry unescaped.
fn host_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!$&'()*+,;=:[]<>\"-_.~".contains(&c)
}

fn valid_optional_port(port: &str) -> bool {
    port.is_empty() || port.strip_prefix(':').is_some_and(all_digits)
}

fn is_authority(authority: &str) -> bool {
    let (userinfo, host) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let host_ok = if host.starts_with('[') {
        let Some(close) = host.rfind(']') else {
            return false;
        };
        valid_optional_port(&host[close + 1..])
            && match host[..close].find("%25") {
                Some(zone) => {
                    unescapes(&host[..zone], Escape::Host)
                        && unescapes(&host[zone..close], Escape::Zone)
                        && unescapes(&host[close..], Escape::Host)
                }
                None => unescapes(host, Escape::Host),
            }
    } else {
        host.rfind(':')
            .is_none_or(|i| valid_optional_port(&host[i..]))
            && unescapes(host, Escape::Host)
    };
    host_ok
        && userinfo.is_none_or(|u| {
            u.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-._:~!$&'()*+,;=%@".contains(c))
                && u.split(':').all(|part| unescapes(part, Escape::Other))
        })
}

/// Go's `net/mail.ParseAddress`, as far as it decides whether an address parses: an
/// addr-spec with an optional trailing comment, a display name and `<addr-spec>`, or a
/// group holding exactly one address. RFC 2047 words in a display name are taken as plain
/// words (Go also refuses one in a charset it cannot decode).
mod mail {
    pub(super) fn is_address(s: &str) -> bool {
        let mut p = Parser { s };
        let Some(count) = p.address(true) else {
            return false;
        };
        p.skip_cfws() && p.s.is_empty() && count == 1
    }

    struct Parser<'a> {
        s: &'a str,
    }

    fn is_vchar(c: char) -> bool {
        ('!'..='~').contains(&c) || !c.is_ascii()
    }

    fn is_atext(c: char, dot: bool) -> bool {
        match c {
            '.' => dot,
            '(' | ')' | '<' | '>' | '[' | ']' | ':' | ';' | '@' | '\\' | ',' | '"' => false,
            c => is_vchar(c),
        }
    }

    impl Parser<'_> {
        fn skip_space(&mut self) {
            self.s = self.s.trim_start_matches([' ', '\t']);
        }

        fn consume(&mut self, c: char) -> bool {
            match self.s.strip_prefix(c) {
                Some(rest) => {
                    self.s = rest;
                    true
                }
                None => false,
            }
        }

        /// How many addresses `address` (a mailbox, or a group when allowed) holds.
        fn address(&mut self, group: bool) -> Option<usize> {
            self.skip_space();
            if self.s.is_empty() {
                return None;
            }
            let before = self.s;
            if self.addr_spec() {
                self.skip_space();
                if self.s.starts_with('(') {
                    self.consume('(');
                    self.comment()?;
                }
                return Some(1);
            }
            self.s = before;
            if !self.s.starts_with('<') {
                self.phrase()?;
            }
            self.skip_space();
            if group && self.consume(':') {
                return self.group_list();
            }
            if !self.consume('<') || !self.addr_spec() || !self.consume('>') {
                return None;
            }
            Some(1)
        }

        fn group_list(&mut self) -> Option<usize> {
            self.skip_space();
            if self.consume(';') {
                return self.skip_cfws().then_some(0);
            }
            let mut count = 0;
            loop {
                self.skip_space();
                count += self.address(false)?;
                if !self.skip_cfws() {
                    return None;
                }
                if self.consume(';') {
                    return self.skip_cfws().then_some(count);
                }
                if !self.consume(',') {
                    return None;
                }
            }
        }

        /// local-part `@` domain; on failure the caller restores the input.
        fn addr_spec(&mut self) -> bool {
            self.skip_space();
            if self.s.is_empty() {
                return false;
            }
            let local_ok = if self.s.starts_with('"') {
                self.quoted_string().is_some_and(|q| !q.is_empty())
            } else {
                self.atom(true, false).is_some()
            };
            if !local_ok || !self.consume('@') {
                return false;
            }
            self.skip_space();
            if self.s.is_empty() {
                return false;
            }
            if self.s.starts_with('[') {
                self.domain_literal()
            } else {
                self.atom(true, false).is_some()
            }
        }

        fn phrase(&mut self) -> Option<String> {
            let mut words: Vec<String> = Vec::new();
            loop {
                if !words.is_empty() && !self.skip_cfws() {
                    return None;
                }
                self.skip_space();
                if self.s.is_empty() {
                    break;
                }
                let word = if self.s.starts_with('"') {
                    self.quoted_string()
                } else {
                    self.atom(true, true).map(str::to_string)
                };
                match word {
                    Some(w) => words.push(w),
                    None => break,
                }
            }
            (!words.is_empty()).then(|| words.join(" "))
        }

        fn quoted_string(&mut self) -> Option<String> {
            let mut out = String::new();
            let mut escaped = false;
            let mut chars = self.s.char_indices().skip(1);
            loop {
                let (i, c) = chars.next()?;
                if escaped {
                    if !is_vchar(c) && c != ' ' && c != '\t' {
                        return None;
                    }
                    out.push(c);
                    escaped = false;
                } else if c == '"' {
                    self.s = &self.s[i + 1..];
                    return Some(out);
                } else if c == '\\' {
                    escaped = true;
                } else if is_vchar(c) || c == ' ' || c == '\t' {
                    out.push(c);
                } else {
                    return None;
                }
            }
        }

        fn atom(&mut self, dot: bool, permissive: bool) -> Option<&str> {
            let len: usize = self
                .s
                .chars()
                .take_while(|c| is_atext(*c, dot))
                .map(char::len_utf8)
                .sum();
            if len == 0 {
                return None;
            }
            let atom = &self.s[..len];
            if !permissive && (atom.starts_with('.') || atom.contains("..") || atom.ends_with('.'))
            {
                return None;
            }
            self.s = &self.s[len..];
            Some(atom)
        }

        /// `[` dtext `]`, where the text must be an IP address.
        fn domain_literal(&mut self) -> bool {
            let Some(rest) = self.s.strip_prefix('[') else {
                return false;
            };
            let Some(close) = rest.find(']') else {
                return false;
            };
            let text = &rest[..close];
            if !text.chars().all(|c| c != '[' && c != '\\' && is_vchar(c)) {
                return false;
            }
            self.s = &rest[close + 1..];
            super::parse_ip(text, false)
        }

        /// After `(`: up to the matching `)`, backslash escaping the next byte.
        fn comment(&mut self) -> Option<()> {
            let mut depth = 1;
            let b = self.s.as_bytes();
            let mut i = 0;
            while i < b.len() && depth > 0 {
                match b[i] {
                    b'\\' if b.len() - i > 1 => i += 1,
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                i += 1;
            }
            // An escape may split a multi-byte character; only the depth matters here.
            self.s = self.s.get(i..).unwrap_or("");
            (depth == 0).then_some(())
        }

        fn skip_cfws(&mut self) -> bool {
            self.skip_space();
            while self.consume('(') {
                if self.comment().is_none() {
                    return false;
                }
                self.skip_space();
            }
            true
        }
    }
}
