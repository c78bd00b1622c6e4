//! Round-trip checks for tests (`generated/<version>/round_trip.rs`): a `round_trip`
//! function per group-version that runs `kapi::round_trip`'s checks on random objects of
//! every kind (JSON, protobuf for protobuf-enabled group-versions, version → internal → version, internal → version → JSON → internal),
//! and a crate-level `round_trip_all`; and the crate's per-release fixtures
//! (`kapi::fixtures`): `fixtures()`, the fixture root and every kind's codecs, which the
//! crate's fixture test checks every fixture of every release with. A new kind is covered the
//! next time codegen runs.

use super::core::{
    feature_cfg, gated_allow, path_tokens, Context, GeneratedFile, Generator, RustFile,
};
use super::settings::{FixtureCompare, FixtureRoot, FixtureRules};
use crate::diagnostics::Diagnostics;
use crate::fixtures;
use crate::model::check::protobuf_enabled;
use crate::model::KindCategory;
use std::collections::HashMap;
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
            Some(RustFile::from_tokens(quote! {
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
            }))
        });
        let mut files = per_version.files;
        let fixtures = fixture_table(cx);
        if per_version.versions.is_empty() && fixtures.is_none() {
            return files;
        }
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
        let round_trip_all = (!per_version.versions.is_empty()).then(|| quote! {
            /// Every group-version's `round_trip` on the same seeds.
            #allow
            pub fn round_trip_all(seeds: ::core::ops::Range<u64>) -> ::core::result::Result<u64, ::kapi::round_trip::RoundTripFailure> {
                let mut passed = 0;
                #(#calls)*
                ::core::result::Result::Ok(passed)
            }
        });
        let file = quote! {
            //! Round-trip checks of every group-version, and the per-release fixtures, for tests.

            #round_trip_all

            #fixtures
        };
        files.push(cx.crate_rust_file("round_trip.rs", RustFile::from_tokens(file)));
        files
    }
}

/// `fixtures()`: the fixture root (`fixture-root`, relative to the crate), how re-encoded
/// fixtures compare, and one `kapi::fixtures::Kind` per kind that has fixtures.
fn fixture_table(cx: &Context) -> Option<TokenStream> {
    let fingerprints: HashMap<String, fixtures::FixtureKind> = fixtures::kinds(cx.model)
        .into_iter()
        .map(|k| (k.name.clone(), k))
        .collect();
    let mut kinds = Vec::new();
    for gv in cx.served() {
        let hub = cx.hub_of(gv);
        for t in gv.kinds().filter(|t| fixtures::has_fixtures(t)) {
            let name = fixtures::fixture_name(gv, t);
            let fingerprint = fingerprints
                .get(&name)
                .map(|k| k.fingerprint.clone())
                .unwrap_or_default();
            let path = path_tokens(&gv.type_path(t));
            let protobuf = if protobuf_enabled(gv) {
                quote!(::core::option::Option::Some(::kapi::fixtures::protobuf_codec::<#path>()))
            } else {
                quote!(::core::option::Option::None)
            };
            let object = t
                .kind
                .as_ref()
                .is_some_and(|k| k.category == KindCategory::Object);
            let hub = if object && hub.is_some_and(|h| h.find(&t.name).is_some()) {
                quote!(::core::option::Option::Some(::kapi::fixtures::hub::<#path>()))
            } else {
                quote!(::core::option::Option::None)
            };
            let cfg = feature_cfg(gv);
            kinds.push((name.clone(), quote! {
                #cfg
                kinds.push(::kapi::fixtures::Kind {
                    name: #name,
                    fingerprint: #fingerprint,
                    json: ::kapi::fixtures::json_codec::<#path>(),
                    yaml: ::kapi::fixtures::yaml_codec::<#path>(),
                    protobuf: #protobuf,
                    hub: #hub,
                });
            }));
        }
    }
    if kinds.is_empty() {
        return None;
    }
    kinds.sort_by(|a, b| a.0.cmp(&b.0));
    let kinds = kinds.into_iter().map(|(_, k)| k);
    let manifest = quote!(::std::path::Path::new(::core::env!("CARGO_MANIFEST_DIR")));
    // An external root is looked for at test time (`kapi::fixtures::External::root`).
    let (setup, root, external) = match &cx.settings.fixtures.root {
        FixtureRoot::Own(root) => {
            let root = root.to_string_lossy().into_owned();
            (
                quote!(),
                quote!(#manifest.join(#root)),
                quote!(::core::option::Option::None),
            )
        }
        FixtureRoot::External { env, paths, fetch } => {
            let paths = paths.iter().map(|p| p.to_string_lossy().into_owned());
            let fetch = match fetch {
                Some(fetch) => quote!(::core::option::Option::Some(#fetch)),
                None => quote!(::core::option::Option::None),
            };
            (
                quote! {
                    let external = ::kapi::fixtures::External {
                        env: #env,
                        paths: ::std::vec![#(#manifest.join(#paths)),*],
                        fetch: #fetch,
                    };
                },
                quote!(external.root()),
                quote!(::core::option::Option::Some(external)),
            )
        }
    };
    let compare = match cx.settings.fixtures.compare {
        FixtureCompare::Bytes => quote!(Bytes),
        FixtureCompare::Values => quote!(Values),
    };
    let rules = match cx.settings.fixtures.rules {
        FixtureRules::Kapi => quote!(Kapi),
        FixtureRules::Kubernetes => quote!(Kubernetes),
    };
    Some(quote! {
        /// The crate's per-release fixtures: the root (`fixture-root`), the rules they are
        /// checked by (`fixture-rules`), how re-encoded fixtures must match
        /// (`fixture-compare`), and every kind's codecs. A fixture test
        /// runs `kapi::fixtures::run(&fixtures())`.
        // One push per kind, so that a kind behind a cargo feature can be compiled out.
        #[allow(unused_mut, clippy::vec_init_then_push)]
        pub fn fixtures() -> ::kapi::fixtures::Fixtures {
            let mut kinds = ::std::vec::Vec::new();
            #(#kinds)*
            #setup
            ::kapi::fixtures::Fixtures {
                root: #root,
                external: #external,
                rules: ::kapi::fixtures::Rules::#rules,
                compare: ::kapi::fixtures::Compare::#compare,
                kinds,
            }
        }
    })
}
