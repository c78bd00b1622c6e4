//! Field types as the generators need them: containers unwrapped, scalars named, the rest
//! kept as paths.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeRef {
    Option(Box<TypeRef>),
    Vec(Box<TypeRef>),
    Map {
        key: Box<TypeRef>,
        value: Box<TypeRef>,
        /// The Rust map type's name (`BTreeMap`, `HashMap`, `IndexMap`, or kapi's
        /// `StringMap` of strings to strings).
        container: String,
    },
    Box(Box<TypeRef>),
    Scalar(Scalar),
    /// Any other type, by path segments (`["kapi", "meta", "ObjectMeta"]`).
    Named(Vec<String>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    String,
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F32,
    F64,
}

impl Scalar {
    fn from_ident(s: &str) -> Option<Scalar> {
        Some(match s {
            "String" => Scalar::String,
            "bool" => Scalar::Bool,
            "i8" => Scalar::I8,
            "i16" => Scalar::I16,
            "i32" => Scalar::I32,
            "i64" => Scalar::I64,
            "u8" => Scalar::U8,
            "u16" => Scalar::U16,
            "u32" => Scalar::U32,
            "u64" => Scalar::U64,
            "f32" => Scalar::F32,
            "f64" => Scalar::F64,
            _ => return None,
        })
    }

    pub fn rust_name(self) -> &'static str {
        match self {
            Scalar::String => "String",
            Scalar::Bool => "bool",
            Scalar::I8 => "i8",
            Scalar::I16 => "i16",
            Scalar::I32 => "i32",
            Scalar::I64 => "i64",
            Scalar::U8 => "u8",
            Scalar::U16 => "u16",
            Scalar::U32 => "u32",
            Scalar::U64 => "u64",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
        }
    }

    pub fn is_integer(self) -> bool {
        !matches!(
            self,
            Scalar::String | Scalar::Bool | Scalar::F32 | Scalar::F64
        )
    }

    pub fn is_number(self) -> bool {
        !matches!(self, Scalar::String | Scalar::Bool)
    }
}

impl TypeRef {
    pub fn from_syn(ty: &syn::Type) -> TypeRef {
        match ty {
            syn::Type::Path(p) if p.qself.is_none() => {
                let segs: Vec<&syn::PathSegment> = p.path.segments.iter().collect();
                let Some(last) = segs.last() else {
                    return TypeRef::Named(Vec::new());
                };
                let name = last.ident.to_string();
                let args: Vec<&syn::Type> = match &last.arguments {
                    syn::PathArguments::AngleBracketed(a) => a
                        .args
                        .iter()
                        .filter_map(|a| match a {
                            syn::GenericArgument::Type(t) => Some(t),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                match (name.as_str(), args.as_slice()) {
                    ("Option", [inner]) => TypeRef::Option(Box::new(TypeRef::from_syn(inner))),
                    ("Vec", [inner]) => TypeRef::Vec(Box::new(TypeRef::from_syn(inner))),
                    ("Box", [inner]) => TypeRef::Box(Box::new(TypeRef::from_syn(inner))),
                    ("BTreeMap" | "HashMap" | "IndexMap", [k, v]) => TypeRef::Map {
                        key: Box::new(TypeRef::from_syn(k)),
                        value: Box::new(TypeRef::from_syn(v)),
                        container: name,
                    },
                    // kapi's compact map of labels and annotations.
                    ("StringMap", []) => TypeRef::Map {
                        key: Box::new(TypeRef::Scalar(Scalar::String)),
                        value: Box::new(TypeRef::Scalar(Scalar::String)),
                        container: name,
                    },
                    (_, []) if segs.len() == 1 => match Scalar::from_ident(&name) {
                        Some(s) => TypeRef::Scalar(s),
                        None => TypeRef::Named(vec![name]),
                    },
                    _ => TypeRef::Named(segs.iter().map(|s| s.ident.to_string()).collect()),
                }
            }
            other => TypeRef::Named(vec![quote::ToTokens::to_token_stream(other).to_string()]),
        }
    }

    /// The type without one `Option` around it.
    pub fn strip_option(&self) -> &TypeRef {
        match self {
            TypeRef::Option(inner) => inner,
            other => other,
        }
    }

    pub fn is_option(&self) -> bool {
        matches!(self, TypeRef::Option(_))
    }

    /// The last path segment of a named type, e.g. `ObjectMeta`.
    pub fn named_last(&self) -> Option<&str> {
        match self {
            TypeRef::Named(p) => p.last().map(String::as_str),
            _ => None,
        }
    }

    /// Whether a named type occurs anywhere inside: what per-type code (defaults, validation,
    /// gated fields) must descend into; scalars and collections of scalars have nothing.
    pub fn names_a_type(&self) -> bool {
        match self {
            TypeRef::Scalar(_) => false,
            TypeRef::Option(inner) | TypeRef::Vec(inner) | TypeRef::Box(inner) => {
                inner.names_a_type()
            }
            TypeRef::Map { value, .. } => value.names_a_type(),
            TypeRef::Named(_) => true,
        }
    }

    /// Types whose emptiness Go's `omitempty` can see: strings, numbers, bools, collections.
    pub fn has_empty_value(&self) -> bool {
        matches!(
            self,
            TypeRef::Scalar(_) | TypeRef::Vec(_) | TypeRef::Map { .. }
        )
    }
}

impl fmt::Display for TypeRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeRef::Option(i) => write!(f, "Option<{i}>"),
            TypeRef::Vec(i) => write!(f, "Vec<{i}>"),
            TypeRef::Box(i) => write!(f, "Box<{i}>"),
            TypeRef::Map {
                key,
                value,
                container,
            } if container == "StringMap" => f.write_str(container),
            TypeRef::Map {
                key,
                value,
                container,
            } => write!(f, "{container}<{key}, {value}>"),
            TypeRef::Scalar(s) => f.write_str(s.rust_name()),
            TypeRef::Named(p) => f.write_str(&p.join("::")),
        }
    }
}
