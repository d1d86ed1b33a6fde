#!/usr/bin/env bash
# The whole test suite: set up, build, and run GoogleTest and lit through ctest.
# Pass --sanitize to build and test with AddressSanitizer and UBSan (float-cast-overflow
# included) in build-asan/, compiled with clang: GCC's -fsanitize=undefined leaves
# float-cast-overflow out, and clang's runtime reports it at the cast.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=build
extra=()
if [ "${1:-}" = "--sanitize" ]; then
  build_dir=build-asan
  extra=(-DGPUSPEC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++)
fi
scripts/setup.sh "$build_dir" "${extra[@]}"
# Test tools from the npm registry (HashiCorp's HCL parser, the Terraform provider
# schemas of the CDKTF and Pulumi bindings, Microsoft's SARIF validator, html-validate, Microsoft's
# LSP client libraries; the VS Code extension's client, TextMate engine and
# packager), pinned by their lock files, installed into the source tree; again when
# a lock file changed.
for tool_dir in test/terraform test/sarif test/html test/lsp editors/vscode; do
  installed="$tool_dir/node_modules/.package-lock.json"
  if [ -f "$tool_dir/package-lock.json" ] && { [ ! -f "$installed" ] || [ "$tool_dir/package-lock.json" -nt "$installed" ]; }; then
    npm ci --prefix "$tool_dir" --ignore-scripts --no-audit --no-fund --loglevel=error
  fi
done
# --ignore-scripts skips the SARIF validator's install script, whose only job is to
# mark its native binary executable; do that here instead of running package scripts.
for multitool in test/sarif/node_modules/@microsoft/sarif-multitool-*/Sarif.Multitool; do
  [ -f "$multitool" ] && chmod u+x "$multitool"
done
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)"
