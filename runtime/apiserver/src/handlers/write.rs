//! create, update (main resource and `/status`), patch, delete and deletecollection: the
//! write pipeline of the API change guide (decode → default → normalize → internal →
//! validate → storage version → store) inside kube-apiserver's generic registry rules.

use crate::context::{Ctx, Reply};
use crate::lifecycle::{self, meta_str};
use crate::store::{ObjectKey, StoreError};
use crate::stored::Stored;
use http::StatusCode;
use kapi_core::Object;
use kapi_serving::negotiate::Encoding;
use kapi_serving::StatusError;
use serde_json::{json, Value};
use std::sync::Arc;

/// Why an update closure stopped without writing.
enum Stop {
    Failed(StatusError),
    /// `dryRun`: the object that would have been written.
    DryRun(Box<dyn Object>),
    /// The update emptied the finalizers of an object being deleted: it goes away.
    DeleteNow,
}

impl From<StatusError> for Stop {
    fn from(e: StatusError) -> Self {
        Stop::Failed(e)
    }
}

/// `fieldValidation`: what to do with unknown and duplicate fields.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FieldValidation {
    Ignore,
    Warn,
    Strict,
}

fn field_validation(ctx: &Ctx<'_>) -> Result<FieldValidation, StatusError> {
    match ctx.query.get("fieldValidation") {
        None | Some("") | Some("Warn") => Ok(FieldValidation::Warn),
        Some("Ignore") => Ok(FieldValidation::Ignore),
        Some("Strict") => Ok(FieldValidation::Strict),
        Some(other) => Err(StatusError::bad_request(format!(
            "fieldValidation must be one of Ignore, Warn, or Strict, got {other:?}"
        ))),
    }
}

/// Reports unknown and duplicate fields as the request asked: a 400, warnings, or
/// nothing.
fn check_fields(ctx: &mut Ctx<'_>, problems: Vec<String>) -> Result<(), StatusError> {
    if problems.is_empty() {
        return Ok(());
    }
    match field_validation(ctx)? {
        FieldValidation::Ignore => Ok(()),
        FieldValidation::Warn => {
            ctx.warnings.extend(problems);
            Ok(())
        }
        FieldValidation::Strict => Err(StatusError::bad_request(format!(
            "strict decoding error: {}",
            problems.join(", ")
        ))),
    }
}

/// The request body as JSON in some served version of the resource's kind; a missing
/// apiVersion/kind is taken from the URL, as the API server's decoder defaults it.
pub(super) fn decode_body(ctx: &mut Ctx<'_>, body: &[u8]) -> Result<Value, StatusError> {
    let mut problems = Vec::new();
    let mut value: Value = match ctx.body_encoding()? {
        Encoding::Json => {
            if let Ok(duplicates) = kapi_core::codec::json::duplicate_fields(body) {
                problems.extend(duplicates.iter().map(|p| format!("duplicate field {p:?}")));
            }
            serde_json::from_slice(body).map_err(|e| {
                StatusError::bad_request(format!("error decoding request body: {e}"))
            })?
        }
        Encoding::Yaml => {
            // Through the codec: nesting bounded as JSON's is, repeated keys found.
            let strict = kapi_core::codec::yaml::from_slice_strict::<Value>(body).map_err(|e| {
                StatusError::bad_request(format!("error decoding YAML request body: {e}"))
            })?;
            problems.extend(strict.messages());
            strict.value
        }
        Encoding::Protobuf => ctx
            .state
            .scheme
            .decode_without_defaults(body)
            .map_err(StatusError::from)?
            .to_json_value()
            .map_err(StatusError::internal)?,
    };
    check_type(ctx, &mut value)?;
    let unknown = ctx
        .state
        .scheme
        .unknown_fields(&value)
        .map_err(StatusError::from)?;
    problems.extend(unknown.iter().map(|p| format!("unknown field {p:?}")));
    check_fields(ctx, problems)?;
    // Gone before anything else reads the body: kube-apiserver's decoder drops them, so
    // managed fields never own them.
    for path in &unknown {
        remove_path(&mut value, path);
    }
    Ok(value)
}

