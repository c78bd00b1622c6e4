//! Round-trip checks for tests (`generated/<version>/round_trip.rs`): a `round_trip`
//! function per group-version that runs `kapi::round_trip`'s checks on random objects of
//! every kind (JSON, protobuf for protobuf-enabled group-versions, version → internal → version, internal → version → JSON → internal),
//! and a crate-level `round_trip_all`. A new kind is covered the next time codegen runs.

use super::core::{feature_cfg, gated_allow, path_tokens, Context, GeneratedFile, Generator};
use crate::diagnostics::Diagnostics;
use crate::model::check::protobuf_enabled;
use crate::model::KindCategory;
use proc_macro2::TokenStream;
use quote::quote;

pub struct RoundTrip;

impl Generator for RoundTrip {
    fn name(&self) -> &'static str {
        "round-trip"
    }

    fn test_support(&self) -> bool {
        true
    }

    fn generate(&self, cx: &Context, _: &mut Diagnostics) -> Vec<GeneratedFile> {
        let per_version = cx.rust_file_per_version(cx.served(), "round_trip.rs", |gv| {
            let hub = cx.hub_of(gv);
            let checks: Vec<TokenStream> = gv
                .kinds()
                .filter(|t| {
                    t.kind
                        .as_ref()
                        .is_some_and(|k| k.category != KindCategory::Simple)
                })
                .flat_map(|t| {
                    let path = path_tokens(&gv.type_path(t));
                    let mut checks = vec![quote!(::kapi::round_trip::json::<#path>(seed)?;)];
                    if protobuf_enabled(gv) {
                        checks.push(quote!(::kapi::round_trip::protobuf::<#path>(seed)?;));
                    }
                    if hub.is_some_and(|h| h.find(&t.name).is_some()) {
                        checks.push(
                            quote!(::kapi::round_trip::versioned_through_hub::<#path>(seed)?;),
                        );
                        checks.push(
                            quote!(::kapi::round_trip::internal_through_version::<#path>(seed)?;),
                        );
                    }
                    checks
                })
                .collect();
            if checks.is_empty() {
                return None;
            }
            let count = checks.len() as u64;
            let doc = format!(
                " Round-trip checks of every kind of {} on the random objects of `seeds`; \
                 returns how many checks passed, or the first failure.",
                gv.api_version()
            );
            Some(quote! {
                //! Round-trip checks of this group-version's kinds, for tests.

                #[doc = #doc]
                pub fn round_trip(seeds: ::core::ops::Range<u64>) -> ::core::result::Result<u64, ::kapi::round_trip::RoundTripFailure> {
                    let mut passed = 0;
                    for seed in seeds {
                        #(#checks)*
                        passed += #count;
                    }
                    ::core::result::Result::Ok(passed)
                }
            })
        });
        let mut files = per_version.files;
        if !per_version.versions.is_empty() {
            let calls = per_version.versions.iter().map(|gv| {
                let module = path_tokens(&cx.generated_module(&gv.module));
                let add = quote!(passed += #module::round_trip::round_trip(seeds.clone())?;);
                match gv.cargo_feature {
                    // An attribute may not stand on an assignment; it may on a block.
                    Some(_) => {
                        let cfg = feature_cfg(gv);
                        quote!(#cfg { #add })
                    }
                    None => add,
                }
            });
            // With every cargo feature off there is nothing to check.
            let allow = gated_allow(&per_version.versions, quote!(unused_variables, unused_mut));
            files.push(cx.crate_rust_file("round_trip.rs", quote! {
                //! Round-trip checks of every group-version, for tests.

                /// Every group-version's `round_trip` on the same seeds.
                #allow
                pub fn round_trip_all(seeds: ::core::ops::Range<u64>) -> ::core::result::Result<u64, ::kapi::round_trip::RoundTripFailure> {
                    let mut passed = 0;
                    #(#calls)*
                    ::core::result::Result::Ok(passed)
                }
            }));
        }
        files
    }
}
