#!/usr/bin/env bash
# Runs lsp_test.lua in a headless Neovim whose init.lua is exactly a snippet from
# docs/editors.md (the block after `<!-- snippet: NAME ... -->`), so the documented
# configuration is what the test drives: nvim-0.7 as written, and nvim-0.8 on the
# same Neovim 0.7 behind api08_shim.lua (the suite has no newer Neovim). The project,
# cache, state and log files live in a temporary folder; gpuspec comes from the PATH,
# as for a user. Exits 77 (ctest: skipped) without nvim.
# usage: test/lsp/nvim/run.sh GPUSPEC_BINARY SOURCE_ROOT
set -euo pipefail
command -v nvim >/dev/null || { echo "nvim is not installed (scripts/setup.sh installs neovim): skipped"; exit 77; }
here="$(cd "$(dirname "$0")" && pwd)"
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$2"
work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-nvim.XXXXXX")"
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
mkdir -p "$work/bin"
ln -s "$binary" "$work/bin/gpuspec"
export PATH="$work/bin:$PATH"

# The fenced lua block after the snippet's marker line in docs/editors.md.
snippet() {
  awk -v name="$1" '
    index($0, "<!-- snippet: " name " ") == 1 { armed = 1; next }
    armed && /^```lua$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }
  ' "$root/docs/editors.md"
}

status=0
for variant in nvim-0.7 nvim-0.8; do
  dir="$work/$variant"
  mkdir -p "$dir/project/specs"
  snippet "$variant" >"$dir/snippet.lua"
  [ -s "$dir/snippet.lua" ] || { echo "FAIL no '$variant' snippet in docs/editors.md"; status=1; continue; }
  { [ "$variant" = nvim-0.8 ] && cat "$here/api08_shim.lua"; cat "$dir/snippet.lua"; } >"$dir/init.lua"
  # A project the way a user has one: gpuspec.json at its root, specs below it.
  echo '{}' >"$dir/project/gpuspec.json"
  cp "$root/test/lsp/Inputs/typos.gpuspec" "$dir/project/specs/typos.gpuspec"
  echo "== $variant: docs/editors.md's snippet as init.lua"
  (
    cd "$dir/project"
    export GPUSPEC_PROJECT="$dir/project" XDG_CACHE_HOME="$dir/cache" XDG_STATE_HOME="$dir/state"
    export XDG_DATA_HOME="$dir/data" XDG_CONFIG_HOME="$dir/config"
    timeout 120 nvim --headless --clean -u "$dir/init.lua" -i NONE -n -c "luafile $here/lsp_test.lua"
  ) || status=1
done
exit $status
