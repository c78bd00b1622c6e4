//! Hand-written conversions of v2beta1: `param` is read from and written to `params[0]`.

use super::generated::conversion::{
    auto_frobber_spec_from_internal, auto_frobber_spec_to_internal,
};
use super::{Frobber, FrobberSpec};
use crate::internal;
use crate::params::{self, Linked};
use kapi::conversion::ConversionError;
use kapi::validation::ErrorList;

/// The plural is authoritative; a singular alone stands for a one-item plural (the guide's
/// read rule). Writes have been normalized, so the two agree when both are set.
#[inline]
pub fn frobber_spec_to_internal(
    mut in_: FrobberSpec,
) -> Result<internal::FrobberSpec, ConversionError> {
    let param = in_.param.take();
    let mut out = auto_frobber_spec_to_internal(in_)?;
    if out.params.is_empty() {
        out.params = param.into_iter().collect();
    }
    Ok(out)
}

#[inline]
pub fn frobber_spec_from_internal(
    in_: internal::FrobberSpec,
) -> Result<FrobberSpec, ConversionError> {
    let param = in_.params.first().cloned();
    let mut out = auto_frobber_spec_from_internal(in_)?;
    out.param = param;
    Ok(out)
}

impl kapi::Normalize for Frobber {
    fn normalize(&mut self, old: Option<&Self>) -> Result<(), ErrorList> {
        let mut linked = Linked {
            param: self.spec.param.take(),
            params: std::mem::take(&mut self.spec.params),
        };
        let before = old.map(|o| Linked {
            param: o.spec.param.clone(),
            params: o.spec.params.clone(),
        });
        let result = params::normalize(&mut linked, before.as_ref(), ("spec.param", "spec.params"));
        self.spec.param = linked.param;
        self.spec.params = linked.params;
        result
    }
}

kapi::if_fuzz! {
    /// Random specs keep `param` equal to `params[0]`, as every write leaves them (Go's fuzzer
    /// funcs do the same for linked fields), so round-trip checks see only stored shapes.
    impl kapi::fuzz::FuzzHook for FrobberSpec {
        fn fuzz_hook(&mut self, _: &mut kapi::fuzz::Fuzzer) {
            match (self.params.first(), &self.param) {
                (Some(first), _) => self.param = Some(first.clone()),
                (None, Some(p)) => self.params = vec![p.clone()],
                (None, None) => {}
            }
        }
    }
}
