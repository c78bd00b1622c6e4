//! A kind described by an OpenAPI v3 schema alone, as a CustomResourceDefinition's version
//! describes one: what the server registers to serve a kind no Rust type was compiled for.

use super::conversion_webhook::ConversionWebhook;
use super::schema_rules;
use kapi_core::codec::CodecError;
use kapi_core::conversion::ConversionError;
use kapi_core::feature_gates::FeatureGates;
use kapi_core::meta::ObjectMeta;
use kapi_core::scheme::{Converted, GroupVersionKind, KindHandler, Object, SchemaObject};
use kapi_core::validation::{ErrorList, ErrorType, FieldError, Options, Path, ValidateHook};
use kapi_schema::structural::{check_schema, Violation};
use kapi_schema::validate::{Failure, FailureKind};
use serde_json::Value;
use std::sync::Arc;

/// The objects of one group-version-kind, read, defaulted and validated by its schema as
/// kube-apiserver's apiextensions server does for a custom resource: `metadata` as
/// Kubernetes' `ObjectMeta` (validated as every object's is), every other field by the
/// schema (unknown fields pruned, structural defaults, then the schema's checks with
/// kube-apiserver's messages).
/// No protobuf, no strategic merge patch; versions of one kind convert as a CRD's
/// `None` strategy converts them (the same fields under the other `apiVersion`).
#[derive(Debug)]
pub struct SchemaKind {
    gvk: GroupVersionKind,
    schema: Value,
    /// Whether the schema has `x-kubernetes-validations` anywhere.
    has_rules: bool,
    /// The CRD's conversion webhook, when its strategy is `Webhook`.
    webhook: Option<Arc<ConversionWebhook>>,
}

impl SchemaKind {
    /// A kind of `group`/`version` named `kind`, whose objects `schema` describes (a CRD
    /// version's `schema.openAPIV3Schema`). A schema kube-apiserver would refuse in a CRD
    /// (not structural, or breaking the CRD rules) is refused here with the same reasons.
    pub fn new(
        group: &str,
        version: &str,
        kind: &str,
        schema: Value,
    ) -> Result<SchemaKind, Vec<Violation>> {
        let violations = check_schema(&schema, "openAPIV3Schema");
        if !violations.is_empty() {
            return Err(violations);
        }
        Ok(SchemaKind {
            gvk: GroupVersionKind::new(group, version, kind),
            has_rules: schema_rules::has_rules(&schema),
            schema,
            webhook: None,
        })
    }

    /// Converts to the kind's other versions through `webhook` instead of rewriting
    /// `apiVersion` (a CRD's `Webhook` strategy).
    pub(crate) fn with_conversion_webhook(mut self, webhook: Arc<ConversionWebhook>) -> Self {
        self.webhook = Some(webhook);
        self
    }

    /// What the schema checks: the object without `metadata`, which is checked as
    /// `ObjectMeta` instead (a CRD's schema may say nothing of it beyond `name`).
    fn checked_value(object: &SchemaObject) -> Value {
        let mut fields = object.fields.clone();
        fields.insert("apiVersion".into(), object.api_version().into());
        fields.insert("kind".into(), object.kind().into());
        Value::Object(fields)
    }

    /// What a CRD's rules see as `self` at the root: the checked value with `metadata`'s
    /// `name` and `generateName` (the only metadata apiextensions lets a rule read).
    fn rule_value(object: &SchemaObject) -> Value {
        let mut value = Self::checked_value(object);
        let mut meta = serde_json::Map::new();
        for (key, text) in [
            ("name", &object.metadata.name),
            ("generateName", &object.metadata.generate_name),
        ] {
            if !text.is_empty() {
                meta.insert(key.into(), text.as_str().into());
            }
        }
        if let Value::Object(fields) = &mut value {
            fields.insert("metadata".into(), Value::Object(meta));
        }
        value
    }

    /// The schema's checks, list types and rules, as apiextensions' strategy runs them on
    /// create (`old` none) and update (ratcheted): rules only when nothing blocking failed.
    fn check_schema(
        &self,
        object: &SchemaObject,
        old: Option<&SchemaObject>,
        errors: &mut ErrorList,
    ) {
        let value = Self::checked_value(object);
        let old_value = old.map(Self::checked_value);
        let (failures, list_failures) = match &old_value {
            Some(old) => (
                kapi_schema::validate::validate_update(&value, old, &self.schema),
                kapi_schema::listtype::validate_update(&value, old, &self.schema),
            ),
            None => (
                kapi_schema::validate::validate(&value, &self.schema),
                kapi_schema::listtype::validate(&value, &self.schema),
            ),
        };
        for failure in failures.into_iter().chain(list_failures) {
            errors.push(field_error(failure));
        }
        if !self.has_rules {
            return;
        }
        let blocking = errors.iter().any(|e| {
            matches!(
                e.error_type,
                ErrorType::NotSupported
                    | ErrorType::Required
                    | ErrorType::TooLong
                    | ErrorType::TooMany
                    | ErrorType::TypeInvalid
            )
        });
        if blocking {
            errors.push(FieldError::new(
                ErrorType::Invalid,
                "",
                Some(Value::Null),
                "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
            ));
            return;
        }
        let value = Self::rule_value(object);
        let old_value = old.map(Self::rule_value);
        schema_rules::check(&value, old_value.as_ref(), &self.schema, errors);
    }
}

