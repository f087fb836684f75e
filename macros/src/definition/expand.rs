//! The code a checked definition expands to, and the fallback of a rejected one.
//!
//! A struct expands to one definition, an enum to one per variant. Each
//! definition is a `static` built by `ErrorDef::__compiled`; the type gets one
//! impl each of the hidden `Defined` trait (which brings `ErrorCode`),
//! `Display` and `Error`, all calling non-generic functions of the runtime;
//! each definition is registered with `inventory`. Everything but the names
//! a report site finds by the code sits in an anonymous `const _` block.

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::{GenericParam, LitStr, Type};

use super::ast::{Body, Field, Item, Shape};
use super::attr::Attr;
use super::check::Checked;
use crate::code::Code;

/// Where a definition is written: what its `SourceLocation` says, and what
/// its registration keeps for exports.
pub(crate) enum Origin {
    /// `#[error_code]` on a struct or a variant: its place in its source file.
    Attribute,
    /// An entry of a catalog file imported by `include_catalog!`.
    #[cfg_attr(not(feature = "catalog"), allow(dead_code))]
    Catalog {
        /// The catalog's path as the import wrote it.
        file: String,
        line: u32,
        column: u32,
        /// The entry's field order (`errcat_catalog::Layout::bits`).
        layout: u32,
        /// `Arglist` as written.
        arglist: String,
    },
}

/// One definition: a struct's, or a variant's.
pub(crate) struct Unit<'a> {
    pub(crate) code: Option<&'a Code>,
    pub(crate) attr: &'a Attr,
    pub(crate) body: &'a Body,
    pub(crate) variant: Option<&'a Ident>,
    /// `#[error_code(transparent)]`: no definition of its own; its body's
    /// source is the error it wraps.
    pub(crate) transparent: bool,
    /// `None` when the definition was rejected.
    pub(crate) checked: Option<&'a Checked>,
    pub(crate) origin: &'a Origin,
}

