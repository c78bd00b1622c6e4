use super::*;
use crate::diagnostics::Diagnostics;

/// A group-version of `types` (Rust items), in module `[version]`.
fn gv(group: &str, version: &str, types: &[&str]) -> GroupVersion {
    let mut diags = Diagnostics::default();
    let types = types
        .iter()
        .map(|src| {
            let item: syn::Item = syn::parse_str(src).expect("a Rust item");
            crate::parse::parse_item(&item, &mut diags).expect("an API type")
        })
        .collect();
    assert!(diags.is_empty(), "{diags:?}");
    GroupVersion {
        group: group.into(),
        version: version.into(),
        internal: version == crate::INTERNAL_VERSION,
        go_name: String::new(),
        protobuf_package: None,
        protobuf_path: None,
        cargo_feature: None,
        validation: Default::default(),
        module: vec![version.to_string()],
        file: Default::default(),
        span: Default::default(),
        types,
        functions: Vec::new(),
        pub_uses: Vec::new(),
        index: Default::default(),
    }
}

fn model(name: &str, versions: Vec<GroupVersion>) -> Model {
    Model {
        crate_name: name.into(),
        versions,
        ..Model::default()
    }
}

fn path(p: &str) -> Vec<String> {
    p.split("::").map(str::to_string).collect()
}

fn from<'a>(model: &'a Model, version: usize) -> Origin<'a> {
    Origin {
        model,
        gv: model.versions.get(version),
    }
}

fn named<'a>(r: Option<Resolved<'a>>) -> Option<(&'a str, &'a str)> {
    match r? {
        Resolved::Type(o, t) => Some((o.model.crate_name.as_str(), t.name.as_str())),
        Resolved::Special(_) => None,
    }
}

#[test]
fn a_path_resolves_to_the_type_its_handle_names() {
    let api = model(
        "api",
        vec![
            gv(
                "g",
                "v1",
                &["struct Foo { bar: Bar }", "struct Bar { n: i64 }"],
            ),
            gv("g", "v2", &["struct Baz { bar: crate::v1::Bar, foo: Foo }"]),
        ],
    );
    let index = Index::of_crate(&api);
    let bar = &api.versions[0].types[1];
    let id = index.id(bar).expect("every type has a handle");
    assert!(std::ptr::eq(index.get(id).1, bar));
    let Some(Resolved::Type(origin, t)) = index.resolve(from(&api, 0), &path("Bar")) else {
        panic!("`Bar` resolves in v1");
    };
    assert!(std::ptr::eq(t, bar) && origin.gv.is_some_and(|gv| gv.version == "v1"));
    // A `crate::` path names its module's type, from any group-version.
    let (_, t) = index
        .in_crate(from(&api, 1), &path("crate::v1::Bar"))
        .expect("v1's Bar");
    assert!(std::ptr::eq(t, bar));
    // A bare name v2 does not declare is not guessed without kapi's names.
    assert!(index.in_crate(from(&api, 1), &path("Foo")).is_none());
}

#[test]
fn a_bare_name_is_kapis_before_a_siblings() {
    let api = model(
        "api",
        vec![
            gv("g", "v1", &["struct Condition { a: String }"]),
            gv("g", "v2", &["struct Thing { c: Condition, o: Other }"]),
            gv("g", "v3", &["struct Other { b: bool }"]),
        ],
    );
    let kapi = model(
        "kapi",
        vec![gv("meta", "v1", &["struct Condition { x: String }"])],
    );
    let index = Index::new(&api, &kapi);
    assert_eq!(
        named(index.resolve(from(&api, 1), &path("Condition"))),
        Some(("kapi", "Condition"))
    );
    assert!(index.in_crate(from(&api, 1), &path("Condition")).is_none());
    // A name only one sibling module declares, and kapi does not, is that sibling's.
    assert_eq!(
        named(index.resolve(from(&api, 1), &path("Other"))),
        Some(("api", "Other"))
    );
    // kapi's scalars are kapi's, whatever the crates declare.
    assert!(matches!(
        index.resolve(from(&api, 1), &path("kapi::meta::Time")),
        Some(Resolved::Special(Special::Time))
    ));
}

#[test]
fn each_version_has_its_groups_hub() {
    let api = model(
        "api",
        vec![
            gv("g", "v1", &["struct A { n: i64 }"]),
            gv("g", crate::INTERNAL_VERSION, &["struct A { n: i64 }"]),
            gv("h", "v1", &["struct B { n: i64 }"]),
        ],
    );
    let index = Index::of_crate(&api);
    let hub = index.hub(&api.versions[0]).expect("g has a hub");
    assert!(std::ptr::eq(hub, &api.versions[1]));
    assert!(index.hub(&api.versions[2]).is_none());
}
