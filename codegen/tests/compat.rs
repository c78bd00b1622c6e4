//! The compatibility checker against the example API's `v1.0` baseline
//! (`api-types/compat/v1.0.yaml`): a catalogue of breaking edits to a copy of the API, each
//! caught with its rule at today's source (every rule at least once); a catalogue of
//! compatible edits with no finding; stability (alpha versions and alpha gates warn);
//! `allow_compat`; a git revision as the baseline; and the command line. The facts snapshots
//! record since v1.0 was written (CEL rules, `inline`, resources, ...) are checked against a
//! baseline written today, and v1.0, which lacks them, is compared without them.

use kapi_codegen::compat::snapshot::Fact;
use kapi_codegen::compat::{self, rules, Snapshot};
use kapi_codegen::generate;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

#[path = "support/edits.rs"]
mod edits;
use edits::{apply, copy_dir, example_api, Edit, Replace};

fn baseline() -> Snapshot {
    let text = std::fs::read_to_string(example_api().join("compat/v1.0.yaml")).unwrap();
    Snapshot::from_yaml(&text).unwrap()
}

/// A copy of the example API's source (not its generated files) in a temporary directory.
fn copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&example_api(), dir.path(), &["Cargo.toml", "hack", "src"]);
    dir
}

/// The checker's findings on the edited copy, rendered, and their rule names.
fn check(edits: &[Edit]) -> (String, BTreeSet<String>) {
    check_against(&baseline(), edits)
}

