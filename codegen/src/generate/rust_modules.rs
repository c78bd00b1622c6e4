//! The `mod.rs` that ties a module's generated Rust files together, and the check that the
//! crate includes it: one `#[rustfmt::skip] #[path = ".../generated/v1/mod.rs"] pub mod
//! generated;` declaration in
//! each module that has generated code (like Go's `zz_generated` files in a package).

use super::core::{string_literal, Context, GeneratedFile, RustFile, GENERATED_MODULE};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::span::Span;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How a generated module is declared when it is not always compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Declared<'s> {
    /// Inside `kapi::__private::if_fuzz!`: only tests use it.
    TestSupport,
    /// Behind `#[cfg(feature = "..")]`: the crate made it optional.
    Feature(&'s str),
}

/// A `mod.rs` for every directory of generated `.rs` files; a diagnostic for every module
/// that does not include its `mod.rs`. Files in `special` are declared as it says.
pub fn module_files(
    cx: &Context,
    files: &[GeneratedFile],
    special: &BTreeMap<PathBuf, Declared<'_>>,
    diags: &mut Diagnostics,
) -> Vec<GeneratedFile> {
    let mut dirs: BTreeMap<PathBuf, Vec<(String, Option<Declared>)>> = BTreeMap::new();
    for f in files {
        if f.path.extension().is_some_and(|e| e == "rs") {
            let (Some(dir), Some(stem)) = (f.path.parent(), f.path.file_stem()) else {
                continue;
            };
            dirs.entry(dir.to_path_buf()).or_default().push((
                stem.to_string_lossy().into_owned(),
                special.get(&f.path).copied(),
            ));
        }
    }
    let mut out = Vec::new();
    for (dir, mut stems) in dirs {
        stems.sort();
        let module: Vec<String> = dir
            .strip_prefix(&cx.settings.output)
            .unwrap_or(&dir)
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if cx.generated_include(&module).is_none() {
            diags.push(missing_include(cx, &module));
        }
        let mut file = RustFile::default();
        file.inner_doc(
            " Generated code of this module; declared once with `#[path]` in the module.",
        );
        for (stem, declared) in stems {
            match declared {
                Some(Declared::TestSupport) => file.line(format_args!(
                    "::kapi::__private::if_fuzz! {{ pub mod {stem}; }}"
                )),
                Some(Declared::Feature(feature)) => {
                    file.line(format_args!(
                        "#[cfg(feature = {})]",
                        string_literal(feature)
                    ));
                    file.line(format_args!("pub mod {stem};"));
                }
                None => file.line(format_args!("pub mod {stem};")),
            }
        }
        out.push(GeneratedFile::rust(dir.join("mod.rs"), file));
    }
    out
}

fn missing_include(cx: &Context, module: &[String]) -> Diagnostic {
    // Point at the module's `group_version!`, or at the top of lib.rs for the crate root.
    let (file, span) = match cx.model.versions.iter().find(|g| g.module == module) {
        Some(gv) => (gv.file.clone(), gv.span),
        None => (cx.model.crate_dir.join("src/lib.rs"), Span::call_site()),
    };
    let from_dir = file.parent().unwrap_or(Path::new(""));
    let target = cx.model.crate_dir.join(cx.rust_file(module, "mod.rs"));
    let relative = relative_path(from_dir, &target);
    let name = if module.is_empty() {
        "the crate root".to_string()
    } else {
        format!("module `{}`", module.join("::"))
    };
    let mut d = Diagnostic::new(span, format!("{name} does not include its generated code"))
        .with_help(format!(
            "add to {}: #[rustfmt::skip] #[path = \"{relative}\"] pub mod {GENERATED_MODULE};\n  \
         (`rustfmt::skip` keeps rustfmt from reformatting what verify-only compares)",
            file.strip_prefix(&cx.model.crate_dir)
                .unwrap_or(&file)
                .display()
        ));
    d.file = Some(file);
    d
}

/// `to` relative to directory `from`, with `/` separators (what `#[path]` wants).
fn relative_path(from: &Path, to: &Path) -> String {
    let from: Vec<_> = from.components().collect();
    let to_c: Vec<_> = to.components().collect();
    let common = from.iter().zip(&to_c).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); from.len() - common];
    parts.extend(
        to_c[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::relative_path;
    use std::path::Path;

    #[test]
    fn relative_paths() {
        assert_eq!(
            relative_path(Path::new("/c/src/v1"), Path::new("/c/generated/v1/mod.rs")),
            "../../generated/v1/mod.rs"
        );
        assert_eq!(
            relative_path(Path::new("/c/src"), Path::new("/c/generated/mod.rs")),
            "../generated/mod.rs"
        );
    }
}
