#!/usr/bin/env bash
# Packages the extension as a .vsix with @vscode/vsce and checks what is inside: exactly
# the bundle esbuild makes (bundle.mjs: the client and its libraries in one file, with
# their licences), the manifest, grammar, language configuration, README and licence;
# no sources, tests, node_modules or build files (.vscodeignore). `vsce ls` must list
# the same files. The bundle must load with nothing but the `vscode` module VS Code
# provides, and the extension's version must be the binary's.
# usage: editors/vscode/test/package.sh GPUSPEC_BINARY OUT_DIR
# Exits 77 (ctest: skipped) without `npm ci --prefix editors/vscode`.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
[ -x "$here/node_modules/.bin/vsce" ] || { echo "@vscode/vsce is not installed (npm ci --prefix editors/vscode): skipped"; exit 77; }
binary="$1"
out="$2"
version="$(node -p "require('$here/package.json').version")"
binary_version="$("$binary" --version | awk '{print $2}')"
if [ "$version" != "$binary_version" ]; then
  echo "editors/vscode/package.json has version $version, gpuspec --version says $binary_version" >&2
  exit 1
fi
mkdir -p "$out"
vsix="$out/gpuspec-$version.vsix"
rm -f "$vsix"
node --check "$here/extension.js"
# No repository URL to name yet; vsce would otherwise stop and ask.
if ! (cd "$here" && node_modules/.bin/vsce package --allow-missing-repository --out "$vsix" >"$out/vsce.log" 2>&1); then
  cat "$out/vsce.log" >&2
  exit 1
fi
status=0
listing() { LC_ALL=C sort; }
expected="$(listing <<'EOF'
dist/THIRD-PARTY-NOTICES.txt
dist/extension.js
language-configuration.json
LICENSE
package.json
README.md
syntaxes/gpuspec.tmLanguage.json
EOF
)"
# vsce ls: the files the package takes (after the bundle exists).
listed="$(cd "$here" && node_modules/.bin/vsce ls 2>/dev/null | listing)"
if [ "$listed" != "$expected" ]; then
  echo "vsce ls lists:"$'\n'"$listed"$'\n'"expected:"$'\n'"$expected" >&2
  status=1
fi
# The .vsix itself: those files under extension/ (vsce renames the licence and the
# README), and vsce's own manifest files.
packaged="$(unzip -Z1 "$vsix" | listing)"
expected_zip="$(listing <<'EOF'
[Content_Types].xml
extension.vsixmanifest
extension/dist/THIRD-PARTY-NOTICES.txt
extension/dist/extension.js
extension/language-configuration.json
extension/LICENSE.txt
extension/package.json
extension/readme.md
extension/syntaxes/gpuspec.tmLanguage.json
EOF
)"
if [ "$packaged" != "$expected_zip" ]; then
  echo "the .vsix holds:"$'\n'"$packaged"$'\n'"expected:"$'\n'"$expected_zip" >&2
  status=1
fi
# The packaged manifest starts the bundle and contributes the grammar; the bundle
# loads from the unpacked .vsix alone (no node_modules), given only `vscode`.
unpacked="$out/unpacked"
rm -rf "$unpacked" && mkdir -p "$unpacked" && (cd "$unpacked" && unzip -q "$vsix")
node -e '
  const Module = require("module");
  const path = require("path");
  const m = require(path.resolve(process.argv[1], "extension/package.json"));
  const ok = m.main === "./dist/extension.js" && m.contributes.grammars[0].scopeName === "source.gpuspec" &&
             m.contributes.configuration.properties["gpuspec.path"].default === "gpuspec" && !m.dependencies;
  if (!ok) { console.error("unexpected packaged package.json"); process.exit(1); }
  // A stand-in for the API VS Code provides: every member is another stand-in that
  // can be called, constructed or extended; loading the bundle only defines things.
  const standIn = new Proxy(function () {}, {
    get: (target, key) => (key === "prototype" ? {} : typeof key === "symbol" ? undefined : standIn),
    apply: () => standIn,
    construct: () => standIn,
  });
  const load = Module._load;
  Module._load = function (request, ...rest) {
    if (request === "vscode") return standIn;
    return load.call(this, request, ...rest);
  };
  const extension = require(path.resolve(process.argv[1], "extension", m.main));
  if (typeof extension.activate !== "function" || typeof extension.deactivate !== "function") {
    console.error("the bundle exports no activate/deactivate"); process.exit(1);
  }' "$unpacked" 2>"$out/load.log" || { echo "the bundle does not load from the .vsix:" >&2; tail -c 2000 "$out/load.log" >&2; status=1; }
grep -q '^vscode-languageclient 9.0.1 (MIT)$' "$unpacked/extension/dist/THIRD-PARTY-NOTICES.txt" || { echo "no notice for vscode-languageclient" >&2; status=1; }
[ $status -eq 0 ] && echo "packaged $vsix ($(du -k "$vsix" | cut -f1) KB, $(wc -l <<<"$packaged") files)"
exit $status
