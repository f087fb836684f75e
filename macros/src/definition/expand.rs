//! The code a checked definition expands to, and the fallback of a rejected one.

use std::hash::{DefaultHasher, Hash, Hasher};

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::{GenericParam, LitStr};

use super::ast::Struct;
use super::attr::Attr;
use super::check::Checked;
use crate::code::Code;

/// Where a definition is written: what its `SourceLocation` says, and what
/// its registration keeps for exports.
pub(crate) enum Origin {
    /// `#[error_code]` on a struct: the struct's place in its source file.
    Attribute,
    /// An entry of a catalog file imported by `include_catalog!`.
    Catalog {
        /// The catalog's path as the import wrote it.
        file: String,
        line: u32,
        column: u32,
        /// The entry's field order (`errcode_catalog::Layout::bits`).
        layout: u32,
        /// `Arglist` as written.
        arglist: String,
    },
}

pub(crate) fn definition(
    code: &Code,
    attr: &Attr,
    item: &Struct,
    checked: &Checked,
    origin: &Origin,
) -> TokenStream {
    let ident = &item.ident;
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    let code_value = &code.value;
    let warning = code.kind.warning;
    let internal = code.kind.internal;
    let [title, class, cause, solution] =
        [&attr.title, &attr.class, &attr.cause, &attr.solution].map(optional);
    let message = &attr.message;
    let pieces = &checked.pieces;
    let args = &checked.args;
    let field_names = checked.fields.iter().map(|&index| &item.fields[index].name);
    let slots = &checked.slots;
    let write_arms = checked.fields.iter().enumerate().map(|(position, &index)| {
        let field = &item.fields[index];
        // A type that is not `Display` is reported at the function called and
        // at its argument, which here both run from the type's first token to
        // its last: the error points at the whole type, what to change.
        let ty: Vec<TokenTree> = field.ty.to_token_stream().into_iter().collect();
        let first = ty.first().map_or(field.ident.span(), TokenTree::span);
        let last = ty.last().map_or(first, TokenTree::span);
        let mut field_ident = field.ident.clone();
        field_ident.set_span(last);
        let write_display = Ident::new("write_display", last);
        let write = quote_spanned! {first=>
            ::errcode::__private::#write_display(out, &self.#field_ident)
        };
        quote!(#position => #write,)
    });
    let static_ty = static_type(item);
    let location = match origin {
        Origin::Attribute => quote_spanned! {ident.span()=>
            ::errcode::SourceLocation::new(::core::file!(), ::core::line!(), ::core::column!())
        },
        Origin::Catalog {
            file, line, column, ..
        } => quote!(::errcode::SourceLocation::new(#file, #line, #column)),
    };
    let registration = match origin {
        Origin::Attribute => quote! {
            ::errcode::__private::Registration::new(<#static_ty as ::errcode::ErrorCode>::DEF)
        },
        Origin::Catalog {
            layout, arglist, ..
        } => quote! {
            ::errcode::__private::Registration::from_catalog(
                <#static_ty as ::errcode::ErrorCode>::DEF,
                ::errcode::__private::Layout::from_bits(#layout),
                #arglist,
            )
        },
    };
    let name = ident.to_string();
    let common = common_impls(
        item,
        quote!(::errcode::__private::write_message(self, f)),
        quote!(::errcode::__private::debug_error(self, #name, f)),
    );
    let report_doc = format!(
        "Records this error ({code_value}) in the current thread's store, to be rendered by \
         `errcode::take_error_message`."
    );
    let finder = finder(code, Some(item), true);
    quote! {
        impl #impl_generics ::errcode::ErrorCode for #ident #ty_generics #where_clause {
            const DEF: &'static ::errcode::ErrorDef =
                &::errcode::ErrorDef::__from_raw(::errcode::__private::RawDef {
                    code: #code_value,
                    warning: #warning,
                    internal: #internal,
                    title: #title,
                    class: #class,
                    message: #message,
                    pieces: &[#(#pieces),*],
                    args: &[#(#args),*],
                    fields: &[#(#field_names),*],
                    slots: &[#(#slots),*],
                    cause: #cause,
                    solution: #solution,
                    location: #location,
                });

            fn write_arg(
                &self,
                index: usize,
                out: &mut dyn ::core::fmt::Write,
            ) -> ::core::fmt::Result {
                match index {
                    #(#write_arms)*
                    _ => ::core::result::Result::Ok(()),
                }
            }
        }

        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc = #report_doc]
            #[track_caller]
            pub fn report(self) {
                ::errcode::__private::report_defined(&self)
            }
        }

        #common

        ::errcode::__private::inventory::submit! {
            #registration
        }

        #finder
    }
}

/// What a rejected definition expands to: enough that uses of the struct and
/// report sites of its code raise no errors of their own. It only ever
/// compiles next to the errors that reject the definition, so it never runs.
pub(crate) fn fallback(code: Option<&Code>, item: Option<&Struct>) -> TokenStream {
    let finder = code.map(|code| finder(code, item, false));
    let impls = item.map(|item| {
        let ident = &item.ident;
        let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
        let name = ident.to_string();
        let common = common_impls(
            item,
            quote!(::core::result::Result::Ok(())),
            quote!(f.write_str(#name)),
        );
        quote! {
            impl #impl_generics #ident #ty_generics #where_clause {
                #[doc(hidden)]
                pub fn report(self) {}
            }
            #common
        }
    });
    quote!(#impls #finder)
}

/// `Display` (the filled-in message), `std::error::Error`, and `Debug` unless
/// the struct derives it.
fn common_impls(item: &Struct, display_body: TokenStream, debug_body: TokenStream) -> TokenStream {
    let ident = &item.ident;
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    let debug = (!item.derives_debug).then(|| {
        quote! {
            impl #impl_generics ::core::fmt::Debug for #ident #ty_generics #where_clause {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    #debug_body
                }
            }
        }
    });
    quote! {
        impl #impl_generics ::core::fmt::Display for #ident #ty_generics #where_clause {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #display_body
            }
        }

        impl #impl_generics ::std::error::Error for #ident #ty_generics #where_clause {}

        #debug
    }
}

/// The hidden items a report site finds by the code: a macro that hands the
/// definition's argument names to the report checks, and a type alias of
/// the struct. A second definition of the code in one module clashes here.
fn finder(code: &Code, item: Option<&Struct>, valid: bool) -> TokenStream {
    let hidden = code.hidden_ident();
    let unique = unique_macro_name(code, item);
    let code_literal = LitStr::new(&code.value, code.literal.span());
    let vis = item.map(|item| item.vis.clone());
    let names: Vec<&str> = item
        .map(|item| {
            item.fields
                .iter()
                .map(|field| field.name.as_str())
                .collect()
        })
        .unwrap_or_default();
    let alias = item.map(|item| {
        let ident = &item.ident;
        let generics = &item.generics.params;
        let (_, ty_generics, _) = item.generics.split_for_impl();
        quote! {
            #[doc(hidden)]
            #[allow(non_camel_case_types, dead_code)]
            #vis type #hidden <#generics> = #ident #ty_generics;
        }
    });
    // Every token at the code literal, but for the macro's own name, whose
    // hygiene keeps it out of the way of user code: where the compiler points
    // at these items (a clash, a similar name), it points at the code.
    let at_code = |tokens: TokenStream| respan(tokens, code.literal.span());
    let macro_head = at_code(quote! {
        // Exported so that report sites in other crates find it; a definition
        // inside a function body is as reachable, hence the allow.
        #[doc(hidden)]
        #[macro_export]
        #[allow(non_local_definitions)]
        macro_rules!
    });
    let macro_body = at_code(quote! {
        {
            ($($call:tt)*) => {
                ::errcode::__private::__report_checked! {
                    (#code_literal #valid [#(#names),*]) $($call)*
                }
            };
        }
    });
    let import = at_code(quote! {
        #[doc(hidden)]
        #[allow(unused_imports)]
        #vis use #unique as #hidden;
    });
    let alias = alias.map(at_code);
    quote! {
        #macro_head #unique #macro_body
        #import
        #alias
    }
}

/// The tokens, each given `span`. The hidden items of a second definition of
/// a code clash with the first one's: all at the code literal, they make the
/// compiler point there, and report the clash once for both items (it
/// reports one clash per name and span).
fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let TokenTree::Group(group) = &token {
                let mut moved = Group::new(group.delimiter(), respan(group.stream(), span));
                moved.set_span(span);
                token = TokenTree::Group(moved);
            } else {
                token.set_span(span);
            }
            token
        })
        .collect()
}

/// `#[macro_export]` puts the macro at the crate root, where two modules may
/// define the same code: the name carries a hash of the whole definition.
fn unique_macro_name(code: &Code, item: Option<&Struct>) -> Ident {
    let mut hasher = DefaultHasher::new();
    code.value.hash(&mut hasher);
    if let Some(item) = item {
        item.ident.to_string().hash(&mut hasher);
        for field in &item.fields {
            field.name.hash(&mut hasher);
        }
    }
    format_ident!(
        "__errcode_{}_{:016x}",
        code.value,
        hasher.finish(),
        span = Span::mixed_site()
    )
}

/// The struct's type with `'static` for every lifetime: what registration names.
fn static_type(item: &Struct) -> TokenStream {
    let ident = &item.ident;
    let lifetimes = item.generics.params.iter().filter_map(|param| match param {
        GenericParam::Lifetime(_) => Some(quote!('static)),
        _ => None,
    });
    if item.generics.params.is_empty() {
        quote!(#ident)
    } else {
        quote!(#ident<#(#lifetimes),*>)
    }
}

fn optional(value: &Option<LitStr>) -> TokenStream {
    match value {
        Some(literal) => quote!(::core::option::Option::Some(#literal)),
        None => quote!(::core::option::Option::None),
    }
}
