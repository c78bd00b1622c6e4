//! CEL expressions (`validation_rule`'s `rule` and `message_expression`) parsed as the
//! runtime parses them when it evaluates them, so one that cannot run is refused where it
//! is written. Without the `cel` feature (the derive of a crate that does not evaluate CEL)
//! nothing is checked here; `cargo xtask codegen` always checks.

/// Why `expr` does not parse, in the parser's words with the place inside the expression
/// (`1:16: Syntax error: ...`); `None` when it parses, or when the check is not built in.
pub fn compile_error(expr: &str) -> Option<String> {
    #[cfg(feature = "cel")]
    {
        let errors = cel::Program::compile(expr).err()?;
        let first = errors.to_string();
        let line = first.lines().next().unwrap_or_default();
        Some(
            line.trim_start_matches("ERROR: <input>:")
                .trim()
                .to_string(),
        )
    }
    #[cfg(not(feature = "cel"))]
    {
        let _ = expr;
        None
    }
}
