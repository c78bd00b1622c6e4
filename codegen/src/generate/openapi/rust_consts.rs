//! `generated/openapi_documents.rs`: the documents as Rust constants (`include_str!` of the
//! files written next to it), so a server embeds exactly what codegen wrote and reads no
//! files at run time.

use super::{served_versions, v3_file_name};
use crate::generate::{Context, GeneratedFile};
use crate::model::Model;
use quote::quote;

pub fn file(model: &Model, cx: &Context) -> GeneratedFile {
    let v3 = served_versions(model).into_iter().map(|gv| {
        let path = if gv.group.is_empty() {
            format!("api/{}", gv.version)
        } else {
            format!("apis/{}/{}", gv.group, gv.version)
        };
        let file = format!("openapi/v3/{}", v3_file_name(gv).display());
        quote!((#path, include_str!(#file)))
    });
    let tokens = quote! {
        //! The OpenAPI documents of the API, as `/openapi/v2` and `/openapi/v3` serve them.

        /// The Swagger 2.0 document (`openapi/swagger.json`).
        pub const V2: &str = include_str!("openapi/swagger.json");

        /// The OpenAPI 3.0 documents by their path under `/openapi/v3/`.
        pub const V3: &[(&str, &str)] = &[#(#v3),*];
    };
    GeneratedFile {
        path: cx.rust_file(&[], "openapi_documents.rs"),
        contents: crate::generate::rust_source(tokens),
    }
}
