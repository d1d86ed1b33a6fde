#!/usr/bin/env bash
# Peak memory of `gpuspec` against the size of one input file (not part of ctest): the
# parser, the AST and the diagnostics are bounded by a multiple of the input, and the
# file size limit (GPUSPEC_MAX_FILE_SIZE, default 4 MiB) bounds the input. Prints, for
# each shape of input, the peak RSS (GNU time's %M) and RSS per input byte, measured
# above the RSS of an empty file (the embedded stdlib and policy pack).
#
# usage: test/bench/memory.sh [GPUSPEC] [MIB]   (default: build/bin/gpuspec, 4 MiB files)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
gpuspec="${1:-$root/build/bin/gpuspec}"
mib="${2:-4}"
[[ -x "$gpuspec" ]] || { echo "no gpuspec binary at $gpuspec" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "needs GNU time (apt install time)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-memory.XXXXXX")"
trap 'rm -rf "$work"' EXIT
bytes=$((mib * 1024 * 1024 - 4096))

# Five shapes: valid workloads (the common case), one syntax error before a file of
# junk (error recovery skips it all), dense tokens, small declarations that each break
# the schema (four errors per declaration), and one token per byte (the worst case).
python3 - "$work" "$bytes" <<'PY'
import sys
work, size = sys.argv[1], int(sys.argv[2])
def fill(name, unit):
    n = size // len(unit(0)) - 1
    with open(f"{work}/{name}.gpuspec", "w") as f:
        f.write("".join(unit(i) for i in range(n)))
fill("valid", lambda i: f"workload w{i:07d} {{\n  task = llm.finetune\n  params = 7B\n  seq_len = 4096\n  batch_size = 8\n}}\n")
fill("junk", lambda i: "{ = } x ")
fill("tokens", lambda i: "a=1 ")
fill("broken", lambda i: f"part p{i:07d} {{ kind = gpu }}\n")
fill("semicolons", lambda i: ";")  # one token per byte: the densest input
PY
: > "$work/empty.gpuspec"

peak_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
base=$(peak_kb "$gpuspec" check "$work/empty.gpuspec")
printf '%-16s %10s %12s %10s\n' input bytes "peak RSS" "per byte"
for shape in valid junk tokens broken semicolons; do
  file="$work/$shape.gpuspec"
  size=$(stat -c %s "$file")
  for format in text json; do
    kb=$(GPUSPEC_MAX_FILE_SIZE=$((mib + 1))M peak_kb "$gpuspec" check --format "$format" "$file" || true)
    printf '%-16s %10d %9d KB %9.0fx\n' "$shape/$format" "$size" "$kb" "$(echo "($kb - $base) * 1024 / $size" | bc -l)"
  done
done
echo "empty file: $base KB"
