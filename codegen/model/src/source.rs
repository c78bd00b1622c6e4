//! A whole crate into a [`Model`]: follow `mod` declarations from `src/lib.rs`, find each
//! `group_version!` and every item that derives `ApiType`.

use super::*;
use crate::diagnostics::{Diagnostic, Diagnostics};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;

/// The crate's parsed source: the model, and the text of each file for rendering errors.
pub struct ParsedCrate {
    pub model: Model,
    pub diagnostics: Diagnostics,
    pub sources: BTreeMap<PathBuf, String>,
}

impl ParsedCrate {
    /// Every diagnostic rendered like rustc, paths relative to `root`.
    pub fn render_diagnostics(&self, root: &Path) -> String {
        render(self.diagnostics.iter(), &self.sources, root)
    }
}

/// `diagnostics` rendered like rustc, each with its line from `sources`, paths relative to
/// `root`.
pub fn render<'a>(
    diagnostics: impl Iterator<Item = &'a Diagnostic>,
    sources: &BTreeMap<PathBuf, String>,
    root: &Path,
) -> String {
    diagnostics
        .map(|d| {
            let src = d
                .file
                .as_ref()
                .and_then(|f| sources.get(f))
                .map(String::as_str)
                .unwrap_or("");
            d.render(src, Some(root))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[derive(Debug)]
pub struct SourceError(pub String);

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SourceError {}

/// Parses the crate whose `lib.rs` is `lib_rs`.
pub fn parse_crate(crate_name: &str, lib_rs: &Path) -> Result<ParsedCrate, SourceError> {
    parse_crate_except(crate_name, lib_rs, &[])
}

/// The API types of a crate that is read only for them (kapi's own, on every codegen run):
/// its functions are not recorded, and a file that names no API item (`ApiType`,
/// `group_version!`, `feature_gates!`) is only lexed for the modules it declares. kapi's
/// runtime is a megabyte of source with a tenth of it API types, and parsing all of it was
/// a fixed cost of every run.
pub fn parse_api_types(crate_name: &str, lib_rs: &Path) -> Result<ParsedCrate, SourceError> {
    walk(crate_name, lib_rs, &[], true)
}

/// Parses the crate, without reading modules that live under `generated_dirs`: those are
/// codegen's own output, recorded as [`PathMod`]s but never parsed as API source.
pub fn parse_crate_except(
    crate_name: &str,
    lib_rs: &Path,
    generated_dirs: &[PathBuf],
) -> Result<ParsedCrate, SourceError> {
    walk(crate_name, lib_rs, generated_dirs, false)
}

fn walk(
    crate_name: &str,
    lib_rs: &Path,
    generated_dirs: &[PathBuf],
    types_only: bool,
) -> Result<ParsedCrate, SourceError> {
    let mut walker = Walker {
        types_only,
        diags: Diagnostics::default(),
        sources: BTreeMap::new(),
        versions: Vec::new(),
        shared: Vec::new(),
        functions: Vec::new(),
        path_mods: Vec::new(),
        gates: Vec::new(),
        generated_dirs: generated_dirs.iter().map(|d| normalize(d)).collect(),
        parallel: crate::span::positions_kept(),
        unplaced: None,
    };
    walker.file(lib_rs, &[], true)?;
    for f in walker.functions {
        let owner = walker
            .versions
            .iter_mut()
            .filter(|g| f.module.starts_with(&g.module))
            .max_by_key(|g| g.module.len());
        if let Some(g) = owner {
            g.functions.push(f);
        }
    }
    let model = Model {
        crate_name: crate_name.to_string(),
        versions: walker.versions,
        shared_types: walker.shared,
        path_mods: walker.path_mods,
        feature_gates: walker.gates,
        crate_dir: lib_rs
            .parent()
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .unwrap_or_default(),
    };
    Ok(ParsedCrate {
        model,
        diagnostics: walker.diags,
        sources: walker.sources,
    })
}

struct Walker {
    /// See [`parse_api_types`].
    types_only: bool,
    diags: Diagnostics,
    sources: BTreeMap<PathBuf, String>,
    versions: Vec<GroupVersion>,
    shared: Vec<TypeDef>,
    functions: Vec<FnDecl>,
    path_mods: Vec<PathMod>,
    generated_dirs: Vec<PathBuf>,
    gates: Vec<GateDecl>,
    /// Whether child module files may still be read on other threads: until a module
    /// first declares two or more, and never inside a proc-macro (see [`Walker::children`]).
    parallel: bool,
    /// In a walk of a module on another thread, the types no group-version of that module
    /// owns, in order: the walk that started it places them (they may belong to a
    /// group-version declared above the module).
    unplaced: Option<Vec<TypeDef>>,
}

impl Walker {
    /// `owns_dir`: the file is `lib.rs` or `mod.rs`, so child modules live beside it.
    fn file(&mut self, path: &Path, module: &[String], owns_dir: bool) -> Result<(), SourceError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| SourceError(format!("cannot read {}: {e}", path.display())))?;
        let dir = if owns_dir {
            path.parent().map(Path::to_path_buf).unwrap_or_default()
        } else {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            path.parent().map(|p| p.join(stem)).unwrap_or_default()
        };
        if self.types_only && !names_api_items(&text) {
            let modules = match may_declare_module_files(&text) {
                true => text.parse().map(declared_modules),
                false => Ok(Vec::new()),
            };
            self.sources.insert(path.to_path_buf(), text);
            // A file that does not lex is not this walk's to report: it names no API item.
            for (name, attrs, span) in modules.unwrap_or_default() {
                if is_cfg_test(&attrs) {
                    continue;
                }
                let mut child = module.to_vec();
                child.push(name.clone());
                self.module_file(&name, path_attr(&attrs), span, path, &dir, &child)?;
            }
            return Ok(());
        }
        let parsed = syn::parse_file(&text);
        self.sources.insert(path.to_path_buf(), text);
        let file = match parsed {
            Ok(f) => f,
            Err(e) => {
                let mut diags = Diagnostics::default();
                diags.push(Diagnostic::new(
                    e.span(),
                    format!("cannot parse Rust source: {e}"),
                ));
                diags.set_file(path);
                self.diags.extend(diags.into_vec());
                return Ok(());
            }
        };
        self.items(&file.items, path, &dir, module)
    }

    fn items(
        &mut self,
        items: &[syn::Item],
        file: &Path,
        dir: &Path,
        module: &[String],
    ) -> Result<(), SourceError> {
        let mut diags = Diagnostics::default();
        let mut gv: Option<GroupVersion> = None;
        let mut types = Vec::new();
        let mut pub_uses = Vec::new();
        for item in items {
            match item {
                syn::Item::Macro(m) if is_group_version_macro(&m.mac.path) => {
                    if gv.is_some() {
                        diags.error(m.span(), "a module declares `group_version!` only once");
                        continue;
                    }
                    if let Some(mut g) = parse::parse_group_version(
                        m.mac.tokens.clone(),
                        m.span().into(),
                        &mut diags,
                    ) {
                        g.module = module.to_vec();
                        g.file = file.to_path_buf();
                        gv = Some(g);
                    }
                }
                syn::Item::Struct(syn::ItemStruct { attrs, .. })
                | syn::Item::Enum(syn::ItemEnum { attrs, .. })
                    if derives_api_type(attrs) =>
                {
                    if let Some(mut t) = parse::parse_item(item, &mut diags) {
                        t.module = module.to_vec();
                        t.file = file.to_path_buf();
                        types.push(t);
                    }
                }
                syn::Item::Macro(m) if is_macro(&m.mac.path, "feature_gates") => {
                    match parse_gates(m.mac.tokens.clone()) {
                        Ok(gates) => self.gates.extend(gates.into_iter().map(|(name, stage, default, span)| {
                            GateDecl {
                                name,
                                stage,
                                default,
                                module: module.to_vec(),
                                span,
                                file: file.to_path_buf(),
                            }
                        })),
                        Err(e) => diags.push(Diagnostic::new(
                            e.span(),
                            format!("malformed `feature_gates!`: {e}"),
                        ).with_help("write `Name: Alpha = false,` per gate (stages: Alpha, Beta, GA, Deprecated)")),
                    }
                }
                syn::Item::Use(u) if !matches!(u.vis, syn::Visibility::Inherited) => {
                    flatten_use(&u.tree, &mut Vec::new(), &mut pub_uses)
                }
                syn::Item::Fn(f) if !self.types_only => self.functions.push(FnDecl {
                    name: f.sig.ident.to_string(),
                    module: module.to_vec(),
                    visible: !matches!(f.vis, syn::Visibility::Inherited),
                    signature: FnSignature::from_syn(&f.sig),
                    body_idents: idents(quote::ToTokens::to_token_stream(&f.block)),
                    span: f.sig.ident.span().into(),
                    file: file.to_path_buf(),
                }),
                _ => {}
            }
        }
        diags.set_file(file);
        self.diags.extend(diags.into_vec());
        if let Some(mut g) = gv {
            g.types.append(&mut types);
            g.pub_uses = pub_uses;
            self.versions.push(g);
        }
        for t in types {
            self.place_type(t, module);
        }
        // Children after this module so their types find the enclosing group-version.
        let children: Vec<&syn::ItemMod> = items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Mod(m) if !is_cfg_test(&m.attrs) => Some(m),
                _ => None,
            })
            .collect();
        let mut walked = self.children(&children, file, dir, module);
        for (i, m) in children.into_iter().enumerate() {
            if let Some(done) = walked.get_mut(i).and_then(Option::take) {
                self.merge(done?);
                continue;
            }
            let mut child = module.to_vec();
            child.push(m.ident.to_string());
            match &m.content {
                Some((_, inner)) => {
                    self.items(inner, file, &dir.join(m.ident.to_string()), &child)?
                }
                None => {
                    let name = m.ident.to_string();
                    let path = path_attr(&m.attrs);
                    self.module_file(&name, path, m.ident.span().into(), file, dir, &child)?
                }
            }
        }
        Ok(())
    }

    /// The module files among `children`, each walked on a thread of its own, or nothing
    /// when they are walked here. A crate's versions are its large files (a thousand kinds
    /// are three 4 MB files), and syn reads one file on one core; so the first module that
    /// declares two or more module files hands them to other threads, and those walk their
    /// own children on their thread. Results come back in declaration
    /// order, so the model is the same as a walk on one thread.
    fn children(
        &self,
        children: &[&syn::ItemMod],
        file: &Path,
        dir: &Path,
        module: &[String],
    ) -> Vec<Option<Result<Walker, SourceError>>> {
        let files = children.iter().filter(|m| m.content.is_none()).count();
        if !self.parallel || files < 2 {
            return Vec::new();
        }
        let jobs: Vec<Option<ModuleFile>> = children
            .iter()
            .map(|m| {
                m.content.is_none().then(|| {
                    (
                        m.ident.to_string(),
                        path_attr(&m.attrs),
                        m.ident.span().into(),
                    )
                })
            })
            .collect();
        // More threads than cores: a crate has few large files, of unequal sizes, and the
        // kernel shares cores between their walks better than whole files can be dealt out.
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get() * 4)
            .min(files);
        let next = std::sync::atomic::AtomicUsize::new(0);
        let (types_only, generated_dirs) = (self.types_only, &self.generated_dirs);
        let walk_one = |job: &ModuleFile| {
            let (name, path, span) = job;
            let mut child = module.to_vec();
            child.push(name.clone());
            let mut walker = Walker {
                types_only,
                diags: Diagnostics::default(),
                sources: BTreeMap::new(),
                versions: Vec::new(),
                shared: Vec::new(),
                functions: Vec::new(),
                path_mods: Vec::new(),
                generated_dirs: generated_dirs.clone(),
                gates: Vec::new(),
                parallel: false,
                unplaced: Some(Vec::new()),
            };
            walker
                .module_file(name, path.clone(), *span, file, dir, &child)
                .map(|()| walker)
        };
        let worker = || {
            let mut done = Vec::new();
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                if let Some(job) = job {
                    done.push((i, walk_one(job)));
                }
            }
            done
        };
        let mut out: Vec<Option<Result<Walker, SourceError>>> =
            (0..children.len()).map(|_| None).collect();
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
            let mut all = worker();
            for helper in helpers {
                match helper.join() {
                    Ok(done) => all.extend(done),
                    // A walk that panicked: the same panic, on the caller's thread.
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            for (i, result) in all {
                out[i] = Some(result);
            }
        });
        out
    }

    /// A module walked on another thread, after what this walk found before it.
    fn merge(&mut self, child: Walker) {
        self.diags.extend(child.diags.into_vec());
        self.sources.extend(child.sources);
        self.versions.extend(child.versions);
        self.shared.extend(child.shared);
        self.functions.extend(child.functions);
        self.path_mods.extend(child.path_mods);
        self.gates.extend(child.gates);
        for t in child.unplaced.unwrap_or_default() {
            let module = t.module.clone();
            self.place_type(t, &module);
        }
    }

    /// The module `name` declared as `mod name;` in `file` (whose child modules live in
    /// `dir`): recorded if it has a `#[path]`, then walked unless it is generated output.
    fn module_file(
        &mut self,
        name: &str,
        path: Option<String>,
        span: crate::span::Span,
        file: &Path,
        dir: &Path,
        child: &[String],
    ) -> Result<(), SourceError> {
        let explicit = path.map(|p| {
            normalize(
                &file
                    .parent()
                    .map(|d| d.join(&p))
                    .unwrap_or_else(|| PathBuf::from(p)),
            )
        });
        if let Some(target) = &explicit {
            self.path_mods.push(PathMod {
                parent: child[..child.len().saturating_sub(1)].to_vec(),
                name: name.to_string(),
                target: target.clone(),
                declared_in: file.to_path_buf(),
                span,
            });
            if self.generated_dirs.iter().any(|d| target.starts_with(d)) {
                return Ok(());
            }
        }
        let candidates = match explicit {
            Some(p) => vec![(p, false)],
            None => vec![
                (dir.join(format!("{name}.rs")), false),
                (dir.join(name).join("mod.rs"), true),
            ],
        };
        match candidates.into_iter().find(|(p, _)| p.exists()) {
            Some((p, owns)) => {
                let owns = owns || p.file_name().is_some_and(|n| n == "mod.rs");
                self.file(&p, child, owns)
            }
            None => {
                let mut d = Diagnostics::default();
                d.push(Diagnostic::new(
                    span,
                    format!("cannot find the file of module `{name}`"),
                ));
                d.set_file(file);
                self.diags.extend(d.into_vec());
                Ok(())
            }
        }
    }

    /// A type belongs to the nearest enclosing module that declares a group-version.
    fn place_type(&mut self, t: TypeDef, module: &[String]) {
        let owner = self
            .versions
            .iter_mut()
            .filter(|g| module.starts_with(&g.module))
            .max_by_key(|g| g.module.len());
        match (owner, &mut self.unplaced) {
            (Some(g), _) => g.types.push(t),
            (None, Some(unplaced)) => unplaced.push(t),
            (None, None) => {
                if t.kind.is_some() {
                    let mut d = Diagnostics::default();
                    d.push(
                        Diagnostic::new(t.span, format!("kind `{}` is outside every group-version module", t.name))
                            .with_help("declare `kapi::group_version! { group_name = \"..\", version = \"..\" }` in its module or a parent"),
                    );
                    d.set_file(&t.file);
                    self.diags.extend(d.into_vec());
                }
                self.shared.push(t);
            }
        }
    }
}

