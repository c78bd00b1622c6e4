//! A Go package as the importer needs it, read with tree-sitter's Go grammar: type
//! declarations (with their doc comments and `+markers`), string constants, imports and the
//! package clause. Everything else in the files (functions, methods, vars) is not API and is
//! skipped; a declaration the importer cannot represent keeps its position so the translator
//! can warn at it.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};
use tree_sitter::{Node, Parser};

/// A place in a Go file, 1-based as compilers print it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pos {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.col)
    }
}

/// One `// +name=value` line of a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkerLine {
    /// Everything after the `+`, trimmed.
    pub text: String,
    pub pos: Pos,
}

/// The comments that document a declaration: its doc block (the text lines and the
/// markers), plus the markers of the block one blank line above it, where Kubernetes puts
/// `+genclient` and `+k8s:*` (gengo's "second closest" comment block).
#[derive(Debug, Clone, Default)]
pub struct Comments {
    pub docs: Vec<String>,
    pub markers: Vec<MarkerLine>,
}

#[derive(Debug, Clone)]
pub enum GoType {
    /// A name of this package or a predeclared one (`string`, `int32`).
    Ident(String),
    Qualified {
        package: String,
        name: String,
    },
    Pointer(Box<GoType>),
    Slice(Box<GoType>),
    Array(Box<GoType>),
    Map(Box<GoType>, Box<GoType>),
    Struct(Vec<GoField>),
    /// Something the importer has no translation for (channel, func, interface, generic);
    /// the text names it in the warning.
    Unsupported(String),
}

#[derive(Debug, Clone)]
pub struct GoField {
    /// Empty for an embedded field.
    pub names: Vec<String>,
    pub ty: GoType,
    /// The struct tag without its quotes.
    pub tag: String,
    pub comments: Comments,
    pub pos: Pos,
}

#[derive(Debug, Clone)]
pub struct TypeDecl {
    pub name: String,
    /// `type A = B`.
    pub alias: bool,
    /// Has type parameters.
    pub generic: bool,
    pub ty: GoType,
    pub comments: Comments,
    pub pos: Pos,
}

#[derive(Debug, Clone)]
pub struct ConstDecl {
    pub name: String,
    /// The declared type's name, when written (`Protocol` in `ProtocolTCP Protocol = "TCP"`).
    pub ty: Option<String>,
    /// The value when it is a string literal.
    pub value: Option<String>,
    /// The value expression as written (`ControllerRevisionHashLabelKey`, `30`).
    pub expr: Option<String>,
    pub comments: Comments,
    pub pos: Pos,
}

#[derive(Debug, Clone, Default)]
pub struct GoPackage {
    pub name: String,
    /// Markers above the package clauses (doc.go's `+groupName`, `+k8s:*=package`).
    pub markers: Vec<MarkerLine>,
    /// The package's doc comment.
    pub docs: Vec<String>,
    /// Per file: import name -> import path.
    pub imports: BTreeMap<PathBuf, BTreeMap<String, String>>,
    pub types: Vec<(PathBuf, TypeDecl)>,
    pub consts: Vec<ConstDecl>,
    /// Types with a hand-written JSON form: receiver type -> where its `MarshalJSON` or
    /// `UnmarshalJSON` is declared.
    pub json_methods: BTreeMap<String, Pos>,
    /// What kube-openapi reads from a type's `OpenAPISchemaType()` / `OpenAPISchemaFormat()`
    /// when they return one literal: receiver type -> (type, format).
    pub openapi_schemas: BTreeMap<String, (Option<String>, Option<String>)>,
}

/// The one string literal a method body returns (`return []string{"string"}`, `return
/// "byte"`); none for `return nil`, several types or anything computed.
fn single_returned_string(body: &str) -> Option<String> {
    let returned = body.split_once("return")?.1;
    let mut quoted = returned.split('"').skip(1).step_by(2);
    let first = quoted.next()?;
    let rest = returned.split('"').count();
    // One literal: `x "a" y` splits into three pieces.
    (rest == 3).then(|| first.to_string())
}

/// Whether `name` is one of the package's API files: `.go`, not a test, not generated code.
pub fn is_api_file(name: &str) -> bool {
    name.ends_with(".go")
        && !name.ends_with("_test.go")
        && !name.starts_with("zz_generated")
        && name != "generated.pb.go"
}

