#!/usr/bin/env bash
# The Dockerfile, checked without a container engine (the suite's machines have none,
# and no Dockerfile linter): the lines the image's promises rest on are there, and the
# commit mechanism they use works. Promises: the image runs as a user that is not root;
# `gpuspec --version` names the commit although .dockerignore leaves .git out, because
# the commit comes in as the GPUSPEC_COMMIT build argument and reaches CMake's
# GPUSPEC_COMMIT variable. That last step is tested for real: the sources, copied
# without .git as `COPY . .` copies them, configured with -DGPUSPEC_COMMIT=... give a
# version.cpp that names the commit. The image itself is never built here.
# usage: test/install/dockerfile.sh SOURCE_DIR
set -euo pipefail
root="$(cd "$1" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-dockerfile.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
dockerfile="$root/Dockerfile"

# Instructions, one per line: continuation lines joined, comments dropped.
sed -e '/^[[:space:]]*#/d' "$dockerfile" | sed -e ':a' -e '/\\$/N; s/\\\n/ /; ta' >"$work/instructions"
final_stage="$(awk '/^FROM /{stage=""} {stage = stage $0 "\n"} END {printf "%s", stage}' "$work/instructions")"
build_stage="$(awk '/^FROM /{n++} n==1' "$work/instructions")"

# .dockerignore drops .git: without the build argument the commit would be unknown.
grep -qxF '.git' "$root/.dockerignore" || fail ".dockerignore no longer drops .git: revisit how the commit gets in"
grep -qx 'ARG GPUSPEC_COMMIT=.*' <<<"$build_stage" || fail "the build stage declares no ARG GPUSPEC_COMMIT"
# The ARG comes before the RUN that configures, and that RUN passes it to CMake.
configure="$(grep -n '^RUN cmake ' <<<"$build_stage" | head -1)"
[ -n "$configure" ] || fail "no RUN cmake in the build stage"
grep -qF -- '-DGPUSPEC_COMMIT="${GPUSPEC_COMMIT}"' <<<"$configure" || fail "cmake is not given the commit: $configure"
arg_line="$(grep -n '^ARG GPUSPEC_COMMIT' <<<"$build_stage" | cut -d: -f1)"
[ "$arg_line" -lt "${configure%%:*}" ] || fail "ARG GPUSPEC_COMMIT comes after the RUN that uses it"

# The final stage: a USER that is not root before the entry point, which is gpuspec.
user="$(grep '^USER ' <<<"$final_stage" | tail -1 | awk '{print $2}')"
[ -n "$user" ] || fail "the image runs as root: no USER in the final stage"
case "${user%%:*}" in root | 0) fail "USER $user is root" ;; esac
grep -q "useradd .*\b$user\b" <<<"$final_stage" || [[ "$user" =~ ^[0-9]+(:[0-9]+)?$ ]] || fail "USER $user is never created"
grep -qx 'ENTRYPOINT \["gpuspec"\]' <<<"$final_stage" || fail "the entry point is not gpuspec"
user_at="$(grep -n '^USER ' <<<"$final_stage" | tail -1 | cut -d: -f1)"
entry_at="$(grep -n '^ENTRYPOINT ' <<<"$final_stage" | cut -d: -f1)"
[ "$user_at" -lt "$entry_at" ] || fail "USER comes after ENTRYPOINT"
# The documented run line keeps the caller's uid on bind-mounted files.
grep -qF -- '--user "$(id -u):$(id -g)"' "$dockerfile" || fail "the Dockerfile's usage line lacks --user"
grep -qF -- '--user "$(id -u):$(id -g)"' "$root/README.md" || fail "README's docker run line lacks --user"
echo "ok   Dockerfile: ARG GPUSPEC_COMMIT into cmake, USER $user, ENTRYPOINT gpuspec, --user documented"

# The mechanism itself: the tracked and new files, no .git, configured as the image does.
mkdir -p "$work/src"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work/src")
[ ! -e "$work/src/.git" ] || fail "the copy has .git"
cmake -S "$work/src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DGPUSPEC_COMMIT=0123456789ab >"$work/configure.log" 2>&1 \
  || { cat "$work/configure.log" >&2; fail "configure"; }
grep -qF 'std::string_view commit() { return "0123456789ab"; }' "$work/build/compiler/driver/version.cpp" \
  || fail "version.cpp: $(grep commit "$work/build/compiler/driver/version.cpp")"
# And without the argument the commit is empty, which --version reports as unknown.
cmake -S "$work/src" -B "$work/build-unknown" -DCMAKE_BUILD_TYPE=Release >"$work/configure.log" 2>&1 \
  || { cat "$work/configure.log" >&2; fail "configure"; }
grep -qF 'std::string_view commit() { return ""; }' "$work/build-unknown/compiler/driver/version.cpp" \
  || fail "without GPUSPEC_COMMIT: $(grep commit "$work/build-unknown/compiler/driver/version.cpp")"
echo "ok   without .git, -DGPUSPEC_COMMIT=0123456789ab reaches version.cpp; without it the commit is empty"
