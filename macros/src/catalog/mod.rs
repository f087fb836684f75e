//! `include_catalog!("error_code.json")`: read a catalog in the CANN JSON
//! format at compile time, report every defect it has, and expand each
//! entry as an `#[error_code]` struct would expand.

mod entry;
mod source;

use std::collections::HashSet;

use errcat_catalog::{Diagnostic, Loaded};
use proc_macro2::TokenStream;
use quote::quote;
use syn::LitStr;

use crate::definition::expand::Parts;

const USAGE: &str = "include_catalog! takes the path of a catalog as a string literal, after an \
                     optional visibility for its items (`pub(crate) \"...\"`), relative to the \
                     crate's directory: include_catalog!(\"errors/error_code.json\")";

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
    let source = match source::read(&file, literal.span()) {
        Ok(source) => source,
        Err(why) => return syn::Error::new(literal.span(), why).to_compile_error(),
    };
    let loaded = errcat_catalog::load_bytes(&source.bytes);
    let errors = report(&file, &loaded)
        .map(|report| syn::Error::new(literal.span(), report).to_compile_error());
    // A code defined twice is an error above; its first entry still expands,
    // so that report sites of the code raise nothing more.
    let krate = crate::krate::path();
    let mut seen = HashSet::new();
    let expanded: Vec<(TokenStream, Parts)> = loaded
        .catalog
        .entries
        .iter()
        .filter(|entry| seen.insert(entry.code.as_str()))
        .enumerate()
        .filter_map(|(index, entry)| {
            entry::expand(
                &krate,
                &vis,
                entry,
                index,
                &source.located_path,
                literal.span(),
            )
        })
        .collect();
    let declarations = expanded.iter().map(|(declaration, _)| declaration);
    let finders = expanded.iter().map(|(_, parts)| &parts.finders);
    let items = expanded.iter().map(|(_, parts)| &parts.items);
    let registrations: Vec<&TokenStream> = expanded
        .iter()
        .flat_map(|(_, parts)| &parts.registrations)
        .collect();
    // One registration for the whole catalog rather than one per entry.
    let registered = (!registrations.is_empty()).then(|| {
        let count = registrations.len();
        quote! {
            static REGISTRATIONS: [#krate::__private::Registration; #count] = [#(#registrations),*];
            #krate::__private::inventory::submit! {
                #krate::__private::Registrations::new(&REGISTRATIONS)
            }
        }
    });
    let tracked = &source.tracked_path;
    quote! {
        // Makes the compiler rebuild this crate when the catalog changes.
        const _: &[u8] = ::core::include_bytes!(#tracked);
        #(#declarations)*
        #(#finders)*
        const _: () = {
            #(#items)*
            #registered
        };
        #errors
    }
}

/// The one error of a catalog with defects: the finding itself when there
/// is one; otherwise a headline and a `= note:` line per finding, each
/// `FILE:LINE:COLUMN: CODE: what is wrong`, as rustc writes its notes, since
/// a proc macro cannot attach notes of its own. `None` without errors.
fn report(file: &str, loaded: &Loaded) -> Option<String> {
    let errors: Vec<&Diagnostic> = loaded.diagnostics.iter().filter(|d| d.is_error()).collect();
    let total = errors.len() + loaded.omitted_errors;
    match errors.as_slice() {
        [] => None,
        [only] if total == 1 => Some(finding(file, only)),
        _ => {
            let mut report = format!("{file} has {total} errors");
            for error in &errors {
                report.push_str(&format!("\n  = note: {}", finding(file, error)));
            }
            if loaded.omitted_errors > 0 {
                report.push_str(&format!(
                    "\n  = note: ... and {} more findings",
                    loaded.omitted_errors
                ));
            }
            Some(report)
        }
    }
}

/// `FILE:LINE:COLUMN: CODE: what is wrong`.
fn finding(file: &str, diagnostic: &Diagnostic) -> String {
    let position = diagnostic.position;
    let subject = diagnostic
        .subject()
        .map_or_else(String::new, |subject| format!(" {subject}:"));
    format!(
        "{file}:{}:{}:{subject} {}",
        position.line, position.column, diagnostic.message
    )
}
