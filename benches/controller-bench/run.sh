#!/usr/bin/env bash
# A no-op reconcile over N ConfigMaps (default 10,000): kapi-controller on kapi-k8s types
# against kube-rs' Controller on k8s-openapi types, each its own binary and process against
# the same kapi-apiserver holding the same objects, alternating, ROUNDS times each (default 3).
# Prints each run's JSON line, then the medians and their ratios.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
n="${1:-10000}"
rounds="${ROUNDS:-3}"
workers="${WORKERS:-4}"
target="${CARGO_TARGET_DIR:-$root/target}"

cargo build --release --manifest-path "$root/Cargo.toml" -p kapi-envtest
bench_target="${BENCH_TARGET_DIR:-$target/controller-bench}"
CARGO_TARGET_DIR="$bench_target" cargo build --release --manifest-path "$here/Cargo.toml"
bench="$bench_target/release/controller-bench"  # -seed, -kapi, -kube

work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
"$target/release/kapi-apiserver" --port 0 --kubeconfig "$work/kubeconfig" > "$work/server.log" &
server=$!
for _ in $(seq 100); do grep -q "serving on" "$work/server.log" 2>/dev/null && break; sleep 0.1; done
"$bench-seed" "$work/kubeconfig" "$n"

for _ in $(seq "$rounds"); do
  "$bench-kapi" "$work/kubeconfig" "$n" "$workers" | tee -a "$work/results"
  "$bench-kube" "$work/kubeconfig" "$n" "$workers" | tee -a "$work/results"
done

python3 - "$work/results" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1])]
med = {}
for c in ("kapi", "kube-rs"):
    rs = [r for r in runs if r["controller"] == c]
    med[c] = {k: statistics.median(r[k] for r in rs) for k in ("reconciles_per_second", "rss_kib", "peak_kib", "anon_kib", "file_kib", "seconds")}
    print(f"{c:8} median: {med[c]['reconciles_per_second']:.0f} reconciles/s over {rs[0]['objects']} objects "
          f"({med[c]['seconds']:.2f} s), RSS {med[c]['rss_kib']/1024:.1f} MiB (anonymous {med[c]['anon_kib']/1024:.1f}, "
          f"file {med[c]['file_kib']/1024:.1f}), peak {med[c]['peak_kib']/1024:.1f} MiB")
k, r = med["kapi"], med["kube-rs"]
print(f"kapi / kube-rs: throughput {k['reconciles_per_second']/r['reconciles_per_second']:.2f}x, "
      f"RSS {k['rss_kib']/r['rss_kib']:.2f}x, anonymous {k['anon_kib']/r['anon_kib']:.2f}x, peak {k['peak_kib']/r['peak_kib']:.2f}x")
PY
