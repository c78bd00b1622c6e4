//! Names as words: what the naming rules compare.

/// The words of a camelCase or CamelCase name: `podIPAddress` is `pod`, `IP`, `Address`.
pub(crate) fn words(name: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = name.char_indices().collect();
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, &(pos, c)) in chars.iter().enumerate() {
        if c == '_' || c == '-' {
            if let Some(s) = start.take() {
                out.push(&name[s..pos]);
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p].1);
        let next = chars.get(i + 1).map(|n| n.1);
        let boundary = c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_uppercase() && next.is_some_and(char::is_lowercase))
            });
        match start {
            Some(s) if boundary => {
                out.push(&name[s..pos]);
                start = Some(pos);
            }
            None => start = Some(pos),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(&name[s..]);
    }
    out
}

/// `camelCase`: a lowercase ASCII letter, then ASCII letters and digits.
pub(crate) fn is_lower_camel(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase()) && s.chars().all(|c| c.is_ascii_alphanumeric())
}

/// `CamelCase`: an uppercase ASCII letter, then ASCII letters and digits.
pub(crate) fn is_upper_camel(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_uppercase()) && s.chars().all(|c| c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_at_case_changes_and_acronyms() {
        assert_eq!(words("podIPAddress"), ["pod", "IP", "Address"]);
        assert_eq!(words("timeoutSeconds"), ["timeout", "Seconds"]);
        assert_eq!(words("ClusterDNS"), ["Cluster", "DNS"]);
        assert_eq!(words("max_size-limit"), ["max", "size", "limit"]);
        assert_eq!(words("ttl"), ["ttl"]);
        assert_eq!(words("v2Beta"), ["v2", "Beta"]);
    }
}