/// Reads every API file of `dir` (sorted by name, so the output never depends on the
/// directory's order). `display_root` is what positions are written relative to.
pub fn read_package(dir: &Path, display_root: &Path) -> Result<GoPackage, String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| is_api_file(n))
        .collect();
    names.sort();
    if names.is_empty() {
        return Err(format!("{}: no Go API files", dir.display()));
    }
    let mut parser = go_parser()?;
    let mut package = GoPackage::default();
    for name in names {
        let path = dir.join(&name);
        let source =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let shown = path
            .strip_prefix(display_root)
            .map_or_else(|_| path.clone(), Path::to_path_buf);
        read_file(&mut parser, &shown, &source, &mut package)?;
    }
    Ok(package)
}

/// One file's `source`, already read, as a package of its own; `shown` is its name in
/// positions.
pub fn read_source(shown: &Path, source: &str) -> Result<GoPackage, String> {
    let mut package = GoPackage::default();
    read_file(&mut go_parser()?, shown, source, &mut package)?;
    Ok(package)
}

fn go_parser() -> Result<Parser, String> {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_go::LANGUAGE.into())
        .map_err(|e| format!("tree-sitter Go grammar: {e}"))?;
    Ok(parser)
}

fn read_file(
    parser: &mut Parser,
    shown: &Path,
    source: &str,
    package: &mut GoPackage,
) -> Result<(), String> {
    let tree = parser
        .parse(source, None)
        .ok_or_else(|| format!("{}: the Go parser gave up", shown.display()))?;
    let root = tree.root_node();
    if root.has_error() {
        return Err(syntax_error(root, source.as_bytes(), shown));
    }
    let line_starts = std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    FileReader {
        src: source.as_bytes(),
        file: shown.to_path_buf(),
        comments: Vec::new(),
        by_end: HashMap::new(),
        line_starts,
    }
    .read(root, package)
}

/// How deep a type may nest (`[][]...`, `map[string]map[string]...`, anonymous structs,
/// parentheses): far past any API type, and bounded so every recursive walk of a type that
/// follows (translation, dropping it) stays within the stack.
pub const MAX_TYPE_DEPTH: usize = 128;

/// The first place tree-sitter could not parse (an `ERROR` node: unexpected text) or had
/// to invent a token (a `MISSING` node: what was expected there), as the Go compiler
/// reports a syntax error: the importer never reads a declaration it only half parsed.
fn syntax_error(root: Node, src: &[u8], file: &Path) -> String {
    // Iterative: a file of 100,000 parentheses nests that deep.
    let mut cursor = root.walk();
    let bad = loop {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            break node;
        }
        // Into the first child that holds an error, else on to the next sibling that does.
        let mut found = cursor.goto_first_child();
        while found && !cursor.node().has_error() {
            found = cursor.goto_next_sibling();
        }
        if !found {
            // `has_error` said an error is below: only a node tree-sitter marks as erroneous
            // with no such child, itself.
            break node;
        }
    };
    let p = bad.start_position();
    let at = format!("{}:{}:{}", file.display(), p.row + 1, p.column + 1);
    if bad.is_missing() {
        return format!("{at}: syntax error: missing `{}`", bad.kind());
    }
    let text = bad.utf8_text(src).unwrap_or("");
    if bad.end_byte() >= src.trim_ascii_end().len() {
        // tree-sitter gives up on an unclosed declaration at its first token.
        return format!("{at}: syntax error: unexpected end of file: this declaration is not closed (a missing `}}` or `)`)");
    }
    let first = text.split_whitespace().next().unwrap_or("");
    let shown: String = first.chars().take(40).collect();
    if shown.is_empty() {
        format!("{at}: syntax error")
    } else {
        format!("{at}: syntax error: unexpected `{shown}`")
    }
}

fn too_deep(pos: &Pos) -> String {
    format!("{pos}: type nests deeper than {MAX_TYPE_DEPTH} levels")
}

struct Comment {
    start: usize,
    end: usize,
    lines: Vec<(String, Pos)>,
}

struct FileReader<'a> {
    src: &'a [u8],
    file: PathBuf,
    comments: Vec<Comment>,
    /// The comment ending on each line (0-based).
    by_end: HashMap<usize, usize>,
    /// Byte offset of each line's start.
    line_starts: Vec<usize>,
}

