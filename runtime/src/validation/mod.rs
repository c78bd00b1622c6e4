//! Field errors as Kubernetes reports them (k8s.io/apimachinery/pkg/util/validation/field).

mod field_error;

pub use field_error::{ErrorList, ErrorType, FieldError};