/// What the definitions of `item` expand to; a fallback when any of them
/// was rejected, which only ever compiles next to the errors that say why.
pub(crate) fn expand(krate: &TokenStream, item: &Item, units: &[Unit<'_>]) -> TokenStream {
    let Parts {
        items,
        registrations,
        finders,
    } = parts(krate, item, units, 0);
    // A retired definition's type is deprecated, which its own impls must
    // not be warned of.
    quote! {
        #[allow(deprecated)]
        const _: () = {
            #items
            #(#krate::__private::inventory::submit! { #registrations })*
        };
        #finders
    }
}

/// A definition's expansion in pieces, for a caller that puts many in one
/// block and registers them at once (`include_catalog!`).
pub(crate) struct Parts {
    /// The items of the anonymous `const _` block: the statics, named
    /// `DEFINITION_<n>` from `first` on, and the impls.
    pub(crate) items: TokenStream,
    /// A `Registration` expression per definition; none for a rejected one.
    pub(crate) registrations: Vec<TokenStream>,
    /// What report sites find by the code, outside the block.
    pub(crate) finders: TokenStream,
}

/// The parts of `item`'s expansion, its statics numbered from `first`.
pub(crate) fn parts(krate: &TokenStream, item: &Item, units: &[Unit<'_>], first: usize) -> Parts {
    let all_checked = units
        .iter()
        .all(|unit| unit.transparent || (unit.checked.is_some() && unit.code.is_some()));
    // A code given twice is reported by the caller; its second finder would
    // only add a clash.
    let mut finders = TokenStream::new();
    let mut lookups = TokenStream::new();
    let mut constructions = TokenStream::new();
    for (index, unit) in units.iter().enumerate() {
        let Some(code) = unit.code else { continue };
        let repeated = units[..index].iter().any(|earlier| {
            earlier
                .code
                .is_some_and(|earlier| earlier.value == code.value)
        });
        if repeated {
            continue;
        }
        finders.extend(alias(code, item));
        let definition = if all_checked {
            let def = def_ident(first + index);
            quote!(&#def)
        } else {
            quote!(&#krate::__private::REJECTED)
        };
        lookups.extend(lookup(krate, code, item, unit, all_checked, definition));
        constructions.extend(constructed(item, unit));
    }
    lookups.extend(inherent(krate, item));
    if all_checked {
        let (mut items, registrations) = definitions(krate, item, units, first, &constructions);
        items.extend(lookups);
        Parts {
            items,
            registrations,
            finders,
        }
    } else {
        let mut items = fallback(krate, item, units, &constructions);
        items.extend(lookups);
        Parts {
            items,
            registrations: Vec::new(),
            finders,
        }
    }
}

/// The statics and impls of checked definitions, and their registrations.
fn definitions(
    krate: &TokenStream,
    item: &Item,
    units: &[Unit<'_>],
    first: usize,
    constructions: &TokenStream,
) -> (TokenStream, Vec<TokenStream>) {
    let ident = &item.ident;
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    let coded = || {
        units
            .iter()
            .enumerate()
            .filter(|(_, unit)| !unit.transparent)
    };
    let statics = coded().map(|(index, unit)| {
        let def = def_ident(first + index);
        let def_value = def_value(krate, unit);
        quote! {
            static #def: #krate::ErrorDef = #def_value;
        }
    });
    let static_ty = static_type(item);
    let downcast = quote!(#krate::__private::downcast::<#static_ty>);
    let mut registrations: Vec<TokenStream> = coded()
        .map(|(index, unit)| {
            let def = def_ident(first + index);
            match unit.origin {
                Origin::Attribute => quote! {
                    #krate::__private::Registration::new(&#def, #downcast)
                },
                Origin::Catalog {
                    layout, arglist, ..
                } => quote! {
                    #krate::__private::Registration::from_catalog(&#def, #downcast, #layout, #arglist)
                },
            }
        })
        .collect();
    if registrations.is_empty() {
        // Only transparent variants: no definition, but `definition_of`
        // must still look through the type to the errors it wraps.
        registrations.push(quote!(#krate::__private::Registration::transparent(#downcast)));
    }
    let compiled = match_units(
        item,
        units,
        |_| Vec::new(),
        |index, unit, _| {
            if unit.transparent {
                // Never asked: every caller asks `transparent()` first.
                return quote!(&#krate::__private::REJECTED);
            }
            let def = def_ident(first + index);
            quote!(&#def)
        },
    );
    let has_args = units.iter().any(|unit| !unit.body.args.is_empty());
    let write_arg = if has_args {
        let arms = match_units(
            item,
            units,
            |unit| unit.body.args.iter().collect(),
            |_, unit, bind| {
                let Some(checked) = unit.checked else {
                    // A transparent variant, which has no arguments.
                    return quote!(::core::result::Result::Ok(()));
                };
                let arms = checked.fields.iter().enumerate().map(|(position, &field)| {
                    let field = &unit.body.args[field];
                    let write = write_field(krate, field, bind(field));
                    quote!(#position => #write,)
                });
                quote! {
                    match index {
                        #(#arms)*
                        _ => ::core::result::Result::Ok(()),
                    }
                }
            },
        );
        quote! {
            fn write_arg(
                &self,
                index: usize,
                out: &mut dyn ::core::fmt::Write,
            ) -> ::core::fmt::Result {
                #arms
            }
        }
    } else {
        // No arguments: `Defined`'s own `write_arg`, which writes nothing.
        TokenStream::new()
    };
    let source = source_fn(krate, item, units);
    let diagnostic = diagnostic(krate, item);
    let transparent = transparent_fn(krate, item, units);
    let display = display_body(krate, item, units);
    let from = from_impls(krate, item, &units.iter().collect::<Vec<_>>());
    let items = quote! {
        #(#statics)*

        #[automatically_derived]
        #[allow(deprecated)]
        impl #impl_generics #krate::__private::Defined for #ident #ty_generics #where_clause {
            fn compiled_definition(&self) -> &'static #krate::ErrorDef {
                #constructions
                #compiled
            }

            #write_arg

            #transparent
        }

        #[automatically_derived]
        impl #impl_generics ::core::fmt::Display for #ident #ty_generics #where_clause {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #display
            }
        }

        #from

        #[automatically_derived]
        #[allow(deprecated)]
        impl #impl_generics ::std::error::Error for #ident #ty_generics #where_clause {
            #source
        }

        #diagnostic
    };
    (items, registrations)
}

/// `miette::Diagnostic`, with the `miette` feature: each method one call to
/// the runtime, which reads the definition (miette is named through the
/// facade, so the user's crate needs no dependency on it).
fn diagnostic(krate: &TokenStream, item: &Item) -> TokenStream {
    if !cfg!(feature = "miette") {
        return TokenStream::new();
    }
    let ident = &item.ident;
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    let text = quote!(::core::option::Option<::std::boxed::Box<dyn ::core::fmt::Display + '_>>);
    quote! {
        #[automatically_derived]
        #[allow(deprecated)]
        impl #impl_generics #krate::__private::miette::Diagnostic for #ident #ty_generics #where_clause {
            fn code(&self) -> #text {
                #krate::__private::diagnostic_code(self)
            }

            fn severity(&self) -> ::core::option::Option<#krate::__private::miette::Severity> {
                #krate::__private::diagnostic_severity(self)
            }

            fn help(&self) -> #text {
                #krate::__private::diagnostic_help(self)
            }

            fn related(
                &self,
            ) -> ::core::option::Option<
                ::std::boxed::Box<
                    dyn ::core::iter::Iterator<Item = &dyn #krate::__private::miette::Diagnostic> + '_,
                >,
            > {
                #krate::__private::diagnostic_related(self)
            }
        }
    }
}

/// `match self { Self::A { .. } => ..., }` over the variants of an enum,
/// or the one body of a struct. `arm` gets each unit's index, the unit, and
/// how to name one of its fields in that arm; in an enum, the fields `used`
/// returns are bound, and only those.
fn match_units<'u>(
    item: &Item,
    units: &'u [Unit<'u>],
    used: impl Fn(&'u Unit<'u>) -> Vec<&'u Field>,
    arm: impl Fn(usize, &Unit<'_>, &dyn Fn(&Field) -> TokenStream) -> TokenStream,
) -> TokenStream {
    match &item.shape {
        Shape::Struct(_) => arm(0, &units[0], &|field: &Field| {
            let ident = &field.ident;
            quote!(self.#ident)
        }),
        Shape::Enum(_) => {
            let arms = units.iter().enumerate().map(|(index, unit)| {
                let variant = unit.variant.expect("enum units name their variant");
                let bindings = used(unit).into_iter().map(|field| {
                    let ident = &field.ident;
                    let bound = binding(field);
                    quote!(#ident: #bound)
                });
                let pattern = if unit.body.unit {
                    quote!(Self::#variant)
                } else if unit.body.tuple {
                    // A transparent variant's one field, bound when used.
                    match used(unit).first() {
                        Some(field) => {
                            let bound = binding(field);
                            quote!(Self::#variant(#bound))
                        }
                        None => quote!(Self::#variant(..)),
                    }
                } else {
                    quote!(Self::#variant { #(#bindings,)* .. })
                };
                let body = arm(index, unit, &|field: &Field| {
                    let bound = binding(field);
                    quote!(*#bound)
                });
                quote!(#pattern => #body,)
            });
            quote! {
                match self {
                    #(#arms)*
                }
            }
        }
    }
}

/// The local name a variant's field is bound to in a match arm.
fn binding(field: &Field) -> Ident {
    format_ident!("__errcode_{}", field.name)
}

/// Writes a field's value: a text as it is, anything else with `Display`
/// through the public `ArgDisplay` trait, or through the field's
/// `display` adapter. A value that is not `Display` is reported at the
/// argument of the call, which here runs from the type's first token to its
/// last (or the adapter's): the error points at what to change, and its
/// message (the trait's `on_unimplemented`) names the adapter.
fn write_field(krate: &TokenStream, field: &Field, place: TokenStream) -> TokenStream {
    if let Some(display) = &field.display {
        let tokens: Vec<TokenTree> = display.clone().into_iter().collect();
        let first = tokens.first().map_or(field.ident.span(), TokenTree::span);
        let last = tokens.last().map_or(first, TokenTree::span);
        let mut value = Group::new(proc_macro2::Delimiter::Parenthesis, display.clone());
        value.set_span(last);
        let ident = &field.ident;
        let call = quote_spanned!(first=> &#value);
        // The field's name, as the user wrote it, is a reference to the value.
        return quote! {
            {
                let #ident = &#place;
                #krate::ArgDisplay::write_arg(#call, out)
            }
        };
    }
    if is_text(&field.ty) {
        return quote!(#krate::__private::write_text(out, &#place));
    }
    let ty: Vec<TokenTree> = field.ty.to_token_stream().into_iter().collect();
    let first = ty.first().map_or(field.ident.span(), TokenTree::span);
    let last = ty.last().map_or(first, TokenTree::span);
    let mut place: Vec<TokenTree> = place.into_iter().collect();
    let count = place.len();
    for (index, token) in place.iter_mut().enumerate() {
        token.set_span(if index + 1 == count { last } else { first });
    }
    let place: TokenStream = place.into_iter().collect();
    let reference = quote_spanned!(first=> &);
    quote! {
        #krate::ArgDisplay::write_arg(#reference #place, out)
    }
}

/// Whether a field's type is written as one of the standard library's
/// texts (`String`, `str`, `Cow<str>`, `Box<str>`, `Arc<str>`, `Rc<str>`, by
/// their last path segment, behind any references), which dereference to
/// `str`. Its value is written as it is rather than through `core::fmt`, a
/// hundred instructions less per value; and a report by code may give any
/// `Display` value for it, as CANN's string values do.
fn is_text(ty: &Type) -> bool {
    let is_str = |ty: &Type| matches!(ty, Type::Path(path) if path.qself.is_none() && path.path.is_ident("str"));
    match ty {
        Type::Reference(reference) => is_text(&reference.elem),
        Type::Paren(inner) => is_text(&inner.elem),
        Type::Group(inner) => is_text(&inner.elem),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return false;
            };
            match &last.arguments {
                syn::PathArguments::None => last.ident == "String" || last.ident == "str",
                syn::PathArguments::AngleBracketed(arguments)
                    if ["Cow", "Box", "Arc", "Rc"]
                        .iter()
                        .any(|name| last.ident == name) =>
                {
                    let mut types = arguments.args.iter().filter_map(|argument| match argument {
                        syn::GenericArgument::Type(ty) => Some(ty),
                        _ => None,
                    });
                    types.next().is_some_and(is_str) && types.next().is_none()
                }
                _ => false,
            }
        }
        _ => false,
    }
}

/// `Error::source`, when a definition has a `#[source]` field.
fn source_fn(krate: &TokenStream, item: &Item, units: &[Unit<'_>]) -> TokenStream {
    if units.iter().all(|unit| unit.body.source.is_none()) {
        return TokenStream::new();
    }
    let body = match_units(
        item,
        units,
        |unit| unit.body.source.iter().collect(),
        |_, unit, bind| match &unit.body.source {
            Some(field) if unit.transparent => {
                let value = bind(field);
                quote!(::std::error::Error::source((&#value).as_dyn_error()))
            }
            Some(field) => {
                let value = bind(field);
                if is_option(&field.ty) {
                    quote! {
                        ::core::option::Option::as_ref(&#value)
                            .map(|source| source.as_dyn_error())
                    }
                } else {
                    quote!(::core::option::Option::Some((&#value).as_dyn_error()))
                }
            }
            None => quote!(::core::option::Option::None),
        },
    );
    quote! {
        fn source(&self) -> ::core::option::Option<&(dyn ::std::error::Error + 'static)> {
            #[allow(unused_imports)]
            use #krate::__private::AsDynError as _;
            #body
        }
    }
}

/// `Defined::transparent`, when the enum has transparent variants: the
/// error each wraps.
fn transparent_fn(krate: &TokenStream, item: &Item, units: &[Unit<'_>]) -> TokenStream {
    if units.iter().all(|unit| !unit.transparent) {
        return TokenStream::new();
    }
    let body = match_units(
        item,
        units,
        |unit| {
            if unit.transparent {
                unit.body.source.iter().collect()
            } else {
                Vec::new()
            }
        },
        |_, unit, bind| match &unit.body.source {
            Some(field) if unit.transparent => {
                let value = bind(field);
                quote!(::core::option::Option::Some((&#value).as_dyn_error()))
            }
            _ => quote!(::core::option::Option::None),
        },
    );
    quote! {
        fn transparent(&self) -> ::core::option::Option<&(dyn ::std::error::Error + 'static)> {
            #[allow(unused_imports)]
            use #krate::__private::AsDynError as _;
            #body
        }
    }
}

/// The body of `Display::fmt`: the message, or for a transparent variant
/// the wrapped error's `Display`.
fn display_body(krate: &TokenStream, item: &Item, units: &[Unit<'_>]) -> TokenStream {
    if units.iter().all(|unit| !unit.transparent) {
        return quote!(#krate::__private::fmt_display(self, f));
    }
    match_units(
        item,
        units,
        |unit| {
            if unit.transparent {
                unit.body.source.iter().collect()
            } else {
                Vec::new()
            }
        },
        |_, unit, bind| match &unit.body.source {
            Some(field) if unit.transparent => {
                let value = bind(field);
                quote!(::core::fmt::Display::fmt(&#value, f))
            }
            _ => quote!(#krate::__private::fmt_display(self, f)),
        },
    )
}

/// `From<Source>` for each `#[from]` field, capturing the backtraces; with
/// `report`, reporting the error it builds, at the caller's line (the `?`).
fn from_impls(krate: &TokenStream, item: &Item, units: &[&Unit<'_>]) -> TokenStream {
    let ident = &item.ident;
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    units
        .iter()
        .filter(|unit| unit.body.from.is_some())
        .filter_map(|unit| {
            let source = unit.body.source.as_ref()?;
            let ty = &source.ty;
            let path = match unit.variant {
                Some(variant) => quote!(Self::#variant),
                None => quote!(Self),
            };
            let value = if unit.body.tuple {
                quote!(#path(source))
            } else {
                let source_ident = &source.ident;
                let backtraces = unit.body.backtraces.iter().map(|backtrace| {
                    let field = &backtrace.field.ident;
                    let capture = quote!(::std::backtrace::Backtrace::capture());
                    if backtrace.optional {
                        quote!(#field: ::core::option::Option::Some(#capture))
                    } else {
                        quote!(#field: #capture)
                    }
                });
                quote!(#path { #source_ident: source, #(#backtraces,)* })
            };
            if unit.attr.report_on_from.is_some() {
                return Some(quote! {
                    #[automatically_derived]
                    impl #impl_generics ::core::convert::From<#ty> for #ident #ty_generics #where_clause {
                        #[track_caller]
                        fn from(source: #ty) -> Self {
                            let error = #value;
                            <Self as #krate::ErrorCode>::report(&error);
                            error
                        }
                    }
                });
            }
            Some(quote! {
                #[automatically_derived]
                impl #impl_generics ::core::convert::From<#ty> for #ident #ty_generics #where_clause {
                    fn from(source: #ty) -> Self {
                        #value
                    }
                }
            })
        })
        .collect()
}

/// Whether a field's type is written `Option<...>`: its source is optional.
fn is_option(ty: &Type) -> bool {
    match ty {
        Type::Path(path) => path
            .path
            .segments
            .last()
            .is_some_and(|segment| segment.ident == "Option"),
        _ => false,
    }
}

/// The `ErrorDef` of a checked unit, with what the runtime would otherwise
/// work out from its parts as the compiler evaluates the static.
fn def_value(krate: &TokenStream, unit: &Unit<'_>) -> TokenStream {
    let (Some(code), Some(checked)) = (unit.code, unit.checked) else {
        return TokenStream::new();
    };
    let raw = raw_def(krate, unit, code, checked);
    let pieces_len: usize = checked.pieces.iter().map(String::len).sum();
    let warning = code.kind.warning;
    let internal = code.kind.internal;
    quote!(#krate::ErrorDef::__compiled(#raw, #pieces_len, #warning, #internal))
}

/// The `RawDef` of a checked unit.
fn raw_def(krate: &TokenStream, unit: &Unit<'_>, code: &Code, checked: &Checked) -> TokenStream {
    let attr = unit.attr;
    let code_value = &code.value;
    let [title, class, cause, solution] =
        [&attr.title, &attr.class, &attr.cause, &attr.solution].map(optional);
    let message = &checked.template;
    let pieces = &checked.pieces;
    let args = &checked.args;
    let field_names = checked
        .fields
        .iter()
        .map(|&index| &unit.body.args[index].name);
    let slots = &checked.slots;
    let location = match unit.origin {
        Origin::Attribute => {
            let span = unit.variant.map_or(code.literal.span(), Ident::span);
            quote_spanned! {span=>
                #krate::SourceLocation::new(::core::file!(), ::core::line!(), ::core::column!())
            }
        }
        Origin::Catalog {
            file, line, column, ..
        } => quote!(#krate::SourceLocation::new(#file, #line, #column)),
    };
    quote! {
        #krate::__private::RawDef {
            code: #code_value,
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
        }
    }
}

/// What a rejected definition expands to: enough that uses of the type and
/// report sites of its codes raise no errors of their own.
fn fallback(
    krate: &TokenStream,
    item: &Item,
    units: &[Unit<'_>],
    constructions: &TokenStream,
) -> TokenStream {
    // `?` on a source keeps compiling, where its `From` can be built.
    let buildable: Vec<&Unit<'_>> = units
        .iter()
        .filter(|unit| unit.body.args.is_empty() && !unit.body.rejected)
        .collect();
    let from = from_impls(krate, item, &buildable);
    let ident = &item.ident;
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    // Uses of the type as a diagnostic compile too, with miette's defaults.
    let fallback_diagnostic = cfg!(feature = "miette").then(|| {
        quote! {
            #[automatically_derived]
            impl #impl_generics #krate::__private::miette::Diagnostic for #ident #ty_generics #where_clause {}
        }
    });
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::__private::Defined for #ident #ty_generics #where_clause {
            fn compiled_definition(&self) -> &'static #krate::ErrorDef {
                #constructions
                &#krate::__private::REJECTED
            }
        }

        #[automatically_derived]
        impl #impl_generics ::core::fmt::Display for #ident #ty_generics #where_clause {
            fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::result::Result::Ok(())
            }
        }

        #[automatically_derived]
        impl #impl_generics ::std::error::Error for #ident #ty_generics #where_clause {}

        #fallback_diagnostic
        #from
    }
}

/// The type's own `report` and `reported`, which need no import (a crate
/// that uses a crate of definitions need not depend on errcat to call
/// them), calling `ErrorCode`'s.
fn inherent(krate: &TokenStream, item: &Item) -> TokenStream {
    let ident = &item.ident;
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        #[allow(deprecated, unreachable_pub)]
        impl #impl_generics #ident #ty_generics #where_clause {
            /// Records this error in the current store, as
            /// `ErrorCode::report` does (callable without importing the
            /// trait, or depending on errcat).
            #[track_caller]
            #[inline]
            pub fn report(&self) {
                <Self as #krate::ErrorCode>::report(self);
            }

            /// Records this error and hands it back, as
            /// `ErrorCode::reported` does (callable without importing the
            /// trait, or depending on errcat).
            #[track_caller]
            #[inline]
            #[must_use = "`reported` hands the error back to be returned; call `report` to only record it"]
            pub fn reported(self) -> Self {
                <Self as #krate::ErrorCode>::report(&self);
                self
            }
        }
    }
}

/// Whether a report by code may give any `Display` value for `field`: its
/// type is text ([`is_text`]: the site's text is what it holds), or a
/// display adapter shows it (the site gives what is shown).
fn takes_any_display(field: &Field) -> bool {
    field.display.is_some() || is_text(&field.ty)
}

/// What a report site finds its code's definition by, in whichever crate:
/// the hidden trait `Find`, implemented for the code as a type, with the
/// definition's own type for the local type coherence asks for. It gives the
/// argument names the site's keys are checked against, where the code is
/// defined (for the check's messages) and the definition. A rejected
/// definition still has one, marked invalid, so that its report sites raise
/// no errors of their own.
fn lookup(
    krate: &TokenStream,
    code: &Code,
    item: &Item,
    unit: &Unit<'_>,
    valid: bool,
    definition: TokenStream,
) -> TokenStream {
    let packed = errcat_syntax::pack_code(&code.value).unwrap_or_default();
    let packed = proc_macro2::Literal::u64_suffixed(packed);
    let code_literal = &code.value;
    // The names in the order of the definition's fields (`write_arg`'s).
    let names: Vec<&str> = match unit.checked {
        Some(checked) if valid => checked
            .fields
            .iter()
            .map(|&index| unit.body.args[index].name.as_str())
            .collect(),
        _ => unit
            .body
            .args
            .iter()
            .map(|field| field.name.as_str())
            .collect(),
    };
    let ident = item.ident.to_string();
    let place = match (unit.origin, unit.variant) {
        (Origin::Catalog { file, line, .. }, _) => {
            let place = format!("the entry at {file}:{line}");
            quote!(#place)
        }
        (Origin::Attribute, Some(variant)) => {
            let owner = format!("`{ident}::{variant}` in ");
            quote!(::core::concat!(#owner, ::core::module_path!()))
        }
        (Origin::Attribute, None) => {
            let owner = format!("`{ident}` in ");
            quote!(::core::concat!(#owner, ::core::module_path!()))
        }
    };
    let static_ty = static_type(item);
    let retired = unit.attr.retired_note().unwrap_or_default();
    // The type of each argument that is not text, keyed by the code and the
    // argument's name, which a report site by code reads in its type check
    // to learn the type its value must convert into (`errcat::ReportValue`).
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    let ty_ident = &item.ident;
    let arg_types = unit
        .body
        .args
        .iter()
        .filter(|field| valid && !takes_any_display(field))
        .map(|field| {
            let key = proc_macro2::Literal::u64_suffixed(crate::names::key(&field.name));
            let ty = &field.ty;
            quote! {
                #[automatically_derived]
                impl #impl_generics #krate::__private::Arg<#packed, #key> for #ty_ident #ty_generics #where_clause {
                    type Field = #ty;
                }
            }
        });
    // `do_not_recommend`: no error of the compiler's lists the impls of
    // every code in reach as "other types that implement" the trait.
    quote! {
        #(#arg_types)*

        #[automatically_derived]
        #[diagnostic::do_not_recommend]
        impl<S> #krate::__private::Find<#static_ty, S> for #krate::__private::Code<#packed> {
            const SITE: #krate::__private::Site = #krate::__private::Site {
                code: #code_literal,
                place: #place,
                valid: #valid,
                args: &[#(#names),*],
                retired: #retired,
                definition: #definition,
            };
        }
    }
}

/// A report by code makes no value of the definition's type: for a type that
/// is not `pub`, a construction that never runs (in `compiled_definition`,
/// which every definition has) keeps a struct or variant reported only by
/// code from reading as never constructed (`dead_code`).
fn constructed(item: &Item, unit: &Unit<'_>) -> Option<TokenStream> {
    if matches!(item.vis, syn::Visibility::Public(_)) {
        return None;
    }
    let ident = &item.ident;
    let path = match unit.variant {
        Some(variant) => quote!(#ident::#variant),
        None => quote!(#ident),
    };
    let body = unit.body;
    let value = if body.unit {
        path
    } else {
        let fields = body
            .args
            .iter()
            .chain(&body.source)
            .chain(body.backtraces.iter().map(|backtrace| &backtrace.field))
            .map(|field| &field.ident);
        quote!(#path { #(#fields: ::core::unreachable!(),)* })
    };
    Some(quote! {
        #[allow(unreachable_code, deprecated, clippy::diverging_sub_expression)]
        if false {
            let _ = #value;
        }
    })
}

/// A type alias of the definition's type under its code's name, in the
/// definition's module, unless the type has that name already: a second
/// definition of the code in one module clashes with the first by it.
fn alias(code: &Code, item: &Item) -> Option<TokenStream> {
    if item.ident == code.value {
        return None;
    }
    // At the code literal: where the compiler points at it (a clash), it
    // points at the code.
    let span = code.literal.span();
    let at_code = |tokens: TokenStream| respan(tokens, span);
    let hidden = code.hidden_ident();
    let vis = at_code(item.vis.to_token_stream());
    let ident = at_code(item.ident.to_token_stream());
    // The alias takes the type's lifetimes without their bounds, which an
    // alias does not enforce.
    let lifetimes: Vec<TokenStream> = item
        .generics
        .params
        .iter()
        .filter_map(|param| match param {
            GenericParam::Lifetime(lifetime) => Some(at_code(lifetime.lifetime.to_token_stream())),
            _ => None,
        })
        .collect();
    let params = (!lifetimes.is_empty()).then(|| quote_spanned!(span=> <#(#lifetimes),*>));
    Some(quote_spanned! {span=>
        #[doc(hidden)]
        #[allow(dead_code, deprecated, single_use_lifetimes, unreachable_pub)]
        #vis type #hidden #params = #ident #params;
    })
}

/// The tokens, each given `span`.
pub(crate) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
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

fn def_ident(index: usize) -> Ident {
    format_ident!("DEFINITION_{}", index)
}

/// The type with `'static` for every lifetime: what downcasts name.
fn static_type(item: &Item) -> TokenStream {
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
