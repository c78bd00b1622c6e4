//! Where a piece of API source was written.
//!
//! A [`Span`] is plain data: the line and column where the text starts and ends, read when
//! the span is made, on the thread that parsed the text (proc-macro2 places its spans
//! through a source map each thread keeps for itself, and codegen parses a crate's files on
//! several threads). So the model is `Send + Sync` and crosses threads as any value does.
//!
//! Inside a proc-macro the compiler keeps the positions, and an error must point at the
//! compiler's span. The derive parses its item inside [`CompilerSpans::record`]: every span
//! made meanwhile keeps a number, and the compiler spans are kept beside the model in the
//! returned table, which gives each model span its compiler span back.

// Only for `proc_macro::is_available`: whether this runs inside a proc-macro.
extern crate proc_macro;

use std::cell::RefCell;

pub use proc_macro2::LineColumn;

/// A place in the source: its start and end line and column.
#[derive(Debug, Clone, Copy, Default)]
pub struct Span {
    /// Start line and column, end line and column; lines count from 1, so a line 0 says
    /// nothing was kept: inside a proc-macro, where nothing asks for positions and the
    /// compiler would be asked for each. A model holds millions of spans, hence `u32`s.
    at: [u32; 4],
    /// One past its index in the [`CompilerSpans`] of the recording it was made in; 0 when
    /// it was made outside one.
    compiler: u32,
}

impl Span {
    /// The span of the macro's call (in codegen: the start of the file).
    pub fn call_site() -> Span {
        proc_macro2::Span::call_site().into()
    }

    /// Line (from 1) and column (from 0) of the first character.
    pub fn start(&self) -> LineColumn {
        LineColumn {
            line: self.at[0] as usize,
            column: self.at[1] as usize,
        }
    }

    /// Line and column just past the last character.
    pub fn end(&self) -> LineColumn {
        LineColumn {
            line: self.at[2] as usize,
            column: self.at[3] as usize,
        }
    }
}

impl From<proc_macro2::Span> for Span {
    fn from(raw: proc_macro2::Span) -> Span {
        let compiler = RECORDING.with(|r| match &mut *r.borrow_mut() {
            Some(spans) => {
                spans.push(raw);
                u32::try_from(spans.len()).unwrap_or(0)
            }
            None => 0,
        });
        if !positions_kept() {
            return Span {
                at: [0; 4],
                compiler,
            };
        }
        // proc-macro2's offsets are `u32`s, so lines and columns fit.
        let narrow = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let (start, end) = (raw.start(), raw.end());
        Span {
            at: [
                narrow(start.line.max(1)),
                narrow(start.column),
                narrow(end.line),
                narrow(end.column),
            ],
            compiler,
        }
    }
}

/// Whether spans made on this thread keep their place: outside a proc-macro.
pub fn positions_kept() -> bool {
    !proc_macro::is_available()
}

thread_local! {
    /// The compiler spans of the running [`CompilerSpans::record`], if one runs.
    static RECORDING: RefCell<Option<Vec<proc_macro2::Span>>> = const { RefCell::new(None) };
}

/// The compiler's spans of the model spans made in one [`CompilerSpans::record`]: what the
/// derive keeps beside its model so its errors and generated tokens point at the markers.
#[derive(Debug, Default)]
pub struct CompilerSpans {
    spans: Vec<proc_macro2::Span>,
}

impl CompilerSpans {
    /// Runs `parse`, keeping the compiler span of every [`Span`] it makes.
    pub fn record<R>(parse: impl FnOnce() -> R) -> (R, CompilerSpans) {
        let outer = RECORDING.with(|r| r.borrow_mut().replace(Vec::new()));
        let out = parse();
        let spans = RECORDING.with(|r| std::mem::replace(&mut *r.borrow_mut(), outer));
        (
            out,
            CompilerSpans {
                spans: spans.unwrap_or_default(),
            },
        )
    }

    /// The compiler's span of `span`; the call site for a span made outside the recording.
    pub fn get(&self, span: Span) -> proc_macro2::Span {
        (span.compiler as usize)
            .checked_sub(1)
            .and_then(|i| self.spans.get(i))
            .copied()
            .unwrap_or_else(proc_macro2::Span::call_site)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_keeps_its_place_on_another_thread() {
        let file: syn::File =
            syn::parse_str("struct A;\n\nstruct Frobber {\n    x: i32,\n}\n").expect("parses");
        let syn::Item::Struct(s) = &file.items[1] else {
            panic!("a struct")
        };
        let span = Span::from(s.ident.span());
        let here = (span.start(), span.end());
        assert_eq!((here.0.line, here.0.column), (3, 7));
        assert_eq!((here.1.line, here.1.column), (3, 14));
        // proc-macro2 would look the place up in the other thread's (empty) source map.
        let there = std::thread::spawn(move || (span.start(), span.end()))
            .join()
            .expect("the thread reads the kept place");
        assert_eq!(here, there);
    }

    #[test]
    fn a_recording_gives_back_the_compiler_span() {
        let ident: syn::Ident = syn::parse_str("frobber").expect("parses");
        let (span, spans) = CompilerSpans::record(|| Span::from(ident.span()));
        let outside = Span::from(ident.span());
        assert_eq!(
            format!("{:?}", spans.get(span)),
            format!("{:?}", ident.span())
        );
        assert_eq!(
            format!("{:?}", spans.get(outside)),
            format!("{:?}", proc_macro2::Span::call_site())
        );
    }
}
