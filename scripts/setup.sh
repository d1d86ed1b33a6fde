#!/usr/bin/env bash
# Installs what is missing (Debian packages only when absent), then configures and
# builds gpuspec with its test suite. Usage: scripts/setup.sh [BUILD_DIR] [extra cmake args...]
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium renders the HTML reports in the tests (headless); without it they are UNSUPPORTED.
# jsonnet runs the peer's five rules in bench-peer-smoke, a differential test of the pack.
# pre-commit runs the repository's hooks on an init'ed project (test/lit/cli/pre-commit-*).
packages=(antlr4 libantlr4-runtime-dev nlohmann-json3-dev libfmt-dev googletest llvm-14-tools cmake g++ python3 nodejs neovim chromium jsonnet pre-commit)
# The sanitizer and fuzz builds compile with clang and link its sanitizer runtimes.
case " $* " in
  *" -DGPUSPEC_SANITIZE=ON "* | *" -DGPUSPEC_FUZZ=ON "*) packages+=(clang libclang-rt-14-dev) ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
# npm ships inside some nodejs builds; Debian's own nodejs needs the npm package.
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

build_dir="${1:-build}"
shift || true
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGPUSPEC_BUILD_TESTS=ON "$@" >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
