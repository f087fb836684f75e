//! `include_catalog!("path/error_code.json")`: read a catalog in the CANN
//! JSON format at compile time, report every defect it has, and expand each
//! entry as an `#[error_code]` struct would expand.

mod entry;
mod source;

use std::collections::HashSet;

use proc_macro2::TokenStream;
use quote::quote;
use syn::LitStr;

use crate::errors::Errors;

const USAGE: &str = "include_catalog! takes the path of a catalog as a string literal, after an optional visibility for its items, \
                     relative to the crate's directory: include_catalog!(\"errors/error_code.json\")";

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let parser = |input: syn::parse::ParseStream| {
        let vis: syn::Visibility = input.parse()?;
        let literal: LitStr = input.parse()?;
        Ok((vis, literal))
    };
    let (vis, literal) = match syn::parse::Parser::parse2(parser, input.clone()) {
        Ok(parsed) => parsed,
        Err(_) => return syn::Error::new_spanned(input, USAGE).to_compile_error(),
    };
    let file = literal.value();
    let source = match source::read(&file) {
        Ok(source) => source,
        Err(why) => return syn::Error::new(literal.span(), why).to_compile_error(),
    };
    let loaded = errcode_catalog::load_bytes(&source.bytes);
    let mut errors = Errors::default();
    for diagnostic in loaded.diagnostics.iter().filter(|d| d.is_error()) {
        errors.at(literal.span(), format_args!("{file}:{diagnostic}"));
    }
    // A code defined twice is an error above; its first entry still expands,
    // so that report sites of the code raise nothing more.
    let krate = crate::krate::path();
    let mut seen = HashSet::new();
    let definitions = loaded
        .catalog
        .entries
        .iter()
        .filter(|entry| seen.insert(entry.code.as_str()))
        .map(|entry| entry::expand(&krate, &vis, entry, &file, literal.span()));
    let tracked = &source.tracked_path;
    let errors = errors.to_compile_errors();
    quote! {
        // Makes the compiler rebuild this crate when the catalog changes.
        const _: &[u8] = ::core::include_bytes!(#tracked);
        #(#definitions)*
        #errors
    }
}
