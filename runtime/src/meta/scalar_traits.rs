//! kapi's traits for the hand-written scalar meta types.

use super::{ByteString, Duration, IntOrString, MicroTime, Quantity, Time, Verbs};
use crate::ApplyDefaults;

macro_rules! no_defaults {
    ($($t:ty),*) => {
        $(impl ApplyDefaults for $t {
            #[inline]
            fn apply_defaults(&mut self) {}
        })*
    };
}

no_defaults!(
    ByteString,
    Duration,
    IntOrString,
    MicroTime,
    Quantity,
    Time,
    Verbs
);

/// The zero time is the Unix epoch: what a required time decodes to when the input omits it.
impl Default for Time {
    fn default() -> Self {
        Time::from(jiff::Timestamp::UNIX_EPOCH)
    }
}

impl Default for MicroTime {
    fn default() -> Self {
        MicroTime::from(jiff::Timestamp::UNIX_EPOCH)
    }
}
