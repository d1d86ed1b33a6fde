#!/usr/bin/env bash
# Builds the .deb with CPack from the build tree, unpacks it into a scratch root
# (dpkg -x: no root rights, nothing touches the machine's package database) and
# uses what it installed: the binary checks the packaged examples (good ones
# clean, examples/bad failing), answers --version, and starts the language server.
# usage: test/install/deb.sh BUILD_DIR
set -euo pipefail
build="$1"
work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-deb.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log" >&2; fail "cpack"; }
deb="$(ls "$work"/out/gpuspec_*.deb)"
# The size the README states: where it goes and how it was cut is in cmake/Install.cmake.
# 2,700 KB is the ceiling: the test build (-O2, no --gc-sections) gave 2,060 KB before
# `probe`, `prices import` and the round-3 price book, and gives 2,429 KB with them; issue
# #27 measured 2.4 MB for CMake's -O3 default of the smaller binary. 2,634 KB on 2026-12-03
# (the snapshot's lazily read layout, the fact and sema memos of issue 28); 2,860 KB with
# the C++ runtime and fmt linked in (a faster cold start, compiler/portable/); 2,898 KB with
# the built-in policies stored compiled (lint/policy_store.h): ceiling 2,950.
size_kb=$(( ($(stat -c %s "$deb") + 1023) / 1024 ))
echo "package: $(basename "$deb"), $size_kb KB"
[ "$size_kb" -le 2950 ] || fail "the .deb is $size_kb KB, over the 2950 KB the README's figure allows: see what grew (size -A, nm --size-sort)"

info="$(dpkg-deb --info "$deb")"
grep -q '^ Package: gpuspec$' <<<"$info" || fail "package name: $info"
depends="$(grep '^ Depends:' <<<"$info")"
grep -q 'libc6' <<<"$depends" || fail "no libc6 in $depends"
# The C++ runtime, fmt and the ANTLR runtime are linked in (compiler/portable/): the
# package depends on glibc alone, and a cold start loads no other library. A sanitizer
# or fuzz build links bin/gpuspec the ordinary way (compiler/CMakeLists.txt).
self_contained=1
grep -qE '^GPUSPEC_(SANITIZE|FUZZ):BOOL=ON' "$build/CMakeCache.txt" && self_contained=0
[ "$self_contained" = 0 ] || ! grep -qiE 'antlr|libstdc|libfmt|libgcc' <<<"$depends" \
  || fail "the package depends on a library it links in: $depends"

dpkg-deb -x "$deb" "$work/root"
gpuspec="$work/root/usr/bin/gpuspec"
[ -x "$gpuspec" ] || fail "no /usr/bin/gpuspec in the package"
needed="$(readelf -d "$gpuspec" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')"
[ "$self_contained" = 0 ] || [ "$needed" = "ld-linux-x86-64.so.2 libc.so.6 libm.so.6 " ] \
  || fail "the binary needs more than glibc: $needed"
readelf -S "$gpuspec" | grep -q '\.debug_info' && fail "the packaged binary is not stripped"

"$gpuspec" --version | grep -qxE "gpuspec $(dpkg-deb -f "$deb" Version) \(commit .+\)" || fail "--version: $("$gpuspec" --version)"
examples="$work/root/usr/share/doc/gpuspec/examples"
[ -f "$work/root/usr/share/doc/gpuspec/copyright" ] || fail "no copyright file"
good=0
while IFS= read -r spec; do
  "$gpuspec" check --no-color "$spec" >"$work/check.txt" 2>&1 || { cat "$work/check.txt" >&2; fail "check $spec"; }
  good=$((good + 1))
done < <(find "$examples" -name '*.gpuspec' -not -path '*/bad/*' | sort)
[ "$good" -gt 10 ] || fail "only $good good examples in the package"
if "$gpuspec" check --no-color "$examples/bad" >"$work/bad.txt" 2>&1; then fail "examples/bad is clean"; fi
grep -q 'error\[memory.ram-2x-vram\]' "$work/bad.txt" || fail "examples/bad: $(head -5 "$work/bad.txt")"

# The language server answers initialize and exits cleanly after shutdown/exit.
frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
reply="$( { frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
            frame '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'
            frame '{"jsonrpc":"2.0","method":"exit"}'; } | timeout 20 "$gpuspec" lsp)" || fail "gpuspec lsp exited with $?"
grep -q '"hoverProvider":true' <<<"$reply" || fail "lsp: $reply"
echo "installed into a scratch root: $good good examples clean, examples/bad fails, lsp answers"
