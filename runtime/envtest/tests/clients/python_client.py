"""The official Python client (PyPI `kubernetes`) against kapi-apiserver: a core kind and
a CRD kind through CustomObjectsApi, with the kubeconfig the server wrote (its CA and
token). Prints one line per step; any failure raises, and the process exits non-zero."""

import sys

import yaml
from kubernetes import client, config, watch
from kubernetes.client.rest import ApiException

GROUP, VERSION, PLURAL, NS = "compat.example.com", "v1", "gadgets", "default"


def step(text):
    print(text, flush=True)


def core_kind():
    core = client.CoreV1Api()
    core.create_namespaced_config_map(
        NS,
        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "py"}, "data": {"a": "1"}},
    )
    got = core.read_namespaced_config_map("py", NS)
    assert got.data == {"a": "1"}, got.data
    names = [c.metadata.name for c in core.list_namespaced_config_map(NS).items]
    assert "py" in names, names
    step("configmap created, read, listed")


def custom_kind():
    api = client.CustomObjectsApi()
    body = {
        "apiVersion": f"{GROUP}/{VERSION}",
        "kind": "Gadget",
        "metadata": {"name": "g1"},
        "spec": {"size": 1},
    }
    created = api.create_namespaced_custom_object(GROUP, VERSION, NS, PLURAL, body)
    # The CRD's schema default applied on the way in.
    assert created["spec"] == {"size": 1, "color": "grey"}, created["spec"]
    got = api.get_namespaced_custom_object(GROUP, VERSION, NS, PLURAL, "g1")
    assert got["metadata"]["uid"] == created["metadata"]["uid"]
    listed = api.list_namespaced_custom_object(GROUP, VERSION, NS, PLURAL)
    assert [o["metadata"]["name"] for o in listed["items"]] == ["g1"], listed
    step("gadget created, read, listed")

    # A dict body is sent as a merge patch.
    patched = api.patch_namespaced_custom_object(
        GROUP, VERSION, NS, PLURAL, "g1", {"spec": {"size": 3}}
    )
    assert patched["spec"] == {"size": 3, "color": "grey"}, patched["spec"]
    assert patched["metadata"]["generation"] == 2, patched["metadata"]
    step("gadget merge-patched")

    status = api.patch_namespaced_custom_object_status(
        GROUP, VERSION, NS, PLURAL, "g1", {"status": {"phase": "Ready"}}
    )
    assert status["status"] == {"phase": "Ready"}, status
    # The status subresource leaves the generation alone; the main resource ignores status.
    assert status["metadata"]["generation"] == 2, status["metadata"]
    api.patch_namespaced_custom_object(
        GROUP, VERSION, NS, PLURAL, "g1", {"status": {"phase": "Ignored"}}
    )
    got = api.get_namespaced_custom_object_status(GROUP, VERSION, NS, PLURAL, "g1")
    assert got["status"] == {"phase": "Ready"}, got
    step("gadget status patched")

    # A watch from no resourceVersion starts with an ADDED event per object.
    stream = watch.Watch()
    seen = None
    for event in stream.stream(
        api.list_namespaced_custom_object, GROUP, VERSION, NS, PLURAL, timeout_seconds=20
    ):
        seen = (event["type"], event["object"]["metadata"]["name"])
        stream.stop()
    assert seen == ("ADDED", "g1"), seen
    step("gadget watched: ADDED g1")

    api.delete_namespaced_custom_object(GROUP, VERSION, NS, PLURAL, "g1")
    try:
        api.get_namespaced_custom_object(GROUP, VERSION, NS, PLURAL, "g1")
        raise AssertionError("g1 still there after its delete")
    except ApiException as e:
        assert e.status == 404, e
    step("gadget deleted")


def wrong_token(kubeconfig):
    with open(kubeconfig) as f:
        settings = yaml.safe_load(f)
    settings["users"][0]["user"]["token"] = "not-the-token"
    core = client.CoreV1Api(config.new_client_from_config_dict(settings))
    try:
        core.list_namespaced_config_map(NS)
        raise AssertionError("a wrong token was let in")
    except ApiException as e:
        assert e.status == 401 and e.reason == "Unauthorized", e
    step("wrong token: 401 Unauthorized")


def main():
    config.load_kube_config(config_file=sys.argv[1])
    core_kind()
    custom_kind()
    wrong_token(sys.argv[1])


if __name__ == "__main__":
    main()
