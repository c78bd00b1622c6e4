//! The patch metadata of API types, known at compile time: for each struct, its JSON
//! fields with the strategic merge patch markers (`patch_strategy`, `patch_merge_key`)
//! and the server-side apply markers (`list_type`, `list_map_keys`, `map_type`) Kubernetes
//! reads from Go struct tags. `#[derive(ApiType)]` writes one static [`Struct`] per type;
//! the embedded server turns a kind's shape into the same schema nodes the OpenAPI
//! documents give, so strategic merge and apply need no documents.
//!
//! Only what those algorithms read is described: scalars, strings and enums are all
//! [`Shape::Leaf`], and a named type is a function returning its shape, which keeps
//! recursive types (`JSONSchemaProps`) finite.

/// The patch-relevant shape of a type.
#[derive(Clone, Copy)]
pub enum Shape {
    /// A scalar, an enum or opaque JSON: replaced as a whole.
    Leaf,
    /// A list of items of this shape.
    List(&'static Shape),
    /// A map from strings to values of this shape.
    Map(&'static Shape),
    /// A struct.
    Struct(&'static Struct),
    /// A named type, resolved when read.
    Named(fn() -> Shape),
}

/// A struct's fields.
pub struct Struct {
    pub fields: &'static [Field],
    /// `struct_type = "atomic"`: replaced and owned as a whole by apply.
    pub atomic: bool,
}

/// One field, as it is written in JSON.
pub struct Field {
    pub json_name: &'static str,
    /// An embedded struct whose fields are written into this object.
    pub inline: bool,
    pub shape: Shape,
    /// `patch_strategy` as written (`merge`, `retainKeys`, `merge,retainKeys`, `replace`);
    /// empty when absent.
    pub patch_strategy: &'static str,
    /// `patch_merge_key`; empty when absent.
    pub patch_merge_key: &'static str,
    /// `list_type` (`atomic`, `set`, `map`); empty when absent.
    pub list_type: &'static str,
    pub list_map_keys: &'static [&'static str],
    /// `map_type` (`atomic`, `granular`); empty when absent.
    pub map_type: &'static str,
    /// The field's `default` as JSON; empty when absent. Apply reads it for list map keys.
    pub default: &'static str,
}

impl Field {
    /// A field without markers; the derive sets the markers a field has with struct update
    /// syntax over this.
    pub const fn new(json_name: &'static str, shape: Shape) -> Field {
        Field {
            json_name,
            inline: false,
            shape,
            patch_strategy: "",
            patch_merge_key: "",
            list_type: "",
            list_map_keys: &[],
            map_type: "",
            default: "",
        }
    }
}

impl Shape {
    /// A named type's shape; other shapes as they are.
    pub fn resolve(self) -> Shape {
        match self {
            Shape::Named(f) => f().resolve(),
            other => other,
        }
    }
}

/// The patch shape of a type: derived for API types, [`Shape::Leaf`] for scalars.
pub trait PatchShape {
    fn shape() -> Shape {
        Shape::Leaf
    }
}

impl<T: PatchShape> PatchShape for Option<T> {
    fn shape() -> Shape {
        T::shape()
    }
}

impl<T: PatchShape> PatchShape for Box<T> {
    fn shape() -> Shape {
        T::shape()
    }
}