/// Removes the field at `path` (`spec.ports[0].colour`, as unknown fields are named).
fn remove_path(value: &mut Value, path: &str) {
    let mut segments: Vec<&str> = Vec::new();
    for part in path.split('.') {
        let (key, indexes) = part.split_once('[').unwrap_or((part, ""));
        if !key.is_empty() {
            segments.push(key);
        }
        if !indexes.is_empty() {
            segments.extend(indexes.split('[').map(|i| i.trim_end_matches(']')));
        }
    }
    let Some((last, parents)) = segments.split_last() else {
        return;
    };
    let mut at = value;
    for segment in parents {
        let next = match at {
            Value::Object(map) => map.get_mut(*segment),
            Value::Array(items) => segment.parse::<usize>().ok().and_then(|i| items.get_mut(i)),
            _ => None,
        };
        match next {
            Some(next) => at = next,
            None => return,
        }
    }
    if let Value::Object(map) = at {
        map.remove(*last);
    }
}

/// apiVersion and kind must name this resource's kind in a served version of its group.
fn check_type(ctx: &Ctx<'_>, value: &mut Value) -> Result<(), StatusError> {
    let r = ctx.resource;
    let obj = value
        .as_object_mut()
        .ok_or_else(|| StatusError::bad_request("the request body is not a JSON object"))?;
    let kind = obj.get("kind").and_then(Value::as_str).unwrap_or("");
    if kind.is_empty() {
        obj.insert("kind".into(), json!(r.kind()));
    } else if kind != r.kind() {
        return Err(StatusError::bad_request(format!(
            "the kind in the data ({kind}) does not match the expected kind ({})",
            r.kind()
        )));
    }
    let api_version = obj.get("apiVersion").and_then(Value::as_str).unwrap_or("");
    if api_version.is_empty() {
        obj.insert("apiVersion".into(), json!(r.api_version()));
        return Ok(());
    }
    let gvk = kapi_core::scheme::GroupVersionKind::from_api_version(api_version, r.kind());
    if gvk.group != r.group() || !ctx.state.scheme.recognizes(&gvk) {
        return Err(StatusError::bad_request(format!(
            "the API version in the data ({api_version}) does not match the expected API version ({})",
            r.api_version()
        )));
    }
    Ok(())
}

/// decode → default → normalize → internal → drop disabled fields → validate → storage
/// version.
fn admit(
    ctx: &Ctx<'_>,
    value: Value,
    old: Option<&Stored>,
) -> Result<Box<dyn Object>, StatusError> {
    let scheme = &ctx.state.scheme;
    let name = meta_str(&value, "name").to_string();
    let mut obj = decode_defaulted(ctx, value)?;
    // Checked as kube-apiserver checks it: after its defaults (a singular and list kind
    // derived from the kind).
    crate::crds::admit(ctx.resource, obj.as_ref(), old.map(|o| o.object.as_ref()))
        .map_err(|errors| StatusError::invalid(ctx.target(&name), &errors))?;
    // Admission webhooks: mutating ones on the defaulted object (what they patch is
    // decoded and defaulted again), validating ones on the object as it will be stored.
    if let Some(snapshot) = &ctx.admission {
        obj = admission_webhooks(ctx, snapshot, obj, old, &name)?;
    }
    let old_internal = match old {
        Some(o) => Some(
            scheme
                .to_internal(o.object.clone_object())
                .map_err(StatusError::internal)?,
        ),
        None => None,
    };
    let internal = scheme
        .prepare(obj, old_internal.as_deref())
        .map_err(|e| ctx.scheme_error(e, &name))?;
    scheme
        .convert(internal, &ctx.resource.storage_api_version())
        .map_err(StatusError::internal)
}

