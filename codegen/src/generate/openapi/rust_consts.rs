//! `generated/openapi_documents.rs`: the documents as Rust statics (`include_str!` of the
//! files written next to it), so a server embeds exactly what codegen wrote and reads no
//! files at run time. Statics, not consts: a const's value goes into the crate's metadata,
//! which every dependent crate loads (175 MB for a 1,000-kind API); a static's bytes stay in
//! the defining crate's object code, and the linker drops them from binaries that never
//! serve them. A v3 document of a group-version behind a cargo feature is behind it too; the
//! v2 document is one for the whole crate, every group-version in it.

use crate::generate::core::{feature_cfg, Context, GeneratedFile, RustFile};
use crate::model::GroupVersion;
use quote::quote;
use std::path::Path;

/// `v3`: each v3 document's path under `/openapi/v3/` (`apis/frob.example.com/v1`) and its
/// file under `openapi/v3/`, with its group-version.
pub fn file(cx: &Context, v3: &[(String, &Path, &GroupVersion)]) -> GeneratedFile {
    let v3 = v3.iter().map(|(path, file, gv)| {
        let file = format!("openapi/v3/{}", file.display());
        let cfg = feature_cfg(gv);
        quote!(#cfg (#path, include_str!(#file)))
    });
    let tokens = quote! {
        //! The OpenAPI documents of the API, as `/openapi/v2` and `/openapi/v3` serve them.

        /// The Swagger 2.0 document (`openapi/swagger.json`).
        pub static V2: &str = include_str!("openapi/swagger.json");

        /// The OpenAPI 3.0 documents by their path under `/openapi/v3/`.
        pub static V3: &[(&str, &str)] = &[#(#v3),*];
    };
    cx.crate_rust_file("openapi_documents.rs", RustFile::from_tokens(tokens))
}
