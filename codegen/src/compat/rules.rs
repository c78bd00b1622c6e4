//! The compatibility rules: each a stable kebab-case name (what `allow_compat` takes) and the
//! reason the "changing the API" guide gives, in one line. The checks are in `diff`.

/// One rule of the "changing the API" guide.
#[derive(Debug)]
pub struct Rule {
    pub name: &'static str,
    pub reason: &'static str,
}

macro_rules! rules {
    ($($konst:ident = $name:literal: $reason:literal,)*) => {
        $(pub const $konst: &Rule = &Rule { name: $name, reason: $reason };)*
        /// Every rule, in the README's order.
        pub const ALL: &[&Rule] = &[$($konst),*];
    };
}

rules! {
    GROUP_VERSION_REMOVED = "group-version-removed":
        "clients of a released group-version still call it; a version goes only after its deprecation period",
    KIND_REMOVED = "kind-removed":
        "a call that succeeded must still succeed: clients and stored objects of the kind still exist",
    FIELD_REMOVED = "field-removed":
        "clients still send and read the field, and stored objects hold it; a round trip would lose it",
    ENUM_VALUE_REMOVED = "enum-value-removed":
        "stored objects and clients still use the value; removing it makes them invalid",
    FIELD_TYPE_CHANGED = "field-type-changed":
        "a field's type is part of the wire format: old clients and stored objects no longer decode",
    JSON_NAME_CHANGED = "json-name-changed":
        "the JSON name is the field on the wire: old clients' values would be dropped as unknown",
    NEW_REQUIRED_FIELD = "new-required-field":
        "old clients do not send a new field, so a required one without a default fails their calls",
    OPTIONAL_TO_REQUIRED = "optional-to-required":
        "old clients may omit an optional field; requiring it rejects calls that succeeded",
    DEFAULT_ADDED_UNEVENLY = "default-added-unevenly":
        "a default applies in every version, or a round trip through another version changes the object",
    DEFAULT_CHANGED = "default-changed":
        "objects created before and after would differ for the same request; a default never changes",
    DEFAULT_REMOVED = "default-removed":
        "clients rely on the defaulted value; without it their objects are created differently",
    DEFAULT_WITHOUT_NIL = "default-without-nil":
        "where another version's field cannot be unset, its zero value is read as set and the default never applies",
    MINIMUM_RAISED = "minimum-raised":
        "validation never narrows: values that were accepted and stored must stay valid",
    MAXIMUM_LOWERED = "maximum-lowered":
        "validation never narrows: values that were accepted and stored must stay valid",
    LENGTH_NARROWED = "length-narrowed":
        "validation never narrows: strings that were accepted and stored must stay valid",
    ITEM_COUNT_NARROWED = "item-count-narrowed":
        "validation never narrows: lists that were accepted and stored must stay valid",
    PATTERN_CHANGED = "pattern-changed":
        "a new pattern may refuse values that were accepted and stored",
    FORMAT_CHANGED = "format-changed":
        "a new format may refuse values that were accepted and stored",
    REQUIRED_ADDED = "required-added":
        "`required` refuses empty values that were accepted and stored",
    IMMUTABLE_ADDED = "immutable-added":
        "updates that succeeded (changing the field) would now fail",
    VALIDATION_RULE_ADDED = "validation-rule-added":
        "validation never narrows: a new or changed CEL rule may refuse objects that were accepted and stored",
    PRESENCE_CHANGED = "presence-changed":
        "how an empty value is written (left out, empty or null) is the wire: clients that test for the field or for null read it differently",
    INLINE_CHANGED = "inline-changed":
        "an inline field's members are written in the object that holds it: toggling it moves them, so clients and stored objects no longer find them",
    CUSTOM_JSON_CHANGED = "custom-json-changed":
        "a type that writes its own JSON has the shape its marker names on the wire: another shape does not decode old clients' values or stored objects",
    UNKNOWN_FIELDS_PRUNED = "unknown-fields-pruned":
        "without `preserve_unknown_fields` the server prunes fields it kept: a round trip of a stored object or a client's value loses them",
    EMBEDDED_RESOURCE_CHANGED = "embedded-resource-changed":
        "an embedded resource must carry apiVersion and kind and keeps its metadata: adding it refuses objects that were accepted, removing it prunes what was stored",
    LIST_TYPE_CHANGED = "list-type-changed":
        "list, map and struct semantics decide how apply and patches merge and what is a duplicate; changing them breaks patchers",
    UNION_CHANGED = "union-changed":
        "which fields exclude each other is validation: a new member or discriminator refuses objects that were valid",
    PROTOBUF_NUMBER_CHANGED = "protobuf-number-changed":
        "protobuf numbers are the field on the wire: stored protobuf objects would decode into the wrong field",
    PROTOBUF_NUMBER_REUSED = "protobuf-number-reused":
        "a number once used means that field forever: old encoded data would decode into the new field",
    PROTOBUF_TOMBSTONE_MISSING = "protobuf-tombstone-missing":
        "a removed field's number is reserved with `deprecated(name, protobuf)` so it is never reused",
    SCOPE_CHANGED = "scope-changed":
        "a kind's scope is its URL: every client's path and every stored key would change",
    RESOURCE_NAME_CHANGED = "resource-name-changed":
        "the plural is the resource's REST path and RBAC name, the singular and list kind what kubectl and list responses name: calls that succeeded would miss",
    SUBRESOURCE_REMOVED = "subresource-removed":
        "controllers, `kubectl scale` and autoscalers call the status and scale subresources: a call that succeeded must still succeed",
    SCALE_PATHS_CHANGED = "scale-paths-changed":
        "the scale subresource reads and writes the fields its paths name: autoscalers and `kubectl scale` would act on other fields",
    VERB_REMOVED = "verb-removed":
        "a client that called a verb on the resource gets 405 Method Not Allowed: a call that succeeded must still succeed",
    SHORT_NAME_REMOVED = "short-name-removed":
        "people and scripts type short names (`kubectl get fb`); no API call breaks, so a warning",
    CATEGORY_REMOVED = "category-removed":
        "people and scripts list a category's resources together (`kubectl get all`); no API call breaks, so a warning",
    STORAGE_VERSION_UNSERVED = "storage-version-unserved":
        "objects stored in the released storage version must stay readable: that version stays served",
    NEW_VERSION_PREFERRED = "new-version-preferred":
        "a new version is served for one release before it is preferred, so a rollback does not strand clients",
    NEW_VERSION_STORED = "new-version-stored":
        "a new version is served for one release before it is stored, so a rollback can still read stored objects",
}

pub fn rule(name: &str) -> Option<&'static Rule> {
    ALL.iter().copied().find(|r| r.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn rule_names_are_unique_kebab_case_with_a_one_line_reason() {
        let mut seen = HashSet::new();
        for r in ALL {
            assert!(seen.insert(r.name), "rule `{}` twice", r.name);
            assert!(r
                .name
                .split('-')
                .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase())));
            assert!(!r.reason.is_empty() && !r.reason.contains('\n'));
        }
    }
}