/// The stored admission webhooks run on a write's defaulted object: the object they leave.
fn admission_webhooks(
    ctx: &Ctx<'_>,
    snapshot: &crate::admission_webhooks::Snapshot,
    mut obj: Box<dyn Object>,
    old: Option<&Stored>,
    name: &str,
) -> Result<Box<dyn Object>, StatusError> {
    let old_json = match old {
        Some(o) => Some(ctx.present_json(o)?),
        None => None,
    };
    let operation = if old.is_some() { "UPDATE" } else { "CREATE" };
    let attributes = ctx.admission_attributes(operation, name, write_options(ctx, operation)?)?;
    let versions = WriteVersions(ctx);
    let before = obj.to_json_value().map_err(StatusError::internal)?;
    let mut json = Some(before.clone());
    crate::admission_webhooks::mutate(
        snapshot,
        &attributes,
        &versions,
        &mut json,
        old_json.as_ref(),
    )?;
    let json = json.unwrap_or(Value::Null);
    if json != before {
        obj = decode_defaulted(ctx, json.clone())?;
    }
    let json = obj.to_json_value().map_err(StatusError::internal)?;
    crate::admission_webhooks::validate(
        snapshot,
        &attributes,
        &versions,
        Some(&json),
        old_json.as_ref(),
    )?;
    Ok(obj)
}

/// The admission webhooks of a DELETE, on the stored object: mutating ones (which may not
/// patch it) and validating ones, as kube-apiserver's delete handler and its store's
/// delete validation run them.
fn delete_admission(
    ctx: &Ctx<'_>,
    current: &Stored,
    name: &str,
    options: &kapi_core::meta::DeleteOptions,
) -> Result<(), StatusError> {
    let Some(snapshot) = &ctx.admission else {
        return Ok(());
    };
    let mut options = serde_json::to_value(options).map_err(StatusError::internal)?;
    if let Value::Object(fields) = &mut options {
        fields.insert("apiVersion".into(), json!("meta.k8s.io/v1"));
        fields.insert("kind".into(), json!("DeleteOptions"));
    }
    let attributes = ctx.admission_attributes("DELETE", name, options)?;
    let versions = WriteVersions(ctx);
    let old = ctx.present_json(current)?;
    let mut none = None;
    crate::admission_webhooks::mutate(snapshot, &attributes, &versions, &mut none, Some(&old))?;
    crate::admission_webhooks::validate(snapshot, &attributes, &versions, None, Some(&old))
}

/// A create's or update's options as a webhook is sent them.
fn write_options(ctx: &Ctx<'_>, operation: &str) -> Result<Value, StatusError> {
    let kind = if operation == "CREATE" {
        "CreateOptions"
    } else {
        "UpdateOptions"
    };
    let mut options = json!({"apiVersion": "meta.k8s.io/v1", "kind": kind});
    if ctx.dry_run()? {
        options["dryRun"] = json!(["All"]);
    }
    if let Some(manager) = ctx.query.get("fieldManager") {
        options["fieldManager"] = json!(manager);
    }
    Ok(options)
}

/// The write path's conversion and defaulting, lent to admission.
struct WriteVersions<'c, 'a>(&'c Ctx<'a>);

impl crate::admission_webhooks::Versions for WriteVersions<'_, '_> {
    fn convert(&self, object: &Value, version: &str) -> Result<Value, StatusError> {
        let scheme = &self.0.state.scheme;
        let obj = scheme
            .decode_value(object.clone())
            .map_err(StatusError::internal)?;
        let to = kapi_core::scheme::GroupVersionKind::new(
            self.0.resource.group(),
            version,
            self.0.resource.kind(),
        );
        scheme
            .convert(obj, &to.api_version())
            .map_err(StatusError::internal)?
            .to_json_value()
            .map_err(StatusError::internal)
    }

    fn default(&self, object: Value) -> Result<Value, StatusError> {
        defaulted(self.0, object)
    }
}

/// Request-version JSON decoded and defaulted, as kube-apiserver's decoder hands it on.
fn decode_defaulted(ctx: &Ctx<'_>, value: Value) -> Result<Box<dyn Object>, StatusError> {
    let scheme = &ctx.state.scheme;
    let name = meta_str(&value, "name").to_string();
    let mut obj = scheme
        .decode_value(value)
        .map_err(|e| ctx.scheme_error(e, &name))?;
    scheme
        .default(obj.as_mut())
        .map_err(StatusError::internal)?;
    Ok(obj)
}