impl FileReader<'_> {
    fn text(&self, node: Node) -> &str {
        node.utf8_text(self.src).unwrap_or("")
    }

    fn pos(&self, node: Node) -> Pos {
        let p = node.start_position();
        Pos {
            file: self.file.clone(),
            line: p.row + 1,
            col: p.column + 1,
        }
    }

    fn read(mut self, root: Node, package: &mut GoPackage) -> Result<(), String> {
        let mut cursor = root.walk();
        let children: Vec<Node> = root.children(&mut cursor).collect();
        self.collect_comments(root);
        let mut imports = BTreeMap::new();
        for node in children {
            match node.kind() {
                "package_clause" => {
                    let mut c = node.walk();
                    if let Some(id) = node.named_children(&mut c).next() {
                        package.name = self.text(id).to_string();
                    }
                    // Every comment above the clause: doc.go puts the group's markers there,
                    // sometimes in several blocks.
                    let line = node.start_position().row;
                    for comment in self.comments.iter().filter(|c| c.end < line) {
                        for (text, pos) in &comment.lines {
                            for m in marker_texts(text) {
                                package.markers.push(MarkerLine {
                                    text: m.to_string(),
                                    pos: pos.clone(),
                                });
                            }
                        }
                    }
                    let doc = self.comments_before(line);
                    if package.docs.is_empty() {
                        package.docs = doc.docs;
                    }
                }
                "import_declaration" => self.imports(node, &mut imports),
                "type_declaration" => {
                    let mut c = node.walk();
                    for spec in node.named_children(&mut c) {
                        if !matches!(spec.kind(), "type_spec" | "type_alias") {
                            continue;
                        }
                        let comments = self.comments_before(spec.start_position().row);
                        if let Some(decl) = self.type_spec(spec, comments)? {
                            package.types.push((self.file.clone(), decl));
                        }
                    }
                }
                "method_declaration" => self.method(node, package),
                "const_declaration" => {
                    let mut c = node.walk();
                    let mut last_type: Option<String> = None;
                    for spec in node.named_children(&mut c) {
                        if spec.kind() != "const_spec" {
                            continue;
                        }
                        let comments = self.comments_before(spec.start_position().row);
                        self.const_spec(spec, comments, &mut last_type, &mut package.consts);
                    }
                }
                _ => {}
            }
        }
        package.imports.insert(self.file.clone(), imports);
        Ok(())
    }

    /// The methods that say a type's JSON is its own: `func (s *T) MarshalJSON() ...`, and
    /// the schema kube-openapi publishes for it, `OpenAPISchemaType()` / `OpenAPISchemaFormat()`.
    fn method(&self, node: Node, package: &mut GoPackage) {
        let name = node.child_by_field_name("name").map(|n| self.text(n));
        let Some(receiver) = node.child_by_field_name("receiver") else {
            return;
        };
        let text = self.text(receiver);
        // `(s *JSONSchemaPropsOrArray)`: the last word, without `*` and type arguments.
        let ty = text
            .trim_matches(|c| c == '(' || c == ')')
            .split_whitespace()
            .last()
            .unwrap_or("")
            .trim_start_matches('*');
        let ty = ty.split('[').next().unwrap_or(ty);
        if ty.is_empty() {
            return;
        }
        let returned = || {
            let body = node.child_by_field_name("body").map(|b| self.text(b))?;
            single_returned_string(body)
        };
        match name {
            Some("MarshalJSON" | "UnmarshalJSON") => {
                package
                    .json_methods
                    .entry(ty.to_string())
                    .or_insert_with(|| self.pos(node));
            }
            Some("OpenAPISchemaType") => {
                let schema = package.openapi_schemas.entry(ty.to_string()).or_default();
                schema.0 = returned();
            }
            Some("OpenAPISchemaFormat") => {
                let schema = package.openapi_schemas.entry(ty.to_string()).or_default();
                schema.1 = returned().filter(|f| !f.is_empty());
            }
            _ => {}
        }
    }

    fn collect_comments(&mut self, root: Node) {
        // In source order, iteratively: the tree is as deep as the file nests.
        let mut nodes = Vec::new();
        let mut cursor = root.walk();
        'walk: loop {
            let node = cursor.node();
            if node.kind() == "comment" {
                nodes.push(node);
            } else if cursor.goto_first_child() {
                continue;
            }
            while !cursor.goto_next_sibling() {
                if !cursor.goto_parent() {
                    break 'walk;
                }
            }
        }
        for node in nodes {
            let text = self.text(node).to_string();
            let pos = self.pos(node);
            let lines = comment_lines(&text)
                .into_iter()
                .enumerate()
                .map(|(i, l)| {
                    let mut p = pos.clone();
                    p.line += i;
                    (l, p)
                })
                .collect();
            self.comments.push(Comment {
                start: node.start_position().row,
                end: node.end_position().row,
                lines,
            });
        }
        // A comment that shares its line with code before it (`Foo string // why`) documents
        // that code, not what follows.
        let comments = std::mem::take(&mut self.comments);
        self.comments = comments
            .into_iter()
            .filter(|c| {
                let start = self.line_starts.get(c.start).copied().unwrap_or(0);
                let col = c.lines.first().map_or(0, |(_, p)| p.col.saturating_sub(1));
                self.src
                    .get(start..start + col)
                    .is_some_and(|b| b.iter().all(u8::is_ascii_whitespace))
            })
            .collect();
        self.by_end = self
            .comments
            .iter()
            .enumerate()
            .map(|(i, c)| (c.end, i))
            .collect();
    }

    /// Whether line `row` (0-based) holds nothing but whitespace.
    fn blank(&self, row: usize) -> bool {
        let start = self.line_starts.get(row).copied().unwrap_or(self.src.len());
        let end = self
            .line_starts
            .get(row + 1)
            .copied()
            .unwrap_or(self.src.len());
        self.src[start..end].iter().all(u8::is_ascii_whitespace)
    }

    /// The comment block ending on the line above `line` (0-based), and the markers of the
    /// block ending one blank line above that.
    fn comments_before(&self, line: usize) -> Comments {
        let mut out = Comments::default();
        let second_above = |first: usize| {
            let gap = first.checked_sub(1).filter(|&g| self.blank(g))?;
            self.block_ending_at(gap).map(|start| (start, gap))
        };
        let Some(doc_start) = self.block_ending_at(line) else {
            // Markers only in a block one blank line above (no doc comment).
            if let Some((second, gap)) = second_above(line) {
                self.add_block(second, gap, &mut out, false);
            }
            return out;
        };
        if let Some((second, gap)) = second_above(doc_start) {
            self.add_block(second, gap, &mut out, false);
        }
        self.add_block(doc_start, line, &mut out, true);
        out
    }

    /// The first line of the run of comment lines that ends on `line - 1`.
    fn block_ending_at(&self, line: usize) -> Option<usize> {
        let mut start = None;
        let mut next = line;
        while let Some(c) = next
            .checked_sub(1)
            .and_then(|end| self.by_end.get(&end))
            .map(|&i| &self.comments[i])
        {
            start = Some(c.start);
            next = c.start;
        }
        start
    }

    fn add_block(&self, from: usize, to: usize, out: &mut Comments, docs: bool) {
        let first = self.comments.partition_point(|c| c.start < from);
        for c in self.comments[first..].iter().take_while(|c| c.end < to) {
            for (text, pos) in &c.lines {
                let markers = marker_texts(text);
                if !markers.is_empty() {
                    out.markers.extend(markers.into_iter().map(|m| MarkerLine {
                        text: m.to_string(),
                        pos: pos.clone(),
                    }));
                } else if docs {
                    out.docs.push(text.clone());
                }
            }
        }
        if docs {
            while out.docs.last().is_some_and(|l| l.is_empty()) {
                out.docs.pop();
            }
            while out.docs.first().is_some_and(|l| l.is_empty()) {
                out.docs.remove(0);
            }
        }
    }

    fn imports(&self, node: Node, imports: &mut BTreeMap<String, String>) {
        let mut c = node.walk();
        for child in node.named_children(&mut c) {
            match child.kind() {
                "import_spec" => {
                    let Some(path) = child.child_by_field_name("path") else {
                        continue;
                    };
                    let path = unquote(self.text(path));
                    let name = child.child_by_field_name("name").map_or_else(
                        || path.rsplit('/').next().unwrap_or(&path).to_string(),
                        |n| self.text(n).to_string(),
                    );
                    imports.insert(name, path);
                }
                "import_spec_list" => self.imports(child, imports),
                _ => {}
            }
        }
    }

    fn type_spec(&self, spec: Node, comments: Comments) -> Result<Option<TypeDecl>, String> {
        let (Some(name), Some(ty)) = (
            spec.child_by_field_name("name"),
            spec.child_by_field_name("type"),
        ) else {
            return Ok(None);
        };
        let name = self.text(name).to_string();
        let ty = self.go_type(ty, 0)?;
        Ok(Some(TypeDecl {
            name,
            alias: spec.kind() == "type_alias",
            generic: spec.child_by_field_name("type_parameters").is_some(),
            ty,
            comments,
            pos: self.pos(spec),
        }))
    }

    fn const_spec(
        &self,
        spec: Node,
        comments: Comments,
        last_type: &mut Option<String>,
        out: &mut Vec<ConstDecl>,
    ) {
        let mut c = spec.walk();
        let names: Vec<Node> = spec.children_by_field_name("name", &mut c).collect();
        let ty = spec
            .child_by_field_name("type")
            .map(|t| self.text(t).to_string());
        let exprs: Vec<String> = spec
            .child_by_field_name("value")
            .map(|list| {
                let mut c = list.walk();
                list.named_children(&mut c)
                    .map(|v| self.text(v).to_string())
                    .collect()
            })
            .unwrap_or_default();
        // `PathTypeExact = PathType("Exact")`: a conversion gives the constant its type.
        let conversions: Vec<Option<(&str, &str)>> = exprs.iter().map(|e| conversion(e)).collect();
        let exprs: Vec<String> = exprs
            .iter()
            .zip(&conversions)
            .map(|(e, c)| c.map_or_else(|| e.clone(), |(_, inner)| inner.to_string()))
            .collect();
        let values: Vec<Option<String>> = exprs.iter().map(|e| string_literal(e)).collect();
        let converted_to = conversions
            .iter()
            .flatten()
            .map(|(t, _)| t.to_string())
            .next();
        // `iota` blocks repeat the previous spec's type when a spec has neither type nor value.
        let ty = match (ty.or(converted_to), values.is_empty()) {
            (Some(t), _) => {
                *last_type = Some(t.clone());
                Some(t)
            }
            (None, true) => last_type.clone(),
            (None, false) => {
                *last_type = None;
                None
            }
        };
        for (i, name) in names.into_iter().enumerate() {
            out.push(ConstDecl {
                name: self.text(name).to_string(),
                ty: ty.clone(),
                value: values.get(i).cloned().flatten(),
                expr: exprs.get(i).cloned(),
                comments: comments.clone(),
                pos: self.pos(name),
            });
        }
    }

    fn go_type(&self, node: Node, depth: usize) -> Result<GoType, String> {
        if depth >= MAX_TYPE_DEPTH {
            return Err(too_deep(&self.pos(node)));
        }
        let inner = |n: Node| self.go_type(n, depth + 1).map(Box::new);
        Ok(match node.kind() {
            "type_identifier" => GoType::Ident(self.text(node).to_string()),
            "qualified_type" => GoType::Qualified {
                package: node
                    .child_by_field_name("package")
                    .map_or_else(String::new, |n| self.text(n).to_string()),
                name: node
                    .child_by_field_name("name")
                    .map_or_else(String::new, |n| self.text(n).to_string()),
            },
            "pointer_type" => match named_child(node) {
                Some(n) => GoType::Pointer(inner(n)?),
                None => GoType::Unsupported(self.text(node).to_string()),
            },
            "parenthesized_type" => match named_child(node) {
                Some(n) => self.go_type(n, depth + 1)?,
                None => GoType::Unsupported(self.text(node).to_string()),
            },
            "slice_type" => match node.child_by_field_name("element") {
                Some(e) => GoType::Slice(inner(e)?),
                None => GoType::Unsupported(self.text(node).to_string()),
            },
            "array_type" => match node.child_by_field_name("element") {
                Some(e) => GoType::Array(inner(e)?),
                None => GoType::Unsupported(self.text(node).to_string()),
            },
            "map_type" => match (
                node.child_by_field_name("key"),
                node.child_by_field_name("value"),
            ) {
                (Some(k), Some(v)) => GoType::Map(inner(k)?, inner(v)?),
                _ => GoType::Unsupported(self.text(node).to_string()),
            },
            "struct_type" => GoType::Struct(self.fields(node, depth + 1)?),
            "channel_type" => GoType::Unsupported("a channel".into()),
            "function_type" => GoType::Unsupported("a function type".into()),
            "interface_type" => GoType::Unsupported("an interface".into()),
            "generic_type" => {
                GoType::Unsupported(format!("the generic type `{}`", self.text(node)))
            }
            other => GoType::Unsupported(format!("`{}` ({other})", self.text(node))),
        })
    }

    fn fields(&self, struct_node: Node, depth: usize) -> Result<Vec<GoField>, String> {
        let mut out = Vec::new();
        let mut c = struct_node.walk();
        let Some(list) = struct_node
            .named_children(&mut c)
            .find(|n| n.kind() == "field_declaration_list")
        else {
            return Ok(out);
        };
        let mut c = list.walk();
        for field in list.named_children(&mut c) {
            if field.kind() != "field_declaration" {
                continue;
            }
            let mut nc = field.walk();
            let names: Vec<String> = field
                .children_by_field_name("name", &mut nc)
                .map(|n| self.text(n).to_string())
                .collect();
            let Some(ty_node) = field.child_by_field_name("type") else {
                continue;
            };
            let mut ty = self.go_type(ty_node, depth)?;
            // An embedded `*T` has the star as a token of the field itself.
            let mut tc = field.walk();
            if names.is_empty() && field.children(&mut tc).any(|n| n.kind() == "*") {
                ty = GoType::Pointer(Box::new(ty));
            }
            let tag = field
                .child_by_field_name("tag")
                .map(|t| unquote(self.text(t)))
                .unwrap_or_default();
            out.push(GoField {
                names,
                ty,
                tag,
                comments: self.comments_before(field.start_position().row),
                pos: self.pos(field),
            });
        }
        Ok(out)
    }
}

