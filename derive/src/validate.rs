//! Validation: `kapi::validation::Validate` from the markers. Each field gets the checks its
//! markers ask for (bounds, lengths, items, formats, patterns, required, immutable, unique
//! list-map keys and set items), unions get Kubernetes' union rules, gated enum values are
//! refused unless their gate is on or the old object had them, kinds need a name, and
//! nested values are validated recursively with their old counterparts. Then the type's
//! hand-written `ValidateHook` runs when the type is marked `validate_hook`.

use crate::input::{field_ident, old_field, Input};
use kapi_model::{Field, KindCategory, ListType, Presence, Scalar, Shape, TypeRef, ValidationRule};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

pub fn expand(input: &Input) -> TokenStream {
    let inline_attr = crate::input::compiled_where_used();
    let ident = input.ident();
    let mut is_unset = TokenStream::new();
    let body = match &input.def.shape {
        Shape::Struct { .. } => struct_body(input),
        Shape::Enum { other, .. } => {
            let other = format_ident!("{}", other);
            is_unset = quote! {
                #inline_attr
                fn is_unset(&self) -> bool {
                    ::core::matches!(self, Self::#other(__v) if __v.is_empty())
                }
            };
            // Enums are open on the wire; the write path refuses a value outside the set,
            // and a gated value whose gate is off, in one shared helper.
            quote! {
                    ::kapi::__private::validation::string_enum(
                        __path,
                        self.as_str(),
                        ::core::matches!(self, Self::#other(_)),
                        Self::VALUES,
                        Self::VALUE_GATES,
            __old.map(|__o| __o.as_str()),
                        __opts,
                        __errs,
                    );
                }
        }
    };
    let declared = input.def.validate_hook.then(|| {
        quote! { impl ::kapi::__private::hooks::ValidateHookDeclared for #ident {} }
    });
    quote! {
        ::kapi::__private::if_validation! {
            impl ::kapi::validation::Validate for #ident {
                #inline_attr
                fn validate_at(
                    &self,
                    __old: ::core::option::Option<&Self>,
                    __path: &::kapi::validation::Path<'_>,
                    __opts: &::kapi::validation::Options<'_>,
                    __errs: &mut ::kapi::validation::ErrorList,
                ) {
                    #body
                }
                #is_unset
            }
        }
        #declared
    }
}

fn struct_body(input: &Input) -> TokenStream {
    let fields = input.fields();
    let checks = fields.iter().map(|(m, f)| field_checks(m, f));
    let union = union_checks(input);
    let kind = match input.def.kind.as_ref().map(|k| k.category) {
        Some(KindCategory::Object) => quote! {
            ::kapi::__private::validation::object_name(__path, &self.metadata.name, &self.metadata.generate_name, __errs);
        },
        _ => TokenStream::new(),
    };
    let own_rules = &input.def.validation_rules;
    let own_rules = (!own_rules.is_empty()).then(|| {
        let rules = rules_literal(own_rules);
        quote! { __kv::rules(__path, self, __old, false, #rules, __errs); }
    });
    // One short name for the helpers, declared only where a check uses it. The type's own
    // rules run before its fields', as kube-apiserver runs a schema node's rules before its
    // properties'.
    let checks = quote! { #own_rules #(#checks)* #union };
    let alias = checks
        .to_string()
        .contains("__kv")
        .then(|| quote! { use ::kapi::__private::validation as __kv; });
    let hook = input.def.validate_hook.then(|| {
        quote! {
            <Self as ::kapi::validation::ValidateHook>::validate_hook(
                self, __old, __path, __opts, __errs,
            );
        }
    });
    // A kind validates everything below it in its group-version's style (declared by
    // `group_version!`, in scope wherever a kind is), so a type shared between a built-in
    // and a CRD API is read as the kind that holds it is served.
    let style = input.def.kind.as_ref().and_then(|k| {
        let uses = quote!(#checks #hook).to_string().contains("__opts");
        let gv = quote::quote_spanned!(input.span(k.span)=> GROUP_VERSION);
        uses.then(|| quote! { let __opts = &__opts.in_style(#gv.validation); })
    });
    quote! {
        #style
        #alias
        #checks
        #kind
        #hook
    }
}

fn field_checks(m: &Field, f: &syn::Field) -> TokenStream {
    let name = field_ident(f);
    let prev = old_field(&name);
    if m.inline {
        // An embedded struct's fields are this object's: their paths have no segment of
        // their own, as in Kubernetes' field errors (`spec.volumes[0].hostPath`).
        return quote! {
            ::kapi::validation::Validate::validate_at(&self.#name, #prev, __path, __opts, __errs);
        };
    }
    let json = &m.json_name;
    let v = &m.validation;
    let nested = m.ty.names_a_type();
    // An optional field that is not an `Option` is unset when it holds its type's unset
    // value (an enum's empty one): nothing to check then.
    let unset_skipped = m.optional && !matches!(m.ty, TypeRef::Option(_));
    let mut body = TokenStream::new();

    if v.required_marker.is_some() {
        body.extend(required_check(m));
    }

    let (inner, optional) = match &m.ty {
        TypeRef::Option(inner) => (&**inner, true),
        other => (other, false),
    };
    // A plain string that is always written is sent even when empty, and a CRD's schema
    // checks that `""`; Go validation of built-in kinds skips it.
    let sent = match (optional, m.presence) {
        (true, _) => Sent::Always,
        (false, Presence::Always) => Sent::WhenNonEmptyOrSchema,
        (false, _) => Sent::WhenNonEmpty,
    };
    let value_checks = value_checks(m, inner, sent);
    if !value_checks.is_empty() {
        body.extend(if optional {
            quote! {
                if let ::core::option::Option::Some(__v) = __new {
                    #value_checks
                }
            }
        } else {
            quote! {
                let __v = __new;
                #value_checks
            }
        });
    }

    if v.immutable {
        body.extend(quote! {
            __kv::immutable(&__p, __new, __prev, __errs);
        });
    }

    // An optional field holding a type of its own may be absent as a whole (see
    // `__kv::absent`): then neither its rules nor its own checks run.
    let absent_skipped = unset_skipped && nested;
    if !v.rules.is_empty() {
        let rules = rules_literal(&v.rules);
        let call = quote! {
            __kv::rules(&__p, __new, __prev, #unset_skipped, #rules, __errs);
        };
        body.extend(match absent_skipped {
            true => quote! {
                if !__kv::absent(__new, __opts) {
                    #call
                }
            },
            false => call,
        });
    }

    if body.is_empty() {
        // Most fields: only their own value's checks, one call.
        return match (nested, unset_skipped) {
            (true, false) => quote! {
                __kv::nested(__path, #json, &self.#name, #prev, __opts, __errs);
            },
            (true, true) => quote! {
                __kv::nested_optional(__path, #json, &self.#name, #prev, __opts, __errs);
            },
            (false, _) => TokenStream::new(),
        };
    }
    if nested {
        let check = quote! {
            ::kapi::validation::Validate::validate_at(__new, __prev, &__p, __opts, __errs);
        };
        body.extend(match unset_skipped {
            true => quote! {
                if !__kv::absent(__new, __opts) {
                    #check
                }
            },
            false => check,
        });
    }
    let prev = (v.immutable || nested || !v.rules.is_empty()).then(|| quote!(let __prev = #prev;));
    quote! {
        {
            let __p = __path.child(#json);
            let __new = &self.#name;
            #prev
            #body
        }
    }
}

/// `validation_rule` markers as a `&[kapi::validation::cel::Rule]`.
fn rules_literal(rules: &[ValidationRule]) -> TokenStream {
    let text = |t: &Option<String>| match t {
        Some(t) => quote!(::core::option::Option::Some(::std::borrow::Cow::Borrowed(#t))),
        None => quote!(::core::option::Option::None),
    };
    let rules = rules.iter().map(|r| {
        let rule = &r.rule;
        let message = text(&r.message);
        let message_expression = text(&r.message_expression);
        let reason = text(&r.reason);
        let field_path = text(&r.field_path);
        let optional_old_self = r.optional_old_self;
        quote! {
            ::kapi::validation::cel::Rule {
                rule: ::std::borrow::Cow::Borrowed(#rule),
                message: #message,
                message_expression: #message_expression,
                reason: #reason,
                field_path: #field_path,
                optional_old_self: #optional_old_self,
            }
        }
    });
    quote!(&[#(#rules),*])
}

/// When a string's value checks apply: to a value that was sent. A list's item and an
/// `Option`'s `Some` always were; a plain string when not empty, or, validated as a CRD's
/// schema, always when the field is written even when empty.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sent {
    Always,
    WhenNonEmpty,
    WhenNonEmptyOrSchema,
}

/// Checks on a value `__v` (a reference) of type `ty`, `sent` as the field is. A list's or
/// map's scalar constraints apply to each item or value, as its schema says (`items`,
/// `additionalProperties`).
fn value_checks(m: &Field, ty: &TypeRef, sent: Sent) -> TokenStream {
    let v = &m.validation;
    match ty {
        TypeRef::Scalar(Scalar::String) => string_checks(m, quote!(__v), quote!(&__p), sent),
        TypeRef::Scalar(s) if s.is_number() => number_checks(m, *s, quote!(*__v), quote!(&__p)),
        TypeRef::Vec(item) => {
            let mut out = TokenStream::new();
            if let Some(min) = v.min_items {
                let min = *min as usize;
                out.extend(quote!(__kv::min_items(&__p, __v.len(), #min, __errs);));
            }
            if let Some(max) = v.max_items {
                let max = *max as usize;
                out.extend(quote!(__kv::max_items(&__p, __v.len(), #max, __errs);));
            }
            match m.list_type.as_deref() {
                Some(ListType::Set) => out.extend(quote!(__kv::unique_items(&__p, __v, __errs);)),
                Some(ListType::Map) if !m.list_map_keys.is_empty() => {
                    let keys = &m.list_map_keys;
                    out.extend(quote! {
                        __kv::unique_keys(&__p, __v, &[#(#keys),*], __errs);
                    });
                }
                _ => {}
            }
            let each = item_checks(m, item, quote!(&__p.index(__i)));
            if !each.is_empty() {
                out.extend(quote! {
                    for (__i, __item) in __v.iter().enumerate() {
                        #each
                    }
                });
            }
            out
        }
        TypeRef::Map { value, .. } => {
            let mut out = TokenStream::new();
            if let Some(max) = v.max_items {
                let max = *max as usize;
                out.extend(quote!(__kv::max_items(&__p, __v.len(), #max, __errs);));
            }
            if let Some(min) = v.min_items {
                let min = *min as usize;
                out.extend(quote!(__kv::min_items(&__p, __v.len(), #min, __errs);));
            }
            let each = item_checks(m, value, quote!(&__p.key(__k)));
            if !each.is_empty() {
                out.extend(quote! {
                    for (__k, __item) in __v.iter() {
                        #each
                    }
                });
            }
            out
        }
        _ => TokenStream::new(),
    }
}

/// The scalar checks of one list item or map value `__item` at `path`.
fn item_checks(m: &Field, item: &TypeRef, path: TokenStream) -> TokenStream {
    match item {
        TypeRef::Scalar(Scalar::String) => string_checks(m, quote!(__item), path, Sent::Always),
        TypeRef::Scalar(s) if s.is_number() => number_checks(m, *s, quote!(*__item), path),
        _ => TokenStream::new(),
    }
}

/// Bounds on a number `value` (an expression of the scalar's type) at `path`.
fn number_checks(m: &Field, s: Scalar, value: TokenStream, path: TokenStream) -> TokenStream {
    let v = &m.validation;
    let mut out = TokenStream::new();
    let ty = format_ident!("{}", s.rust_name());
    if let Some(min) = v.minimum {
        let lit = number_literal(s, min.value.value);
        let excl = min.exclusive;
        out.extend(quote! {
            __kv::minimum(#path, #value, (#lit as #ty), #excl, __errs);
        });
    }
    if let Some(max) = v.maximum {
        let lit = number_literal(s, max.value.value);
        let excl = max.exclusive;
        out.extend(quote! {
            __kv::maximum(#path, #value, (#lit as #ty), #excl, __errs);
        });
    }
    out
}

/// Length, pattern and format checks on a string, when it was `sent`: an empty plain
/// `String` is unset for Go validation (`required` reports it), while one that was sent is
/// checked as a CRD's schema checks it (`min_length = 1` refuses `""`).
fn string_checks(m: &Field, value: TokenStream, path: TokenStream, sent: Sent) -> TokenStream {
    let v = &m.validation;
    let mut out = TokenStream::new();
    if let Some(min) = v.min_length {
        let min = *min as usize;
        out.extend(quote!(__kv::min_length(#path, #value, #min, __errs);));
    }
    if let Some(max) = v.max_length {
        let max = *max as usize;
        out.extend(quote!(__kv::max_length(#path, #value, #max, __errs);));
    }
    if let Some(pattern) = &v.pattern {
        out.extend(quote! {
            static __PATTERN: ::std::sync::OnceLock<
                ::core::result::Result<::kapi::__private::regex_lite::Regex, ::std::string::String>,
            > = ::std::sync::OnceLock::new();
            __kv::pattern(#path, #value, #pattern, &__PATTERN, __errs);
        });
    }
    if let Some(format) = &v.format {
        out.extend(quote!(__kv::format(#path, #value, #format, __errs);));
    }
    let guard = match sent {
        _ if out.is_empty() => return out,
        Sent::Always => return out,
        Sent::WhenNonEmpty => quote!(!#value.is_empty()),
        Sent::WhenNonEmptyOrSchema => quote!(__opts.schema() || !#value.is_empty()),
    };
    quote! {
        if #guard {
            #out
        }
    }
}

/// `required`: Go validation's "missing" is an empty string, list or map (or an unset
/// `Option`); a CRD schema's is a key the JSON leaves out or writes `null`, which for a
/// field written even when empty (`presence = "always"`) never happens. One check when
/// the two agree, else both, picked by the style at run time.
fn required_check(m: &Field) -> TokenStream {
    let built_in = match &m.ty {
        TypeRef::Option(_) => quote!(__new.is_none()),
        TypeRef::Scalar(Scalar::String) | TypeRef::Vec(_) | TypeRef::Map { .. } => {
            quote!(__new.is_empty())
        }
        _ => quote!(false),
    };
    let schema = match (&m.ty, m.presence) {
        (TypeRef::Option(_), _) => quote!(__new.is_none()),
        (_, Presence::Always) | (TypeRef::Box(_), _) => quote!(false),
        (TypeRef::Scalar(Scalar::String) | TypeRef::Vec(_) | TypeRef::Map { .. }, _) => {
            quote!(__new.is_empty())
        }
        // Numbers, bools, string enums and `ByteString`s left out at their zero value; a
        // struct is always written, so never missing.
        _ => quote!(!::kapi::feature_gates::IsSet::is_set(__new)),
    };
    if built_in.to_string() == schema.to_string() {
        return quote!(__kv::required(&__p, #built_in, __errs););
    }
    quote!(__kv::required_in(&__p, __opts, #built_in, #schema, __errs);)
}

/// Union rules: members are the fields other than the discriminator; the discriminator
/// value selecting a member is the member's JSON name with its first letter upper-cased,
/// Kubernetes' convention.
fn union_checks(input: &Input) -> TokenStream {
    if !input.def.union {
        return TokenStream::new();
    }
    let fields = input.fields();
    let discriminator = fields.iter().find(|(m, _)| m.union_discriminator);
    let members: Vec<_> = fields
        .iter()
        .filter(|(m, _)| !m.union_discriminator)
        .collect();
    let member_exprs = members.iter().map(|(m, f)| {
        let name = field_ident(f);
        let json = &m.json_name;
        let value = m.discriminator_value();
        quote! {
            __kv::UnionMember {
                name: #json,
                set: ::kapi::feature_gates::IsSet::is_set(&self.#name),
                discriminator_value: #value,
            }
        }
    });
    let sets_equal = members.iter().map(|(_, f)| {
        let name = field_ident(f);
        quote! {
            ::kapi::feature_gates::IsSet::is_set(&self.#name) == ::kapi::feature_gates::IsSet::is_set(&__o.#name)
        }
    });
    let (disc, disc_equal) = match discriminator {
        Some((m, f)) => {
            let name = field_ident(f);
            let json = &m.json_name;
            let value = match &m.ty {
                TypeRef::Option(_) => {
                    quote!(self.#name.as_ref().map(|__d| __d.as_str()).unwrap_or(""))
                }
                _ => quote!(self.#name.as_str()),
            };
            let old_value = match &m.ty {
                TypeRef::Option(_) => {
                    quote!(__o.#name.as_ref().map(|__d| __d.as_str()).unwrap_or(""))
                }
                _ => quote!(__o.#name.as_str()),
            };
            (
                quote!(::core::option::Option::Some((#json, #value))),
                quote!(&& #value == #old_value),
            )
        }
        None => (quote!(::core::option::Option::None), TokenStream::new()),
    };
    quote! {
        {
            let __unchanged = __old.is_some_and(|__o| true #(&& #sets_equal)* #disc_equal);
            __kv::union(
                __path,
                &[#(#member_exprs),*],
                #disc,
                __unchanged,
                __errs,
            );
        }
    }
}

fn number_literal(s: Scalar, value: f64) -> Literal {
    if s.is_integer() {
        Literal::i64_unsuffixed(value as i64)
    } else {
        Literal::f64_unsuffixed(value)
    }
}