/// The request-version JSON defaulted, back as JSON: what the update rules compare.
fn defaulted(ctx: &Ctx<'_>, value: Value) -> Result<Value, StatusError> {
    decode_defaulted(ctx, value)?
        .to_json_value()
        .map_err(StatusError::internal)
}

/// Whether a write leaves the stored object as it is. As kube-apiserver's
/// IgnoreManagedFieldsTimestampsTransformer, managed-fields times that moved while
/// nothing else did are no change.
fn unchanged(new: &dyn Object, current: &dyn Object) -> bool {
    let (Ok(mut new), Ok(mut current)) = (new.to_json_value(), current.to_json_value()) else {
        return false;
    };
    if new == current {
        return true;
    }
    for value in [&mut new, &mut current] {
        let entries = value
            .pointer_mut("/metadata/managedFields")
            .and_then(Value::as_array_mut);
        for entry in entries.into_iter().flatten() {
            if let Some(entry) = entry.as_object_mut() {
                entry.remove("time");
            }
        }
    }
    new == current
}

fn stamp(ctx: &Ctx<'_>, obj: &mut dyn Object, rv: u64) -> Result<(), StatusError> {
    let meta = ctx
        .state
        .scheme
        .object_meta_mut(obj)
        .ok_or_else(|| StatusError::internal("stored object has no metadata"))?;
    meta.resource_version = rv.to_string();
    Ok(())
}

fn revision_of(ctx: &Ctx<'_>, stored: &Stored) -> u64 {
    ctx.state
        .scheme
        .object_meta(stored.object.as_ref())
        .and_then(|m| m.resource_version.parse().ok())
        .unwrap_or(0)
}

