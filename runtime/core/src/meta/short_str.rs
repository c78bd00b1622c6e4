//! `ShortStr`: an immutable string kept inside its owner when it is short, as a quantity's
//! text ("500m", "256Mi") always is in practice. A Pod's requests and limits hold several
//! quantities; kept inline they cost no allocation to decode and no free to drop, and the
//! owner is no larger than with a `String`.

use std::fmt;

/// The longest text kept inline: what fits beside a length and the enum's tag in the 24
/// bytes a `String` takes.
const INLINE: usize = 22;

#[derive(Clone)]
pub(crate) enum ShortStr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Boxed(Box<str>),
}

impl ShortStr {
    pub(crate) fn new(s: &str) -> Self {
        match Self::inline(s) {
            Some(short) => short,
            None => ShortStr::Boxed(s.into()),
        }
    }

    /// Takes `s` without copying it when it is too long to keep inline.
    pub(crate) fn from_string(s: String) -> Self {
        match Self::inline(&s) {
            Some(short) => short,
            None => ShortStr::Boxed(s.into_boxed_str()),
        }
    }

    fn inline(s: &str) -> Option<Self> {
        let len = u8::try_from(s.len())
            .ok()
            .filter(|&n| usize::from(n) <= INLINE)?;
        let mut bytes = [0; INLINE];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Some(ShortStr::Inline { len, bytes })
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        match self {
            ShortStr::Inline { len, bytes } => &bytes[..usize::from(*len)],
            ShortStr::Boxed(s) => s.as_bytes(),
        }
    }

    pub(crate) fn as_str(&self) -> &str {
        match self {
            // The bytes are a whole `&str` copied in, so they are UTF-8; the check is a few
            // instructions on 22 bytes and keeps the crate free of `unsafe`.
            ShortStr::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            ShortStr::Boxed(s) => s,
        }
    }
}

impl fmt::Debug for ShortStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_inline_long_text_boxed_and_both_read_back() {
        assert_eq!(
            std::mem::size_of::<ShortStr>(),
            std::mem::size_of::<String>()
        );
        for s in ["", "0", "256Mi", "é500m", &"9".repeat(INLINE)] {
            let short = ShortStr::new(s);
            assert!(matches!(short, ShortStr::Inline { .. }), "{s:?}");
            assert_eq!(short.as_str(), s);
            assert_eq!(short.as_bytes(), s.as_bytes());
            assert_eq!(ShortStr::from_string(s.to_owned()).as_str(), s);
        }
        let long = "1".repeat(INLINE + 1);
        let boxed = ShortStr::from_string(long.clone());
        assert!(matches!(boxed, ShortStr::Boxed(_)));
        assert_eq!(boxed.as_str(), long);
        assert_eq!(ShortStr::new(&long).as_str(), long);
        assert_eq!(format!("{:?}", ShortStr::new("1Gi")), r#""1Gi""#);
    }
}