/// A `mod name;` to walk: its name, its `#[path]` and where it is declared.
type ModuleFile = (String, Option<String>, crate::span::Span);

/// `use a::{b, c::*}` as the paths `a::b` and `a::c::*` (renames keep the original name).
fn flatten_use(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let mut path = prefix.clone();
            path.push(n.ident.to_string());
            out.push(path);
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            path.push(r.ident.to_string());
            out.push(path);
        }
        syn::UseTree::Glob(_) => {
            let mut path = prefix.clone();
            path.push("*".to_string());
            out.push(path);
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                flatten_use(t, prefix, out);
            }
        }
    }
}

/// Resolves `.` and `..` without touching the file system (the file may not exist yet).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Whether a file's text may hold an item [`Walker::items`] reads besides functions and
/// modules: an `ApiType` derive, a `group_version!` or a `feature_gates!`.
fn names_api_items(text: &str) -> bool {
    ["ApiType", "group_version", "feature_gates"]
        .iter()
        .any(|word| text.contains(word))
}

/// Whether a file's text may hold a `mod name;` declaration: most files declare no module
/// or only inline ones (`mod tests { .. }`), and need not be lexed to know it. `false` only
/// when every `mod` word is followed by a name and then something other than `;`.
fn may_declare_module_files(text: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices("mod").any(|(at, _)| {
        let rest = &text[at + 3..];
        // Part of a longer word (`module`, `xmod`): not the keyword.
        if text[..at].chars().next_back().is_some_and(is_ident)
            || rest.chars().next().is_some_and(is_ident)
        {
            return false;
        }
        let after = rest.trim_start();
        let name_end = after.find(|c: char| !is_ident(c)).unwrap_or(after.len());
        // No name next (a comment, say): lex to be sure.
        name_end == 0 || !after[name_end..].trim_start().starts_with('{')
    })
}