fn store_error<E>(ctx: &Ctx<'_>, name: &str, e: StoreError<E>) -> StatusError
where
    E: Into<StatusError>,
{
    match e {
        StoreError::NotFound => StatusError::not_found(ctx.target(name)),
        StoreError::AlreadyExists => StatusError::already_exists(ctx.target(name)),
        StoreError::Conflict { .. } => StatusError::modified(ctx.target(name)),
        StoreError::Rejected(e) => e.into(),
        other => StatusError::internal(other),
    }
}

pub(super) fn create(ctx: &mut Ctx<'_>, body: &[u8]) -> Result<Reply, StatusError> {
    let value = decode_body(ctx, body)?;
    let review = ctx
        .state
        .builtin
        .review(ctx.resource, ctx.namespace.as_deref(), &value);
    if let Some(answer) = review {
        // Answered, never stored: 201 with the review in the negotiated form.
        let obj = ctx
            .state
            .scheme
            .decode_value(answer?)
            .map_err(|e| ctx.scheme_error(e, ""))?;
        return ctx.object_reply(http::StatusCode::CREATED, obj.as_ref());
    }
    create_value(ctx, value, true)
}

/// Creates from request-version JSON; `record` adds the manager's `Update` entry (an
/// apply records its own).
fn create_value(ctx: &Ctx<'_>, mut value: Value, record: bool) -> Result<Reply, StatusError> {
    lifecycle::on_create(&mut value, ctx.resource, ctx.namespace.as_deref())?;
    let _allocating =
        ctx.state
            .builtin
            .before_create(ctx.resource, &ctx.state.store, &mut value)?;
    if record {
        crate::managed_fields::on_write(ctx, None, &mut value)?;
    }
    let dry_run = ctx.dry_run()?;
    // A generated name can clash; kube-apiserver then fails, clients retry. We retry a
    // few times ourselves, which no client can tell apart.
    for _ in 0..8 {
        let name = meta_str(&value, "name").to_string();
        let mut obj = admit(ctx, value.clone(), None)?;
        if dry_run {
            return ctx.object_reply(StatusCode::CREATED, ctx.present_typed(obj)?.as_ref());
        }
        let key = ctx.key(&name);
        let result = ctx.state.store.create(key, |rv| {
            stamp(ctx, obj.as_mut(), rv)?;
            Ok::<_, StatusError>(Stored { object: obj })
        });
        match result {
            Ok(entry) => return ctx.stored_reply(StatusCode::CREATED, &entry.value),
            Err(StoreError::AlreadyExists) if lifecycle::name_was_generated(&value) => {
                lifecycle::regenerate_name(&mut value)?;
            }
            Err(e) => return Err(store_error(ctx, &name, e)),
        }
    }
    Err(StatusError::internal("could not generate a unique name"))
}

/// Runs `build` on the stored object (as JSON in the request's version) and writes the
/// result through the update rules, retrying nothing: the store serializes writers.
pub(super) fn guaranteed_update(
    ctx: &Ctx<'_>,
    name: &str,
    status: bool,
    record: bool,
    build: &dyn Fn(&Value) -> Result<Value, StatusError>,
) -> Result<Arc<Stored>, StatusError> {
    let dry_run = ctx.dry_run()?;
    let key = ctx.key(name);
    let result = ctx.state.store.update(key.clone(), None, |current, rv| {
        let old = ctx.present_json(current)?;
        // The decoder defaults before the registry sees the object, so a write that
        // leaves out a defaulted field (or sets it to null) compares equal to the stored
        // object: no generation bump, no managed-fields change.
        let mut built = build(&old)?;
        if !status {
            crate::builtin::before_update(ctx.resource, &old, &mut built);
        }
        let mut new = defaulted(ctx, built)?;
        if let Some(precondition) = lifecycle::precondition(&new)? {
            if precondition != revision_of(ctx, current) {
                return Err(Stop::Failed(StatusError::modified(ctx.target(name))));
            }
        }
        if status {
            new = lifecycle::on_status_update(&new, &old);
        } else {
            lifecycle::on_update(&mut new, &old, ctx.resource, ctx.namespace.as_deref())?;
        }
        if record {
            crate::managed_fields::on_write(ctx, Some(&old), &mut new)?;
        }
        let mut obj = admit(ctx, new, Some(current))?;
        let deleting = ctx
            .state
            .scheme
            .object_meta(obj.as_ref())
            .is_some_and(|m| m.deletion_timestamp.is_some() && m.finalizers.is_empty());
        if deleting && !dry_run {
            return Err(Stop::DeleteNow);
        }
        // kube-apiserver skips writes that change nothing: no new resourceVersion, no
        // event; a dry run then answers with the stored object.
        stamp(ctx, obj.as_mut(), revision_of(ctx, current))?;
        let unchanged = !deleting && unchanged(obj.as_ref(), current.object.as_ref());
        if dry_run {
            let answer = if unchanged {
                current.object.clone_object()
            } else {
                obj
            };
            return Err(Stop::DryRun(answer));
        }
        if unchanged {
            return Ok(None);
        }
        stamp(ctx, obj.as_mut(), rv)?;
        Ok(Some(Stored { object: obj }))
    });
    match result {
        Ok(entry) => Ok(entry.value),
        Err(StoreError::Rejected(Stop::DryRun(obj))) => Ok(Arc::new(Stored { object: obj })),
        Err(StoreError::Rejected(Stop::DeleteNow)) => delete_now(ctx, &key, name),
        Err(StoreError::Rejected(Stop::Failed(e))) => Err(e),
        Err(StoreError::NotFound) => Err(StatusError::not_found(ctx.target(name))),
        Err(e) => Err(StatusError::internal(e)),
    }
}

fn delete_now(ctx: &Ctx<'_>, key: &ObjectKey, name: &str) -> Result<Arc<Stored>, StatusError> {
    match ctx.state.store.delete(key, None) {
        Ok(entry) => Ok(entry.value),
        Err(e) => Err(store_error::<StatusError>(ctx, name, e)),
    }
}

pub(super) fn update(ctx: &mut Ctx<'_>, body: &[u8], status: bool) -> Result<Reply, StatusError> {
    let mut new = decode_body(ctx, body)?;
    let name = ctx.url_name().to_string();
    lifecycle::check_name(&mut new, &name)?;
    let ctx: &Ctx<'_> = ctx;
    let written = guaranteed_update(ctx, &name, status, true, &|_old| Ok(new.clone()))?;
    ctx.stored_reply(StatusCode::OK, &written)
}

pub(super) fn patch(ctx: &mut Ctx<'_>, body: &[u8], status: bool) -> Result<Reply, StatusError> {
    let name = ctx.url_name().to_string();
    let kind = crate::patching::PatchKind::of_request(&ctx.headers)?;
    let patch = crate::patching::Patch::parse(ctx, kind, body)?;
    let exists = ctx.state.store.get(&ctx.key(&name)).is_some();
    let is_apply = kind == crate::patching::PatchKind::Apply;
    if !exists && is_apply && !status {
        // Server-side apply creates what does not exist.
        let mut value = patch.apply_to(ctx, None)?;
        lifecycle::check_name(&mut value, &name)?;
        return create_value(ctx, value, false);
    }
    let ctx: &Ctx<'_> = ctx;
    let written = guaranteed_update(ctx, &name, status, !is_apply, &|old| {
        let mut new = patch.apply_to(ctx, Some(old))?;
        lifecycle::check_name(&mut new, &name)?;
        Ok(new)
    })?;
    ctx.stored_reply(StatusCode::OK, &written)
}

/// DeleteOptions from the body (JSON or YAML) and the query.
fn delete_options(
    ctx: &Ctx<'_>,
    body: &[u8],
) -> Result<kapi_core::meta::DeleteOptions, StatusError> {
    let mut options: kapi_core::meta::DeleteOptions = if body.iter().all(u8::is_ascii_whitespace) {
        Default::default()
    } else {
        let invalid = |e: &dyn std::fmt::Display| {
            StatusError::bad_request(format!("invalid DeleteOptions: {e}"))
        };
        let mut value: Value = match kapi_core::scheme::Format::detect(body) {
            kapi_core::scheme::Format::Json => {
                serde_json::from_slice(body).map_err(|e| invalid(&e))?
            }
            _ => kapi_core::codec::yaml::from_slice(body).map_err(|e| invalid(&e))?,
        };
        // kube-apiserver takes DeleteOptions of `v1`, `meta.k8s.io/v1` or the resource's
        // own group-version (all the same type), or with no type at all.
        if let Some(obj) = value.as_object_mut() {
            match obj.get("kind").and_then(Value::as_str) {
                None | Some("DeleteOptions") => {}
                Some(other) => {
                    return Err(StatusError::bad_request(format!(
                        "the body of a delete must be DeleteOptions, not {other}"
                    )))
                }
            }
            obj.remove("kind");
            obj.remove("apiVersion");
        }
        serde_json::from_value(value).map_err(|e| invalid(&e))?
    };
    if let Some(p) = ctx.query.get("propagationPolicy") {
        options.propagation_policy = Some(p.to_string());
    }
    if let Some(s) = ctx.query.int("gracePeriodSeconds")? {
        options.grace_period_seconds = Some(s);
    }
    if let Some(policy) = options.propagation_policy.as_deref() {
        if !matches!(policy, "Orphan" | "Background" | "Foreground") {
            return Err(StatusError::bad_request(format!(
                "propagationPolicy: Unsupported value: {policy:?}: supported values: \"Foreground\", \"Background\", \"Orphan\""
            )));
        }
    }
    Ok(options)
}

/// Deletes one object: at once without finalizers; otherwise it is marked with a
/// deletionTimestamp and goes when its last finalizer is removed.
pub(super) fn delete_one(
    ctx: &Ctx<'_>,
    name: &str,
    options: &kapi_core::meta::DeleteOptions,
) -> Result<Arc<Stored>, StatusError> {
    let dry_run = ctx.dry_run()? || !options.dry_run.is_empty();
    let key = ctx.key(name);
    let result = ctx.state.store.update(key.clone(), None, |current, rv| {
        let meta = ctx
            .state
            .scheme
            .object_meta(current.object.as_ref())
            .ok_or_else(|| Stop::Failed(StatusError::internal("stored object has no metadata")))?;
        if let Some(pre) = &options.preconditions {
            if let Some(uid) = pre.uid.as_deref() {
                if uid != meta.uid {
                    return Err(Stop::Failed(StatusError::conflict(
                        ctx.target(name),
                        &format!(
                            "Precondition failed: UID in precondition: {uid}, UID in object meta: {}",
                            meta.uid
                        ),
                    )));
                }
            }
            if let Some(rv) = pre.resource_version.as_deref() {
                if rv != meta.resource_version {
                    return Err(Stop::Failed(StatusError::conflict(
                        ctx.target(name),
                        &format!(
                            "Precondition failed: ResourceVersion in precondition: {rv}, ResourceVersion in object meta: {}",
                            meta.resource_version
                        ),
                    )));
                }
            }
        }
        delete_admission(ctx, current, name, options).map_err(Stop::Failed)?;
        if meta.finalizers.is_empty() {
            return Err(Stop::DeleteNow);
        }
        if meta.deletion_timestamp.is_some() {
            return Ok(None);
        }
        let mut obj = current.object.clone_object();
        if let Some(m) = ctx.state.scheme.object_meta_mut(obj.as_mut()) {
            m.deletion_timestamp = Some(kapi_core::meta::Time::now().truncated());
            m.deletion_grace_period_seconds = Some(0);
        }
        if dry_run {
            return Err(Stop::DryRun(obj));
        }
        stamp(ctx, obj.as_mut(), rv)?;
        Ok(Some(Stored { object: obj }))
    });
    match result {
        Ok(entry) => Ok(entry.value),
        Err(StoreError::Rejected(Stop::DryRun(obj))) => Ok(Arc::new(Stored { object: obj })),
        Err(StoreError::Rejected(Stop::DeleteNow)) if dry_run => ctx
            .state
            .store
            .get(&key)
            .map(|e| e.value)
            .ok_or_else(|| StatusError::not_found(ctx.target(name))),
        Err(StoreError::Rejected(Stop::DeleteNow)) => match ctx.state.store.delete(&key, None) {
            Ok(entry) => Ok(entry.value),
            Err(e) => Err(store_error::<StatusError>(ctx, name, e)),
        },
        Err(StoreError::Rejected(Stop::Failed(e))) => Err(e),
        Err(StoreError::NotFound) => Err(StatusError::not_found(ctx.target(name))),
        Err(e) => Err(StatusError::internal(e)),
    }
}

pub(super) fn delete(ctx: &mut Ctx<'_>, body: &[u8]) -> Result<Reply, StatusError> {
    let options = delete_options(ctx, body)?;
    let name = ctx.url_name().to_string();
    let stored = delete_one(ctx, &name, &options)?;
    ctx.stored_reply(StatusCode::OK, &stored)
}

/// Deletes everything the selectors match and answers with the list of what was deleted.
pub(super) fn delete_collection(ctx: &mut Ctx<'_>, body: &[u8]) -> Result<Reply, StatusError> {
    let options = delete_options(ctx, body)?;
    let selection = super::read::Selection::from_query(ctx)?;
    let (items, _) = ctx.state.store.list_all(&super::read::scope(ctx));
    let mut deleted = Vec::new();
    for entry in items {
        if !selection.matches(&ctx.state.scheme, &entry.value) {
            continue;
        }
        match delete_one(ctx, &entry.key.name, &options) {
            Ok(s) => deleted.push(s),
            // Gone in between: someone else deleted it.
            Err(e) if e.code() == 404 => {}
            Err(e) => return Err(e),
        }
    }
    let revision = ctx.state.store.current_revision();
    super::read::list_reply(ctx, &deleted, revision, None, None)
}

impl Ctx<'_> {
    /// An object of the storage version, in the request's version.
    pub fn present_typed(&self, obj: Box<dyn Object>) -> Result<Box<dyn Object>, StatusError> {
        self.state
            .scheme
            .convert(obj, &self.resource.api_version())
            .map_err(StatusError::internal)
    }
}