fn named_child(node: Node) -> Option<Node> {
    let mut c = node.walk();
    let child = node.named_children(&mut c).next();
    child
}

/// The text lines of a `//` or `/* */` comment, without the comment syntax and one leading
/// space.
fn comment_lines(text: &str) -> Vec<String> {
    if let Some(body) = text.strip_prefix("//") {
        return vec![body
            .strip_prefix(' ')
            .unwrap_or(body)
            .trim_end()
            .to_string()];
    }
    let body = text
        .strip_prefix("/*")
        .and_then(|t| t.strip_suffix("*/"))
        .unwrap_or(text);
    body.lines()
        .map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix('*').unwrap_or(l);
            l.strip_prefix(' ').unwrap_or(l).trim_end().to_string()
        })
        .collect()
}

/// The marker a comment line holds: `+name...` where the name starts with a letter (so
/// `+-----` rulers are text).
fn marker_text(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix('+')?;
    rest.starts_with(|c: char| c.is_ascii_alphabetic())
        .then(|| rest.trim())
}

/// The markers of one comment line: usually one, but Kubernetes writes a few lines with two
/// (`+featureGate=PodCertificateProjection +optional`). A ` +` followed by a letter outside
/// quotes starts the next marker; the `+` of a pattern such as `^[a-z]+$` is not preceded by
/// a space.
fn marker_texts(line: &str) -> Vec<&str> {
    let Some(first) = marker_text(line) else {
        return Vec::new();
    };
    let bytes = first.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut quote = None;
    for (i, &b) in bytes.iter().enumerate() {
        match (quote, b) {
            (Some(q), b) if b == q => quote = None,
            (None, b'"' | b'`') => quote = Some(b),
            (None, b'+')
                if i > start
                    && bytes[i - 1] == b' '
                    && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic) =>
            {
                out.push(first[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(first[start..].trim());
    out
}

/// A Go string literal's value (`"a\"b"` or `` `raw` ``), or `None` for any other expression.
/// `T(x)`, a conversion to a named type (or a call, which no string type is named after):
/// the type's name and the converted expression.
fn conversion(text: &str) -> Option<(&str, &str)> {
    let (name, rest) = text.trim().split_once('(')?;
    let inner = rest.strip_suffix(')')?;
    let is_ident = !name.is_empty()
        && name.chars().all(|c| c.is_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    is_ident.then_some((name, inner.trim()))
}

pub fn string_literal(text: &str) -> Option<String> {
    let text = text.trim();
    if let Some(raw) = text.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
        return Some(raw.to_string());
    }
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            '\'' => out.push('\''),
            _ => return None,
        }
    }
    Some(out)
}

fn unquote(text: &str) -> String {
    string_literal(text).unwrap_or_else(|| text.trim_matches(['"', '`']).to_string())
}

#[cfg(test)]
mod tests {
    use super::marker_texts;

    #[test]
    fn two_markers_on_one_line() {
        assert_eq!(
            marker_texts(" +featureGate=PodCertificateProjection +optional"),
            ["featureGate=PodCertificateProjection", "optional"]
        );
        assert_eq!(
            marker_texts("+kubebuilder:validation:Pattern=`^[a-z]+ +x$`"),
            ["kubebuilder:validation:Pattern=`^[a-z]+ +x$`"]
        );
        assert_eq!(
            marker_texts("+k8s:pattern=^[a-z]+$"),
            ["k8s:pattern=^[a-z]+$"]
        );
        assert!(marker_texts("just text + more").is_empty());
    }
}