/// The `mod name;` declarations at the top level of a file's tokens, with their outer
/// attributes and the span of the name.
fn declared_modules(
    tokens: proc_macro2::TokenStream,
) -> Vec<(String, Vec<syn::Attribute>, crate::span::Span)> {
    use proc_macro2::{Delimiter, TokenTree};
    use syn::parse::Parser;
    let mut out = Vec::new();
    let mut attrs = proc_macro2::TokenStream::new();
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        match token {
            TokenTree::Punct(p) if p.as_char() == '#' => match tokens.next() {
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
                    attrs.extend([TokenTree::Punct(p), TokenTree::Group(g)]);
                }
                // `#![...]`: the file's own attribute.
                _ => {
                    tokens.next();
                }
            },
            TokenTree::Ident(i) if i == "mod" => {
                let Some(TokenTree::Ident(name)) = tokens.next() else {
                    continue;
                };
                if matches!(tokens.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ';') {
                    let parsed = syn::Attribute::parse_outer
                        .parse2(std::mem::take(&mut attrs))
                        .unwrap_or_default();
                    out.push((name.to_string(), parsed, name.span().into()));
                }
            }
            // Visibility stays with the attributes before it (`#[cfg(..)] pub(crate) mod x;`).
            TokenTree::Ident(i) if i == "pub" => {}
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => {}
            // Anything else ends an item, or is inside one: its attributes were not a mod's.
            _ => attrs = proc_macro2::TokenStream::new(),
        }
    }
    out
}