impl KindHandler for SchemaKind {
    fn decode_json(&self, input: &[u8]) -> Result<Box<dyn Object>, serde_json::Error> {
        let mut object = SchemaObject::from_json(&self.gvk, input)?;
        // kube-apiserver's decoder prunes what the schema does not specify, and reports it
        // for `fieldValidation` (Strict refuses, Warn warns).
        let mut value = Value::Object(std::mem::take(&mut object.fields));
        let pruned = kapi_schema::prune::prune(&mut value, &self.schema, true);
        kapi_core::codec::report_unknown_fields(pruned);
        if let Value::Object(fields) = value {
            object.fields = fields;
        }
        Ok(Box::new(object))
    }

    fn apply_defaults(&self, obj: &mut dyn Object) {
        let Some(object) = obj.downcast_mut::<SchemaObject>() else {
            return;
        };
        let mut value = Value::Object(std::mem::take(&mut object.fields));
        kapi_schema::defaults::apply(&mut value, &self.schema);
        if let Value::Object(fields) = value {
            object.fields = fields;
        }
    }

    fn drop_disabled_fields(&self, _: &mut dyn Object, _: Option<&dyn Object>, _: &FeatureGates) {
        // A schema has no feature-gated fields.
    }

    fn validate(
        &self,
        obj: &dyn Object,
        old: Option<&dyn Object>,
        gates: &FeatureGates,
    ) -> ErrorList {
        let Some(object) = obj.downcast_ref::<SchemaObject>() else {
            return ErrorList::default();
        };
        let mut errors = ErrorList::default();
        let old_meta = old
            .and_then(|o| o.downcast_ref::<SchemaObject>())
            .map(|o| &o.metadata);
        let old = old.and_then(|o| o.downcast_ref::<SchemaObject>());
        let root = Path::root();
        ObjectMeta::validate_hook(
            &object.metadata,
            old_meta,
            &root.child("metadata"),
            &Options::with_gates(gates),
            &mut errors,
        );
        self.check_schema(object, old, &mut errors);
        errors
    }

    fn normalize(&self, _: &mut dyn Object, _: Option<&dyn Object>) -> Result<(), ErrorList> {
        Ok(())
    }

    fn object_meta<'a>(&self, obj: &'a dyn Object) -> Option<&'a ObjectMeta> {
        obj.downcast_ref::<SchemaObject>().map(|o| &o.metadata)
    }

    fn object_meta_mut<'a>(&self, obj: &'a mut dyn Object) -> Option<&'a mut ObjectMeta> {
        obj.downcast_mut::<SchemaObject>().map(|o| &mut o.metadata)
    }

    fn supports_protobuf(&self) -> bool {
        false
    }

    fn encode_protobuf(&self, _: &dyn Object) -> Option<Vec<u8>> {
        None
    }

    fn encode_raw_protobuf(&self, _: &dyn Object) -> Option<Vec<u8>> {
        None
    }

    fn decode_protobuf(&self, _: &[u8]) -> Option<Result<Box<dyn Object>, CodecError>> {
        None
    }

    fn has_hub(&self) -> bool {
        false
    }

    fn convert_version(&self, obj: &dyn Object, target: &GroupVersionKind) -> Option<Converted> {
        let webhook = self.webhook.as_ref()?;
        let object = obj.downcast_ref::<SchemaObject>()?;
        let converted = (object as &dyn Object)
            .to_json_value()
            .map_err(|e| ConversionError::new(e.to_string()))
            .and_then(|value| webhook.convert(&value, &target.api_version()))
            .and_then(|value| {
                serde_json::to_vec(&value)
                    .and_then(|bytes| SchemaObject::from_json(target, &bytes))
                    .map_err(|e| ConversionError::new(e.to_string()))
            })
            .map(|object| Box::new(object) as Box<dyn Object>);
        Some(converted)
    }

    fn version_to_hub(&self, _: Box<dyn Object>) -> Option<Converted> {
        None
    }

    fn hub_to_version(&self, _: Box<dyn Object>) -> Option<Converted> {
        None
    }
}

/// A schema failure as apiextensions reports it: Kubernetes' field error of the same type.
fn field_error(failure: Failure) -> FieldError {
    let Failure { path, kind } = failure;
    match kind {
        FailureKind::Required => FieldError::new(ErrorType::Required, path, None, ""),
        FailureKind::TypeInvalid { value, message } => {
            FieldError::new(ErrorType::TypeInvalid, path, Some(value), message)
        }
        FailureKind::NotSupported { value, supported } => {
            let supported: Vec<String> = supported.iter().map(|v| format!("{v:?}")).collect();
            FieldError::new(
                ErrorType::NotSupported,
                path,
                Some(value),
                format!("supported values: {}", supported.join(", ")),
            )
        }
        FailureKind::TooLong { max } => FieldError::new(
            ErrorType::TooLong,
            path,
            None,
            format!("may not be more than {max} {}", plural(max, "byte")),
        ),
        FailureKind::TooMany { actual, max } => FieldError::new(
            ErrorType::TooMany,
            path,
            Some(actual.into()),
            format!("must have at most {max} {}", plural(max, "item")),
        ),
        FailureKind::Invalid { value, message } => {
            FieldError::new(ErrorType::Invalid, path, Some(value), message)
        }
        FailureKind::Duplicate { value } => {
            FieldError::new(ErrorType::Duplicate, path, Some(value), "")
        }
    }
}

fn plural(n: u64, one: &str) -> String {
    if n == 1 {
        one.to_string()
    } else {
        format!("{one}s")
    }
}
