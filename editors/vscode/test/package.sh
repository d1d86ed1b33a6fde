#!/usr/bin/env bash
# Packages the extension as a .vsix with @vscode/vsce and checks what is inside: the
# manifest, client, grammar, language configuration and licence, the language
# client it needs at run time, and none of the tests or development tools. The
# extension's version must be the binary's.
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
# No repository URL to name yet; vsce would otherwise stop and ask.
node --check "$here/extension.js"
if ! (cd "$here" && node_modules/.bin/vsce package --allow-missing-repository --out "$vsix" >"$out/vsce.log" 2>&1); then
  cat "$out/vsce.log" >&2
  exit 1
fi
listing="$(unzip -Z1 "$vsix")"
status=0
for entry in extension.vsixmanifest extension/package.json extension/extension.js extension/language-configuration.json \
             extension/syntaxes/gpuspec.tmLanguage.json extension/LICENSE.txt extension/readme.md \
             extension/node_modules/vscode-languageclient/package.json; do
  grep -qxF "$entry" <<<"$listing" || { echo "missing from the .vsix: $entry" >&2; status=1; }
done
for pattern in '^extension/test/' '^extension/node_modules/@vscode/vsce/' '^extension/node_modules/vscode-textmate/' '\.vsix$'; do
  if grep -q "$pattern" <<<"$listing"; then echo "should not be in the .vsix: $(grep "$pattern" <<<"$listing" | head -1)" >&2; status=1; fi
done
# The packaged manifest still starts the server and contributes the grammar.
unzip -p "$vsix" extension/package.json | node -e '
  const m = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const ok = m.main === "./extension.js" && m.contributes.grammars[0].scopeName === "source.gpuspec" &&
             m.contributes.configuration.properties["gpuspec.path"].default === "gpuspec";
  if (!ok) { console.error("unexpected packaged package.json"); process.exit(1); }'
[ $status -eq 0 ] && echo "packaged $vsix ($(du -k "$vsix" | cut -f1) KB, $(wc -l <<<"$listing") files)"
exit $status