fn is_group_version_macro(path: &syn::Path) -> bool {
    is_macro(path, "group_version")
}

/// The identifiers of a token stream, at any depth (`r#type` as `type`).
fn idents(tokens: proc_macro2::TokenStream) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let mut stack = vec![tokens];
    while let Some(tokens) = stack.pop() {
        for tree in tokens {
            match tree {
                proc_macro2::TokenTree::Ident(i) => {
                    let name = i.to_string();
                    out.insert(name.strip_prefix("r#").map(str::to_string).unwrap_or(name));
                }
                proc_macro2::TokenTree::Group(g) => stack.push(g.stream()),
                _ => {}
            }
        }
    }
    out
}

fn is_macro(path: &syn::Path, name: &str) -> bool {
    path.segments.last().is_some_and(|s| s.ident == name)
}

type ParsedGate = (String, String, bool, crate::span::Span);

/// The body of `feature_gates!`: `#[doc..] Name: Stage = bool,` repeated.
fn parse_gates(tokens: proc_macro2::TokenStream) -> syn::Result<Vec<ParsedGate>> {
    use syn::parse::Parser;
    let parser = |input: syn::parse::ParseStream| -> syn::Result<Vec<ParsedGate>> {
        let mut gates = Vec::new();
        while !input.is_empty() {
            input.call(syn::Attribute::parse_outer)?;
            let name: syn::Ident = input.parse()?;
            input.parse::<syn::Token![:]>()?;
            let stage: syn::Ident = input.parse()?;
            if !["Alpha", "Beta", "GA", "Deprecated"].contains(&stage.to_string().as_str()) {
                return Err(syn::Error::new(
                    stage.span(),
                    format!("unknown stage `{stage}`; use Alpha, Beta, GA or Deprecated"),
                ));
            }
            input.parse::<syn::Token![=]>()?;
            let default: syn::LitBool = input.parse()?;
            gates.push((
                name.to_string(),
                stage.to_string(),
                default.value,
                name.span().into(),
            ));
            if input.is_empty() {
                break;
            }
            input.parse::<syn::Token![,]>()?;
        }
        Ok(gates)
    };
    parser.parse2(tokens)
}

/// `#[derive(..., ApiType, ...)]` with any path prefix (`kapi::ApiType`).
pub fn derives_api_type(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        if !a.path().is_ident("derive") {
            return false;
        }
        let mut found = false;
        let _ = a.parse_nested_meta(|m| {
            if m.path.segments.last().is_some_and(|s| s.ident == "ApiType") {
                found = true;
            }
            Ok(())
        });
        found
    })
}

fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && quote::ToTokens::to_token_stream(&a.meta)
                .to_string()
                .contains("test")
    })
}

fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| {
        if !a.path().is_ident("path") {
            return None;
        }
        match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::may_declare_module_files;

    #[test]
    fn only_files_whose_every_mod_is_inline_are_not_lexed() {
        for text in [
            "mod a;",
            "pub(crate) mod a ;",
            "#[cfg(test)]\nmod tests;",
            "mod/* c */a;",
            "mod tests { } mod b;",
        ] {
            assert!(may_declare_module_files(text), "{text}");
        }
        for text in [
            "",
            "fn f() {}",
            "mod tests {\n}",
            "// a module\nmod t\n{}",
            "xmod a;",
        ] {
            assert!(!may_declare_module_files(text), "{text}");
        }
    }
}
