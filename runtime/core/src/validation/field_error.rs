use serde_json::Value;
use std::fmt;

/// The kinds of field error; their text is Kubernetes' own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorType {
    NotFound,
    Required,
    Duplicate,
    Invalid,
    /// A value of the wrong JSON type (a custom resource's schema `type`); shown as
    /// `Invalid value`, with its own cause reason.
    TypeInvalid,
    NotSupported,
    Forbidden,
    TooLong,
    TooMany,
    Internal,
}

impl ErrorType {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::Internal => "Internal error",
        }
    }

    /// The `reason` of a `StatusCause` (`FieldValueInvalid`, ...).
    pub fn cause_reason(self) -> &'static str {
        match self {
            ErrorType::NotFound => "FieldValueNotFound",
            ErrorType::Required => "FieldValueRequired",
            ErrorType::Duplicate => "FieldValueDuplicate",
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::TypeInvalid => "FieldValueTypeInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::TooLong => "FieldValueTooLong",
            ErrorType::TooMany => "FieldValueTooMany",
            ErrorType::Internal => "InternalError",
        }
    }
}

impl fmt::Display for ErrorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem with one field: `spec.replicas: Invalid value: -1: must be greater than or
/// equal to 0`.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    pub error_type: ErrorType,
    /// The field path, e.g. `spec.ports[0].name`.
    pub field: String,
    /// The offending value; `None` leaves it out of the message.
    pub bad_value: Option<Value>,
    pub detail: String,
}

impl FieldError {
    pub fn new(
        error_type: ErrorType,
        field: impl Into<String>,
        bad_value: Option<Value>,
        detail: impl Into<String>,
    ) -> Self {
        FieldError {
            error_type,
            field: field.into(),
            bad_value,
            detail: detail.into(),
        }
    }

    pub fn invalid(field: impl Into<String>, value: impl Into<Value>, detail: &str) -> Self {
        Self::new(ErrorType::Invalid, field, Some(value.into()), detail)
    }

    pub fn required(field: impl Into<String>, detail: &str) -> Self {
        Self::new(ErrorType::Required, field, None, detail)
    }

    /// A value outside an enum's set: `Unsupported value: "x": supported values: "A", "B"`.
    pub fn not_supported(field: impl Into<String>, value: &str, supported: &[&str]) -> Self {
        let supported: Vec<String> = supported.iter().map(|v| format!("{v:?}")).collect();
        Self::new(
            ErrorType::NotSupported,
            field,
            Some(Value::String(value.to_string())),
            format!("supported values: {}", supported.join(", ")),
        )
    }

    pub fn forbidden(field: impl Into<String>, detail: &str) -> Self {
        Self::new(ErrorType::Forbidden, field, None, detail)
    }

    /// The message without the field path, as Kubernetes' `ErrorBody`: the value is shown
    /// for the types that carry one (strings quoted), and never for Required, Forbidden,
    /// TooLong and Internal.
    pub fn body(&self) -> String {
        let mut s = self.error_type.as_str().to_string();
        let shows_value = !matches!(
            self.error_type,
            ErrorType::Required | ErrorType::Forbidden | ErrorType::TooLong | ErrorType::Internal
        );
        if let (true, Some(value)) = (shows_value, &self.bad_value) {
            s.push_str(": ");
            match value {
                // Go prints strings with %q; JSON string escaping is the same for the
                // characters API values contain.
                Value::String(_) | Value::Bool(_) => s.push_str(&value.to_string()),
                Value::Number(n) => s.push_str(&go_number(n)),
                Value::Null => s.push_str("null"),
                other => s.push_str(&go_syntax(other)),
            }
        }
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }
}

/// A number as Go's `%v` prints it: floats without a fraction lose the `.0`.
pub(crate) fn go_number(n: &serde_json::Number) -> String {
    match n.as_f64() {
        Some(f) if !n.is_i64() && !n.is_u64() && f.fract() == 0.0 && f.abs() < 1e21 => {
            format!("{f:.0}")
        }
        _ => n.to_string(),
    }
}

/// A composite value as apimachinery (1.34 on) renders a bad value it cannot print plainly:
/// `json.Marshal`'s output (`{"name":"http"}`), object keys sorted, `<`, `>` and `&`
/// escaped as Go escapes them.
fn go_syntax(value: &Value) -> String {
    let json = serde_json::to_string(value).unwrap_or_default();
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.body())
    }
}

impl std::error::Error for FieldError {}

/// Every field error of one object, in the order found.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ErrorList(pub Vec<FieldError>);

impl ErrorList {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn push(&mut self, e: FieldError) {
        self.0.push(e)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, FieldError> {
        self.0.iter()
    }

    /// `Ok(())` when empty, so callers can `?` a finished list.
    pub fn into_result(self) -> Result<(), ErrorList> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }
}

impl From<FieldError> for ErrorList {
    fn from(e: FieldError) -> Self {
        ErrorList(vec![e])
    }
}

/// Kubernetes' aggregate form: one error alone, or `[a, b]`.
impl fmt::Display for ErrorList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [one] => write!(f, "{one}"),
            many => {
                f.write_str("[")?;
                for (i, e) in many.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str("]")
            }
        }
    }
}

impl std::error::Error for ErrorList {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_kubernetes() {
        let e = FieldError::invalid("spec.replicas", -1, "must be greater than or equal to 0");
        assert_eq!(
            e.to_string(),
            "spec.replicas: Invalid value: -1: must be greater than or equal to 0"
        );
        let e = FieldError::invalid("spec.param", "x", "must equal `params[0]`");
        assert_eq!(
            e.to_string(),
            "spec.param: Invalid value: \"x\": must equal `params[0]`"
        );
        assert_eq!(
            FieldError::required("spec.param", "").to_string(),
            "spec.param: Required value"
        );
        let list = ErrorList(vec![
            FieldError::required("a", ""),
            FieldError::forbidden("b", "no"),
        ]);
        assert_eq!(list.to_string(), "[a: Required value, b: Forbidden: no]");
    }
}
