//! The README's "Your own API crate" walkthrough shows this crate's files; each block there
//! must be the file as it is, so the walkthrough is the code CI builds and tests.

use std::path::Path;

/// `(path, block)` for every fenced block that follows a line holding only `` `path`: ``.
fn walkthrough_blocks(readme: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        let Some(path) = line
            .strip_prefix("File `")
            .and_then(|rest| rest.strip_suffix("`:"))
        else {
            continue;
        };
        let fence = lines.by_ref().find(|l| !l.trim().is_empty());
        assert!(
            fence.is_some_and(|f| f.starts_with("```")),
            "README: `{path}`: must be followed by a fenced block"
        );
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        blocks.push((path.to_string(), body.join("\n") + "\n"));
    }
    blocks
}

#[test]
fn the_readme_walkthrough_is_this_crate() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(crate_dir.join("../../README.md")).expect("README");
    let blocks = walkthrough_blocks(&readme);
    let shown: Vec<&str> = blocks.iter().map(|(p, _)| p.as_str()).collect();
    for file in [
        "Cargo.toml",
        "src/lib.rs",
        "src/v1/mod.rs",
        "src/internal/mod.rs",
        "src/controller.rs",
        "tests/controller.rs",
    ] {
        assert!(shown.contains(&file), "README does not show {file}");
    }
    for (path, block) in &blocks {
        let file = std::fs::read_to_string(crate_dir.join(path))
            .unwrap_or_else(|e| panic!("README shows {path}, which cannot be read: {e}"));
        assert!(
            file == *block,
            "README's block for {path} differs from the file; copy the file into the README"
        );
    }
}
