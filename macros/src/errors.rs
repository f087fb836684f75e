use proc_macro2::{Span, TokenStream};

/// Every problem found in one macro input, so that one compile reports them all.
#[derive(Default)]
pub(crate) struct Errors {
    list: Vec<syn::Error>,
}

impl Errors {
    pub(crate) fn at(&mut self, span: Span, message: impl std::fmt::Display) {
        self.list.push(syn::Error::new(span, message));
    }

    pub(crate) fn push(&mut self, error: syn::Error) {
        self.list.push(error);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub(crate) fn to_compile_errors(&self) -> TokenStream {
        self.list.iter().map(syn::Error::to_compile_error).collect()
    }
}

/// The candidate within two edits of `name`, the nearest one, for a "did you
/// mean" hint on a misspelled key or argument name.
pub(crate) fn closest<'a>(name: &str, candidates: &[&'a str]) -> Option<&'a str> {
    errcat_syntax::closest(name, candidates.iter().copied())
}