/// The example API with `edits`, as a baseline written today: every fact recorded.
fn todays_snapshot(edits: &[Edit]) -> Snapshot {
    let dir = copy();
    for e in edits {
        apply(dir.path(), e.clone());
    }
    let (model, _) = generate::load_model(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    Snapshot::of(&model, "v1.1")
}

fn check_against(baseline: &Snapshot, edits: &[Edit]) -> (String, BTreeSet<String>) {
    let dir = copy();
    for e in edits {
        apply(dir.path(), e.clone());
    }
    let loaded = generate::load(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let compat = compat::check(baseline, &loaded.model);
    let all: Vec<_> = compat.errors.iter().chain(&compat.findings).collect();
    let rendered = all
        .iter()
        .map(|d| loaded.render(d))
        .collect::<Vec<_>>()
        .join("\n");
    let rules = all
        .iter()
        .filter_map(|d| d.message.split(':').next())
        .filter(|r| rules::rule(r).is_some())
        .map(str::to_string)
        .collect();
    (rendered, rules)
}

use Edit::{CopyVersion, RemoveItem};

const GATED_WIDTH: &str = "#[k8s(feature_gate = \"Frobber2D\", minimum = 0, protobuf = 2)]";
const V1_PARAM: &str = "    /// One parameter passed to each frob.\n    #[k8s(max_length = 256, protobuf = 5)]\n    pub param: Option<String>,\n";
const V2_PORT: &str = "#[k8s(minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: i32,";

/// Each breaking edit, the rules it must break, and nothing else.
fn breaking() -> Vec<(&'static str, Vec<Edit>, &'static [&'static str])> {
    vec![
        (
            "remove the v2beta1 module",
            vec![Replace("lib.rs", "pub mod v2beta1;\n", "")],
            &["group-version-removed"],
        ),
        (
            "remove FrobberClass from v2beta1",
            vec![
                RemoveItem("v2beta1/types.rs", "pub struct FrobberClass {"),
                RemoveItem("v2beta1/types.rs", "pub struct FrobberClassList {"),
                RemoveItem("v2beta1/types.rs", "pub struct FrobberClassSpec {"),
            ],
            &["kind-removed"],
        ),
        (
            "remove FrobberClass from v1, its storage version, and store it in v2beta1",
            vec![
                RemoveItem("v1/types.rs", "pub struct FrobberClass {"),
                RemoveItem("v1/types.rs", "pub struct FrobberClassList {"),
                RemoveItem("v1/types.rs", "pub struct FrobberClassSpec {"),
                Replace(
                    "v2beta1/types.rs",
                    "json_path = \".spec.maxReplicas\"))]",
                    "json_path = \".spec.maxReplicas\"), storage_version)]",
                ),
            ],
            &["kind-removed", "storage-version-unserved"],
        ),
        (
            "make v2beta1 FrobberClass a simple kind, no longer a resource",
            vec![Replace(
                "v2beta1/types.rs",
                "#[k8s(kind, gen_client(non_namespaced), short_names = [\"fbc\"], print_column(name = \"Max\", type = \"integer\", json_path = \".spec.maxReplicas\"))]",
                "#[k8s(simple_kind)]",
            )],
            &["kind-removed"],
        ),
        (
            "remove v1 `param` without a tombstone",
            vec![Replace("v1/types.rs", V1_PARAM, "")],
            &["field-removed", "protobuf-tombstone-missing"],
        ),
        (
            "remove v1 `param` with a tombstone",
            vec![
                Replace("v1/types.rs", V1_PARAM, ""),
                Replace(
                    "v1/types.rs",
                    "/// The desired state of a Frobber.\n#[derive(ApiType, Debug, PartialEq)]\n",
                    "/// The desired state of a Frobber.\n#[derive(ApiType, Debug, PartialEq)]\n#[k8s(deprecated(name = \"param\", protobuf = 5))]\n",
                ),
            ],
            &["field-removed"],
        ),
        (
            "remove the v1 restart policy `Never`",
            vec![Replace("v1/types.rs", "    /// Never restart.\n    Never,\n", "")],
            &["enum-value-removed"],
        ),
        (
            "change v1 `height` from i32 to i64",
            vec![Replace("v1/types.rs", "pub height: i32,", "pub height: i64,")],
            &["field-type-changed"],
        ),
        (
            "rename v1 `observedGeneration` on the wire",
            vec![Replace(
                "v1/types.rs",
                "#[k8s(optional, protobuf = 3)]\n    pub observed_generation",
                "#[k8s(optional, rename = \"observedGen\", protobuf = 3)]\n    pub observed_generation",
            )],
            &["json-name-changed"],
        ),
        (
            "add a required `zone` to v1 FrobberClassSpec",
            vec![Replace(
                "v1/types.rs",
                "    pub provisioner: String,\n",
                "    pub provisioner: String,\n    /// Where the frobs run.\n    #[k8s(protobuf = 5)]\n    pub zone: String,\n",
            )],
            &["new-required-field"],
        ),
        (
            "make v1 status `selector` required",
            vec![Replace(
                "v1/types.rs",
                "#[k8s(optional, protobuf = 2)]\n    pub selector: String,",
                "#[k8s(protobuf = 2)]\n    pub selector: String,",
            )],
            &["optional-to-required"],
        ),
        (
            "default the v1 service port, not the v2beta1 one",
            vec![Replace(
                "v1/types.rs",
                "#[k8s(minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: Option<i32>,",
                "#[k8s(default = 80, minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: Option<i32>,",
            )],
            &["default-added-unevenly"],
        ),
        (
            "change v1 `replicas`' default",
            vec![Replace("v1/types.rs", "#[k8s(default = 1, minimum = 0, protobuf = 3)]", "#[k8s(default = 2, minimum = 0, protobuf = 3)]")],
            &["default-changed"],
        ),
        (
            "remove v1 `memory`'s default",
            vec![Replace("v1/types.rs", "#[k8s(default = \"128Mi\", protobuf = 8)]", "#[k8s(protobuf = 8)]")],
            &["default-removed"],
        ),
        (
            "default v2beta1's port, a plain i32 without a default in v1",
            vec![Replace(
                "v2beta1/types.rs",
                V2_PORT,
                "#[k8s(default = 8080, minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: Option<i32>,",
            )],
            &["default-added-unevenly", "default-without-nil"],
        ),
        (
            "raise v1 `maxReplicas`' minimum",
            vec![Replace("v1/types.rs", "#[k8s(default = 10, minimum = 1, protobuf = 2)]", "#[k8s(default = 10, minimum = 2, protobuf = 2)]")],
            &["minimum-raised"],
        ),
        (
            "lower v1 `height`'s maximum",
            vec![Replace("v1/types.rs", "#[k8s(minimum = 1, maximum = 1000, protobuf = 1)]", "#[k8s(minimum = 1, maximum = 100, protobuf = 1)]")],
            &["maximum-lowered"],
        ),
        (
            "shorten v1 `param`'s maximum length",
            vec![Replace("v1/types.rs", "#[k8s(max_length = 256, protobuf = 5)]", "#[k8s(max_length = 128, protobuf = 5)]")],
            &["length-narrowed"],
        ),
        (
            "allow fewer v1 ports",
            vec![Replace("v1/types.rs", "max_items = 16,", "max_items = 8,")],
            &["item-count-narrowed"],
        ),
        (
            "add a pattern to v1 FrobberClass `description`",
            vec![Replace(
                "v1/types.rs",
                "#[k8s(optional, protobuf = 1)]\n    pub description: String,",
                "#[k8s(optional, pattern = \"^[a-z ]*$\", protobuf = 1)]\n    pub description: String,",
            )],
            &["pattern-changed"],
        ),
        (
            "change v1 `className`'s format",
            vec![Replace("v1/types.rs", "format = \"dns1123-subdomain\",", "format = \"dns1123-label\",")],
            &["format-changed"],
        ),
        (
            "mark v1 FrobberPort `port` required",
            vec![Replace(
                "v1/types.rs",
                "#[k8s(minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: i32,",
                "#[k8s(required, minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: i32,",
            )],
            &["required-added"],
        ),
        (
            "make the v1 service name immutable",
            vec![Replace(
                "v1/types.rs",
                "#[k8s(required, protobuf = 1)]\n    pub name: String,",
                "#[k8s(required, immutable, protobuf = 1)]\n    pub name: String,",
            )],
            &["immutable-added"],
        ),
        (
            "write an empty v1 `className` instead of leaving it out",
            vec![Replace(
                "v1/types.rs",
                "        optional,\n        max_length = 253,",
                "        optional,\n        presence = \"always\",\n        max_length = 253,",
            )],
            &["presence-changed"],
        ),
        (
            "make v1 `frobLabels` an atomic map",
            vec![Replace("v1/types.rs", "map_type = \"granular\"", "map_type = \"atomic\"")],
            &["list-type-changed"],
        ),
        (
            "merge v2beta1 ports with retainKeys too",
            vec![Replace(
                "v2beta1/types.rs",
                "patch_strategy = \"merge\",",
                "patch_strategy = \"merge,retainKeys\",",
            )],
            &["list-type-changed"],
        ),
        (
            "add a `queue` member to the v1 backend union",
            vec![
                Replace(
                    "v1/types.rs",
                    "    pub bucket: Option<BucketBackend>,\n",
                    "    pub bucket: Option<BucketBackend>,\n    #[k8s(protobuf = 4)]\n    pub queue: Option<BucketBackend>,\n",
                ),
                Replace("v1/types.rs", "    Service,\n    Bucket,\n", "    Service,\n    Bucket,\n    Queue,\n"),
            ],
            &["union-changed"],
        ),
        (
            "renumber v1 `observedGeneration`",
            vec![Replace(
                "v1/types.rs",
                "#[k8s(optional, protobuf = 3)]\n    pub observed_generation",
                "#[k8s(optional, protobuf = 5)]\n    pub observed_generation",
            )],
            &["protobuf-number-changed"],
        ),
        (
            "give removed `param`'s number to a new field",
            vec![
                Replace("v1/types.rs", V1_PARAM, "    /// A note for the frobs.\n    #[k8s(protobuf = 5)]\n    pub note: Option<String>,\n"),
            ],
            &["field-removed", "protobuf-tombstone-missing", "protobuf-number-reused"],
        ),
        (
            "make v1 FrobberClass namespaced",
            vec![Replace("v1/types.rs", "gen_client(non_namespaced),", "gen_client,")],
            &["scope-changed"],
        ),
        (
            "add v2 and prefer it at once",
            vec![CopyVersion("v2beta1", "v2")],
            &["new-version-preferred"],
        ),
        (
            "add v2alpha1 and store Frobber in it at once",
            vec![
                CopyVersion("v2beta1", "v2alpha1"),
                Replace("v1/types.rs", "    storage_version,\n    lifecycle(introduced = \"1.20\")", "    lifecycle(introduced = \"1.20\")"),
                Replace("v2alpha1/types.rs", "lifecycle(introduced = \"1.24\", deprecated = \"1.30\")", "storage_version"),
            ],
            &["new-version-stored"],
        ),
    ]
}

#[test]
fn every_breaking_edit_is_caught_with_its_rule_at_todays_source() {
    let mut report = String::new();
    for (name, edits, expected) in breaking() {
        let (rendered, found) = check(&edits);
        let expected: BTreeSet<String> = expected.iter().map(|r| r.to_string()).collect();
        assert_eq!(found, expected, "{name}:\n{rendered}");
        report.push_str(&format!("=== {name}\n{rendered}\n"));
    }
    insta::assert_snapshot!("breaking_edits", report);
}

const HEIGHT: &str = "#[k8s(minimum = 1, maximum = 1000, protobuf = 1)]";
const CEL_HEIGHT: &str = "#[k8s(minimum = 1, maximum = 1000, validation_rule(rule = \"self % 2 == 0\", message = \"must be even\"), protobuf = 1)]";
const SPEC_TYPE: &str = "#[k8s(defaults_hook)]\npub struct FrobberSpec {";
const CLASS_SPEC: &str = "#[k8s(optional, protobuf = 2)]\n    pub spec: FrobberClassSpec,";
const BUCKET: &str = "#[derive(ApiType, Debug, PartialEq)]\npub struct BucketBackend {";
const V1_SCALE_SELECTOR: &str =
    "        status_replicas_path = \".status.replicas\",\n        label_selector_path = \".status.selector\"\n";

/// Each edit of a fact snapshots record since v1.0: the edits the baseline (written today)
/// was made from, today's edits, and the rules they break, nothing else.
#[allow(clippy::type_complexity)]
fn breaking_new_facts() -> Vec<(&'static str, Vec<Edit>, Vec<Edit>, &'static [&'static str])> {
    vec![
        (
            "add a CEL rule to v1 `height`",
            vec![],
            vec![Replace("v1/types.rs", HEIGHT, CEL_HEIGHT)],
            &["validation-rule-added"],
        ),
        (
            "change v1 `height`'s CEL rule",
            vec![Replace("v1/types.rs", HEIGHT, CEL_HEIGHT)],
            vec![Replace(
                "v1/types.rs",
                HEIGHT,
                CEL_HEIGHT.replace("self % 2 == 0", "self % 4 == 0"),
            )],
            &["validation-rule-added"],
        ),
        (
            "run v1 `height`'s transition rule on creates too",
            vec![Replace(
                "v1/types.rs",
                HEIGHT,
                CEL_HEIGHT.replace("self % 2 == 0", "self >= oldSelf"),
            )],
            vec![Replace(
                "v1/types.rs",
                HEIGHT,
                CEL_HEIGHT.replace(
                    "self % 2 == 0\"",
                    "self >= oldSelf\", optional_old_self = true",
                ),
            )],
            &["validation-rule-added"],
        ),
        (
            "add a second CEL rule to v1 `height`",
            vec![Replace("v1/types.rs", HEIGHT, CEL_HEIGHT)],
            vec![Replace(
                "v1/types.rs",
                HEIGHT,
                CEL_HEIGHT.replace(
                    ", protobuf = 1",
                    ", validation_rule(rule = \"self != 13\"), protobuf = 1",
                ),
            )],
            &["validation-rule-added"],
        ),
        (
            "add a CEL rule to v1 FrobberSpec",
            vec![],
            vec![Replace(
                "v1/types.rs",
                SPEC_TYPE,
                "#[k8s(defaults_hook, validation_rule(rule = \"!has(self.width) || self.width <= self.height\"))]\npub struct FrobberSpec {",
            )],
            &["validation-rule-added"],
        ),
        (
            "inline v1 FrobberClass `spec`",
            vec![],
            vec![Replace(
                "v1/types.rs",
                CLASS_SPEC,
                "#[k8s(optional, inline, protobuf = 2)]\n    pub spec: FrobberClassSpec,",
            )],
            &["inline-changed"],
        ),
        (
            "write v1 BucketBackend's JSON by hand, as a string",
            vec![],
            vec![Replace(
                "v1/types.rs",
                BUCKET,
                "#[derive(ApiType, Debug, PartialEq)]\n#[k8s(custom_json(type = \"string\"))]\npub struct BucketBackend {",
            )],
            &["custom-json-changed"],
        ),
        (
            "stop preserving v1 BucketBackend's unknown fields",
            vec![Replace(
                "v1/types.rs",
                BUCKET,
                "#[derive(ApiType, Debug, PartialEq)]\n#[k8s(preserve_unknown_fields)]\npub struct BucketBackend {",
            )],
            vec![],
            &["unknown-fields-pruned"],
        ),
        (
            "stop preserving v1 `parameters`' unknown fields",
            vec![Replace(
                "v1/types.rs",
                "#[k8s(optional, protobuf = 3)]\n    pub parameters:",
                "#[k8s(optional, preserve_unknown_fields, protobuf = 3)]\n    pub parameters:",
            )],
            vec![],
            &["unknown-fields-pruned"],
        ),
        (
            "make v1 `backend` an embedded resource",
            vec![],
            vec![Replace(
                "v1/types.rs",
                "#[k8s(protobuf = 7)]\n    pub backend",
                "#[k8s(embedded_resource, protobuf = 7)]\n    pub backend",
            )],
            &["embedded-resource-changed"],
        ),
        (
            "rename the frobbers resource `frobs`",
            vec![],
            vec![
                Replace("v1/types.rs", "    short_names = [\"fb\"],\n", "    plural = \"frobs\",\n    short_names = [\"fb\"],\n"),
                Replace("v2beta1/types.rs", "    short_names = [\"fb\"],\n", "    plural = \"frobs\",\n    short_names = [\"fb\"],\n"),
            ],
            &["resource-name-changed"],
        ),
        (
            "call a FrobberClass a `frobclass`",
            vec![],
            vec![Replace(
                "v1/types.rs",
                "    short_names = [\"fbc\"],\n",
                "    singular = \"frobclass\",\n    short_names = [\"fbc\"],\n",
            )],
            &["resource-name-changed"],
        ),
        (
            "drop v1 Frobber's status subresource",
            vec![],
            vec![Replace("v1/types.rs", "    subresource_status,\n", "")],
            &["subresource-removed"],
        ),
        (
            "drop v1 Frobber's scale subresource",
            vec![],
            vec![Replace(
                "v1/types.rs",
                format!("    subresource_scale(\n        spec_replicas_path = \".spec.replicas\",\n{V1_SCALE_SELECTOR}    ),\n"),
                "",
            )],
            &["subresource-removed"],
        ),
        (
            "drop v1 Frobber's scale label selector",
            vec![],
            vec![Replace(
                "v1/types.rs",
                V1_SCALE_SELECTOR,
                "        status_replicas_path = \".status.replicas\"\n",
            )],
            &["scale-paths-changed"],
        ),
        (
            "drop v1 Frobber's short name",
            vec![],
            vec![Replace("v1/types.rs", "    short_names = [\"fb\"],\n", "")],
            &["short-name-removed"],
        ),
        (
            "stop serving delete and deletecollection of v1 Frobbers",
            vec![],
            vec![Replace(
                "v1/types.rs",
                "    short_names = [\"fb\"],\n",
                "    short_names = [\"fb\"],\n    verbs = [\"create\", \"get\", \"list\", \"patch\", \"update\", \"watch\"],\n",
            )],
            &["verb-removed"],
        ),
        (
            "take v1 Frobber out of `all`",
            vec![],
            vec![Replace(
                "v1/types.rs",
                "    categories = [\"all\", \"frob\"],\n",
                "    categories = [\"frob\"],\n",
            )],
            &["category-removed"],
        ),
    ]
}

#[test]
fn every_breaking_edit_of_a_new_fact_is_caught_against_a_baseline_written_today() {
    let mut report = String::new();
    for (name, base_edits, edits, expected) in breaking_new_facts() {
        let base = todays_snapshot(&base_edits);
        assert_eq!(base.records, Fact::ALL);
        let (rendered, found) = check_against(&base, &edits);
        let expected: BTreeSet<String> = expected.iter().map(|r| r.to_string()).collect();
        assert_eq!(found, expected, "{name}:\n{rendered}");
        report.push_str(&format!("=== {name}\n{rendered}\n"));
    }
    insta::assert_snapshot!("breaking_new_facts", report);
}

#[test]
fn compatible_edits_of_new_facts_give_no_finding() {
    let cases: Vec<(&str, Vec<Edit>, Vec<Edit>)> = vec![
        (
            "remove v1 `height`'s CEL rule (validation widens)",
            vec![Replace("v1/types.rs", HEIGHT, CEL_HEIGHT)],
            vec![],
        ),
        (
            "reword v1 `height`'s CEL message",
            vec![Replace("v1/types.rs", HEIGHT, CEL_HEIGHT)],
            vec![Replace(
                "v1/types.rs",
                HEIGHT,
                CEL_HEIGHT.replace("must be even", "must be a multiple of 2"),
            )],
        ),
        (
            "run a transition rule on updates only (it ran on creates too)",
            vec![Replace(
                "v1/types.rs",
                HEIGHT,
                CEL_HEIGHT.replace("self % 2 == 0\"", "self >= oldSelf\", optional_old_self = true"),
            )],
            vec![Replace(
                "v1/types.rs",
                HEIGHT,
                CEL_HEIGHT.replace("self % 2 == 0", "self >= oldSelf"),
            )],
        ),
        (
            "preserve v1 BucketBackend's unknown fields",
            vec![],
            vec![Replace(
                "v1/types.rs",
                BUCKET,
                "#[derive(ApiType, Debug, PartialEq)]\n#[k8s(preserve_unknown_fields)]\npub struct BucketBackend {",
            )],
        ),
        (
            "a second short name and a new category for v1 Frobber",
            vec![],
            vec![
                Replace("v1/types.rs", "    short_names = [\"fb\"],\n", "    short_names = [\"fb\", \"frob\"],\n"),
                Replace("v1/types.rs", "    categories = [\"all\", \"frob\"],\n", "    categories = [\"all\", \"frob\", \"toys\"],\n"),
            ],
        ),
        (
            "a scale label selector added",
            vec![Replace(
                "v1/types.rs",
                V1_SCALE_SELECTOR,
                "        status_replicas_path = \".status.replicas\"\n",
            )],
            vec![],
        ),
        (
            "a status subresource added to v1 Frobber",
            vec![Replace("v1/types.rs", "    subresource_status,\n", "")],
            vec![],
        ),
    ];
    for (name, base_edits, edits) in cases {
        let (rendered, found) = check_against(&todays_snapshot(&base_edits), &edits);
        assert!(
            found.is_empty() && rendered.is_empty(),
            "{name}:\n{rendered}"
        );
    }
}

#[test]
fn a_baseline_without_a_fact_is_compared_without_it() {
    // v1.0 was written before snapshots recorded CEL rules, `inline` or resources: it loads,
    // and today's edits of those facts are compared only on what it has.
    let old = baseline();
    assert!(old.records.is_empty());
    assert!(old.versions.iter().all(|v| v.resources.is_empty()));
    for (name, base_edits, edits, _) in breaking_new_facts() {
        if !base_edits.is_empty() {
            continue;
        }
        let (rendered, found) = check_against(&old, &edits);
        assert!(
            found.is_empty() && rendered.is_empty(),
            "{name}:\n{rendered}"
        );
    }
    // A fact it has is still compared: a removed short name is not, a narrowed maximum is.
    let (_, found) = check(&[
        Replace("v1/types.rs", "    short_names = [\"fb\"],\n", ""),
        Replace(
            "v1/types.rs",
            HEIGHT,
            "#[k8s(minimum = 1, maximum = 100, protobuf = 1)]",
        ),
    ]);
    assert_eq!(found, ["maximum-lowered".to_string()].into());
}

#[test]
fn the_catalogue_breaks_every_rule() {
    let caught: BTreeSet<&str> = breaking()
        .iter()
        .flat_map(|(_, _, rules)| rules.iter().copied())
        .chain(
            breaking_new_facts()
                .iter()
                .flat_map(|(_, _, _, rules)| rules.iter().copied()),
        )
        .collect();
    for r in rules::ALL {
        assert!(caught.contains(r.name), "no breaking edit for `{}`", r.name);
    }
}

#[test]
fn compatible_edits_give_no_finding() {
    let compatible = edits::compatible();
    for (name, edits) in compatible {
        let (rendered, found) = check(&edits);
        assert!(
            found.is_empty() && rendered.is_empty(),
            "{name}:\n{rendered}"
        );
    }
}

#[test]
fn alpha_versions_and_alpha_gated_items_warn() {
    // The same API released with v2alpha1 for v2beta1.
    let yaml = std::fs::read_to_string(example_api().join("compat/v1.0.yaml")).unwrap();
    let alpha =
        Snapshot::from_yaml(&yaml.replace("version: v2beta1", "version: v2alpha1")).unwrap();
    let edits = [
        Replace(
            "v2beta1/mod.rs",
            "version = \"v2beta1\"",
            "version = \"v2alpha1\"",
        ),
        Replace(
            "v2beta1/types.rs",
            "#[k8s(max_length = 256, protobuf = 5)]",
            "#[k8s(max_length = 128, protobuf = 5)]",
        ),
        // Behind the alpha gate Frobber2D in v1.
        Replace(
            "v1/types.rs",
            format!("{GATED_WIDTH}\n    pub width: Option<i32>,\n"),
            "",
        ),
    ];
    let (rendered, found) = check_against(&alpha, &edits);
    assert!(!rendered.contains("error"), "{rendered}");
    assert_eq!(
        found,
        [
            "field-removed",
            "length-narrowed",
            "protobuf-tombstone-missing"
        ]
        .map(String::from)
        .into()
    );
    insta::assert_snapshot!("alpha_warnings", rendered);
}

#[test]
fn a_kind_its_release_deprecated_may_go_with_a_warning() {
    let (rendered, found) = check(&[
        RemoveItem("v2beta1/types.rs", "pub struct Frobber {"),
        RemoveItem("v2beta1/types.rs", "pub struct FrobberList {"),
    ]);
    assert_eq!(found, ["kind-removed".to_string()].into());
    assert!(
        rendered.contains("warning: kind-removed: kind `Frobber`"),
        "{rendered}"
    );
    assert!(
        rendered.contains("error: kind-removed: kind `FrobberList`"),
        "{rendered}"
    );
}

#[test]
fn allow_compat_accepts_the_named_rule_with_a_reason() {
    let edits = [
        Replace("v1/types.rs", "#[k8s(minimum = 1, maximum = 1000, protobuf = 1)]", "#[k8s(minimum = 1, maximum = 100, allow_compat(rule = \"maximum-lowered\", reason = \"no frob was ever taller than 100\"), protobuf = 1)]"),
    ];
    let (rendered, found) = check(&edits);
    assert!(found.is_empty() && rendered.is_empty(), "{rendered}");
    // A type's allow covers its fields.
    let (rendered, found) = check(&[
        Replace(
            "v1/types.rs",
            "/// The desired state of a Frobber.\n#[derive(ApiType, Debug, PartialEq)]\n",
            "/// The desired state of a Frobber.\n#[derive(ApiType, Debug, PartialEq)]\n#[k8s(allow_compat(rule = \"maximum-lowered\", reason = \"v1.0 was never used\"))]\n",
        ),
        Replace("v1/types.rs", "#[k8s(minimum = 1, maximum = 1000, protobuf = 1)]", "#[k8s(minimum = 1, maximum = 100, protobuf = 1)]"),
    ]);
    assert!(found.is_empty() && rendered.is_empty(), "{rendered}");
    // Only the named rule.
    let (_, found) = check(&[Replace(
        "v1/types.rs",
        "#[k8s(minimum = 1, maximum = 1000, protobuf = 1)]",
        "#[k8s(minimum = 2, maximum = 100, allow_compat(rule = \"maximum-lowered\", reason = \"never taller\"), protobuf = 1)]",
    )]);
    assert_eq!(found, ["minimum-raised".to_string()].into());
    // On an enum, for its values.
    let (rendered, found) = check(&[
        Replace("v1/types.rs", "    /// Never restart.\n    Never,\n", ""),
        Replace(
            "v1/types.rs",
            "/// How a frob is restarted.\n#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]\n#[k8s(enum)]",
            "/// How a frob is restarted.\n#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]\n#[k8s(enum, allow_compat(rule = \"enum-value-removed\", reason = \"Never never worked\"))]",
        ),
    ]);
    assert!(found.is_empty() && rendered.is_empty(), "{rendered}");
}

#[test]
fn allow_compat_without_a_reason_or_with_an_unknown_rule_is_an_error() {
    // On every codegen run, like an unknown `allow_lint`, not only with `--compat`.
    let dir = copy();
    apply(
        dir.path(),
        Replace(
            "v1/types.rs",
            "#[k8s(minimum = 1, maximum = 1000, protobuf = 1)]",
            "#[k8s(minimum = 1, maximum = 1000, allow_compat(rule = \"maximum-lowerd\", reason = \"x\"), allow_compat(rule = \"field-removed\"), protobuf = 1)]",
        ),
    );
    let Err(generate::Error::Source { rendered, count }) = generate::load(dir.path()) else {
        panic!("a misused allow_compat loads");
    };
    assert_eq!(count, 2);
    insta::assert_snapshot!("allow_compat_misuse", rendered);
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_git_revision_is_a_baseline() {
    let dir = copy();
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-qm", "v1.0"]);
    git(dir.path(), &["tag", "v1.0-tag"]);
    apply(
        dir.path(),
        Replace("v1/types.rs", "pub height: i32,", "pub height: i64,"),
    );
    let outcome = compat::run(dir.path(), "v1.0-tag").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(outcome.errors, 1, "{:?}", outcome.rendered);
    assert!(
        outcome.rendered[0].contains("field-type-changed"),
        "{:?}",
        outcome.rendered
    );
    git(dir.path(), &["checkout", "-q", "--", "."]);
    let outcome = compat::run(dir.path(), "HEAD").unwrap();
    assert_eq!(
        (outcome.errors, outcome.warnings),
        (0, 0),
        "{:?}",
        outcome.rendered
    );
}

#[test]
fn the_checked_in_snapshot_is_the_example_api() {
    // On the facts v1.0 records: it predates the others and is never rewritten.
    let (model, _) = generate::load_model(&example_api()).unwrap();
    let old = baseline();
    let today = Snapshot::of(&model, "v1.0");
    assert_eq!(*today.as_recorded(&old.records), old);
    // Written today it would record every fact, and still read as the same API.
    let yaml = today.to_yaml().unwrap();
    assert!(
        yaml.contains("records:") && yaml.contains("plural: frobbers"),
        "{yaml}"
    );
    assert_eq!(Snapshot::from_yaml(&yaml).unwrap(), today);
}

#[test]
fn a_release_snapshot_written_before_a_fact_is_kept_as_it_is() {
    let dir = copy();
    copy_dir(&example_api(), dir.path(), &["compat"]);
    let v1_0 = dir.path().join("compat/v1.0.yaml");
    let before = std::fs::read_to_string(&v1_0).unwrap();
    // The same API on what v1.0 records: the file stays byte for byte.
    compat::write_snapshot(dir.path(), "v1.0").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(std::fs::read_to_string(&v1_0).unwrap(), before);
    // A new release records every fact.
    let v1_1 = compat::write_snapshot(dir.path(), "v1.1").unwrap_or_else(|e| panic!("{e}"));
    let written = Snapshot::from_yaml(&std::fs::read_to_string(v1_1).unwrap()).unwrap();
    assert_eq!(written.records, Fact::ALL);
    let v1 = written.version("frob.example.com", "v1").unwrap();
    let frobbers = v1.resource("Frobber").unwrap();
    assert_eq!(
        (frobbers.plural.as_str(), frobbers.singular.as_str()),
        ("frobbers", "frobber")
    );
    assert_eq!(frobbers.short_names, ["fb"]);
    assert!(frobbers.status && frobbers.scale.is_some());
    // A change v1.0 records is still refused.
    apply(
        dir.path(),
        Replace("v1/types.rs", "pub height: i32,", "pub height: i64,"),
    );
    let err = compat::write_snapshot(dir.path(), "v1.0").unwrap_err();
    assert!(err.to_string().contains("never rewritten"), "{err}");
}

#[test]
fn the_command_line_fails_on_a_break_and_generates_nothing() {
    let dir = copy();
    apply(
        dir.path(),
        Replace("v1/types.rs", "pub height: i32,", "pub height: i64,"),
    );
    std::fs::create_dir_all(dir.path().join("compat")).unwrap();
    std::fs::copy(
        example_api().join("compat/v1.0.yaml"),
        dir.path().join("compat/v1.0.yaml"),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kapi-codegen"))
        .args(["--compat", "v1.0"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: field-type-changed"), "{stderr}");
    assert!(!dir.path().join("generated").exists());
    // A release's snapshot is never rewritten with a different API.
    let out = Command::new(env!("CARGO_BIN_EXE_kapi-codegen"))
        .args(["--snapshot-release", "v1.0"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("never rewritten"));
}

#[test]
fn readme_lists_every_rule() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    for r in rules::ALL {
        let row = format!("| `{}` | {} |", r.name, r.reason);
        assert!(readme.contains(&row), "README lacks the row {row}");
    }
}

#[test]
fn a_version_whose_kinds_its_release_deprecated_or_removed_may_go() {
    let remove_v2beta1 = [Replace("lib.rs", "pub mod v2beta1;\n", "")];
    let mut announced = baseline();
    let v2beta1 = announced
        .versions
        .iter_mut()
        .find(|v| v.version == "v2beta1")
        .unwrap();
    for k in v2beta1.types.iter_mut().filter(|t| t.kind.is_some()) {
        k.deprecated = Some("1.30".into());
    }
    let (rendered, found) = check_against(&announced, &remove_v2beta1);
    assert_eq!(found, ["group-version-removed".to_string()].into());
    assert!(
        rendered.starts_with("warning: group-version-removed"),
        "{rendered}"
    );
    for v in announced
        .versions
        .iter_mut()
        .filter(|v| v.version == "v2beta1")
    {
        for k in v.types.iter_mut().filter(|t| t.kind.is_some()) {
            k.removed = Some("1.32".into());
        }
    }
    let (rendered, found) = check_against(&announced, &remove_v2beta1);
    assert!(found.is_empty() && rendered.is_empty(), "{rendered}");
}

#[test]
fn a_release_name_resolves_per_crate_of_a_workspace() {
    // Two API crates, as `cargo xtask codegen --compat v1.0` runs them: the example API has
    // the release, the second crate (a copy of widgets) does not and is generated unchecked.
    let example = copy();
    copy_dir(&example_api(), example.path(), &["compat"]);
    let widgets = tempfile::tempdir().unwrap();
    let from = example_api().join("widgets");
    copy_dir(&from, widgets.path(), &["src"]);
    let runtime = std::fs::canonicalize(example_api().join("../runtime")).unwrap();
    let manifest = std::fs::read_to_string(from.join("Cargo.toml"))
        .unwrap()
        .replace(
            "\"../../runtime\"",
            &format!("{:?}", runtime.display().to_string()),
        );
    std::fs::write(widgets.path().join("Cargo.toml"), manifest).unwrap();
    let args = |dir: &Path, release: &str| {
        let matches = kapi_codegen::cli::command("codegen", dir)
            .get_matches_from(["codegen", "--compat", release]);
        kapi_codegen::cli::Args::from_matches(&matches, dir)
    };
    let run = |release: &str| {
        kapi_codegen::cli::run_all(vec![
            args(example.path(), release),
            args(widgets.path(), release),
        ])
    };
    assert_eq!(run("v1.0"), std::process::ExitCode::SUCCESS);
    assert!(widgets.path().join("generated").is_dir());
    // A name no crate has is still an error.
    assert_eq!(run("v0.9"), std::process::ExitCode::FAILURE);
}
