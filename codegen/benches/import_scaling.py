#!/usr/bin/env python3
"""Scaling of kapi-codegen's importers on generated input (issue 35): a chain of pointer
types, one enum of many constants, a large file of ordinary structs, deep YAML. Writes the
inputs to a temporary directory (never checked in), runs the binary on each and prints a
table of wall times.

    cargo build --release -p kapi-codegen --bin kapi-codegen
    python3 codegen/benches/import_scaling.py target/release/kapi-codegen
"""
import os
import subprocess
import sys
import tempfile
import time

HEADER = "package v1\n\n"


def pointer_chain(n):
    types = [f"type T{i} struct {{\n\tNext *T{i + 1} `json:\"next,omitempty\"`\n}}\n" for i in range(n)]
    types.append(f"type T{n} struct {{\n\tLeaf string `json:\"leaf\"`\n}}\n")
    return HEADER + "\n".join(types)


def enum(n):
    consts = "".join(f"\tMode{i} Mode = \"Mode{i}\"\n" for i in range(n))
    return HEADER + "// +enum\ntype Mode string\n\nconst (\n" + consts + ")\n"


def large_file(megabytes):
    out, size, i = [HEADER], len(HEADER), 0
    while size < megabytes * 1_000_000:
        s = (f"// Widget{i} is a generated type.\ntype Widget{i} struct {{\n"
             f"\t// Name is a name.\n\tName string `json:\"name\" protobuf:\"bytes,1,opt,name=name\"`\n"
             f"\tSize *int32 `json:\"size,omitempty\" protobuf:\"varint,2,opt,name=size\"`\n"
             f"\tTags map[string]string `json:\"tags,omitempty\" protobuf:\"bytes,3,rep,name=tags\"`\n}}\n\n")
        out.append(s)
        size += len(s)
        i += 1
    return "".join(out)


def run(binary, args):
    start = time.monotonic()
    p = subprocess.run([binary, "import", *args], capture_output=True, text=True)
    elapsed = time.monotonic() - start
    return elapsed, p.returncode, (p.stderr.strip().splitlines() or [""])[-1][:100]


def go_case(binary, root, name, source):
    pkg = os.path.join(root, name, "v1")
    os.makedirs(pkg)
    with open(os.path.join(pkg, "types.go"), "w") as f:
        f.write(source)
    return run(binary, ["go", "--no-doc-comments", "--out", os.path.join(root, name, "out"), pkg])


def yaml_case(binary, root, name, text):
    path = os.path.join(root, name + ".yaml")
    with open(path, "w") as f:
        f.write(text)
    return run(binary, ["crd", "--out", os.path.join(root, name + "-out"), path])


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/kapi-codegen"
    cases = []
    for n in [1_000, 2_000, 5_000, 10_000]:
        cases.append((f"pointer chain, {n} types", "go", pointer_chain(n)))
    for n in [10_000, 50_000, 100_000]:
        cases.append((f"enum, {n} constants", "go", enum(n)))
    for mb in [5, 25, 50]:
        cases.append((f"file, {mb} MB of structs", "go", large_file(mb)))
    for n in [10_000, 100_000]:
        cases.append((f"CRD YAML, {n}-deep flow sequence", "yaml", "[" * n + "]" * n + "\n"))
    print(f"{'case':40} {'seconds':>8} {'exit':>5}  last line of stderr")
    with tempfile.TemporaryDirectory() as root:
        for i, (label, kind, data) in enumerate(cases):
            case = go_case if kind == "go" else yaml_case
            elapsed, code, last = case(binary, root, f"case{i}", data)
            print(f"{label:40} {elapsed:8.2f} {code:5}  {last}", flush=True)


if __name__ == "__main__":
    main()
