#!/usr/bin/env bash
# Runs lsp_test.lua in a headless Neovim with no user configuration, its cache,
# state and log files in a temporary folder. Exits 77 (ctest: skipped) without nvim.
# usage: test/lsp/nvim/run.sh GPUSPEC_BINARY SOURCE_ROOT
set -euo pipefail
command -v nvim >/dev/null || { echo "nvim is not installed (scripts/setup.sh installs neovim): skipped"; exit 77; }
work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-nvim.XXXXXX")"
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
export GPUSPEC="$1" GPUSPEC_ROOT="$2" GPUSPEC_CACHE="$work/gpuspec-cache"
export XDG_CACHE_HOME="$work/cache" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
timeout 120 nvim --headless --clean -u NONE -i NONE -n -c "luafile $(dirname "$0")/lsp_test.lua"
