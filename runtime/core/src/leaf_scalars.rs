//! The leaf scalars: field types with nothing inside that defaulting, validation,
//! gated-field dropping or a patch could reach. Their impls of those recursive traits do nothing, and
//! they are all written here from one list: a new scalar is one more line.

use crate::feature_gates::DropDisabledFields;
use crate::meta::{
    ByteString, Duration, FieldsV1, IntOrString, MicroTime, Quantity, RawExtension, Time, Verbs,
};
use crate::patch_shape::PatchShape;
use crate::validation::{ErrorList, Options, Path, Validate};
use crate::ApplyDefaults;

macro_rules! leaf_scalars {
    ($($t:ty),* $(,)?) => {
        $(
            impl ApplyDefaults for $t {}

            impl Validate for $t {
                #[inline]
                fn validate_at(&self, _: Option<&Self>, _: &Path<'_>, _: &Options<'_>, _: &mut ErrorList) {}
            }

            impl DropDisabledFields for $t {}

            impl PatchShape for $t {}
        )*
    };
}

leaf_scalars!(
    String,
    bool,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    f32,
    f64,
    serde_json::Value,
    Time,
    MicroTime,
    Duration,
    Quantity,
    IntOrString,
    ByteString,
    RawExtension,
    FieldsV1,
    Verbs,
);
