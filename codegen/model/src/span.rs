//! Where a piece of API source was written.
//!
//! Inside the derive a span is the compiler's, and an error points at it. Codegen parses a
//! crate's files on several threads, and proc-macro2 places its own spans through a source
//! map each thread keeps for itself: a span read on another thread than the one that
//! parsed it has no line, or another file's. So outside a proc-macro a [`Span`] reads its
//! line and column when it is made, on the parsing thread, and keeps them.

// Only for `proc_macro::is_available`: whether this runs inside a proc-macro.
extern crate proc_macro;

pub use proc_macro2::LineColumn;

/// A place in the source: the compiler's span, and outside a proc-macro its start and end.
#[derive(Debug, Clone, Copy)]
pub struct Span {
    raw: proc_macro2::Span,
    /// Start line and column, end line and column; lines count from 1, so a line 0 says
    /// nothing was kept: inside a proc-macro, where nothing asks for positions and the
    /// compiler would be asked for each. A model holds millions of spans, hence `u32`s.
    at: [u32; 4],
}

impl Span {
    pub fn call_site() -> Span {
        proc_macro2::Span::call_site().into()
    }

    /// The span to give the compiler: errors and generated tokens point at it.
    pub fn raw(self) -> proc_macro2::Span {
        self.raw
    }

    /// Line (from 1) and column (from 0) of the first character.
    pub fn start(&self) -> LineColumn {
        match self.at {
            [0, ..] => self.raw.start(),
            [line, column, ..] => LineColumn {
                line: line as usize,
                column: column as usize,
            },
        }
    }

    /// Line and column just past the last character.
    pub fn end(&self) -> LineColumn {
        match self.at {
            [0, ..] => self.raw.end(),
            [_, _, line, column] => LineColumn {
                line: line as usize,
                column: column as usize,
            },
        }
    }
}

impl From<proc_macro2::Span> for Span {
    fn from(raw: proc_macro2::Span) -> Span {
        if !positions_kept() {
            return Span { raw, at: [0; 4] };
        }
        // proc-macro2's offsets are `u32`s, so lines and columns fit.
        let narrow = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let (start, end) = (raw.start(), raw.end());
        Span {
            raw,
            at: [
                narrow(start.line.max(1)),
                narrow(start.column),
                narrow(end.line),
                narrow(end.column),
            ],
        }
    }
}

/// Whether spans made on this thread keep their place: outside a proc-macro.
pub fn positions_kept() -> bool {
    !proc_macro::is_available()
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
        // The raw span would be looked up in the other thread's (empty) source map.
        let moved = SendSpan(span);
        let there = std::thread::spawn(move || {
            let span = moved.get();
            (span.start(), span.end())
        })
        .join()
        .expect("the thread reads the kept place");
        assert_eq!(here, there);
    }

    struct SendSpan(Span);

    impl SendSpan {
        fn get(self) -> Span {
            self.0
        }
    }
    // SAFETY: a fallback span is two offsets; the test reads only the kept place off-thread.
    unsafe impl Send for SendSpan {}
}
