#!/usr/bin/env bash
# Runs the shell steps of .github/workflows/release.yml, of action.yml and of the
# workflow `gpuspec init` writes, exactly as written (test/install/workflow_step.py
# extracts each), in a scratch workspace against this build tree: the release is made
# from the build's artifacts into a local folder, and the Action installs from that
# folder over file:// as it would from the GitHub release (there is no network to
# GitHub here). What cannot run here is faked and says so: `docker` (no engine),
# `gh` (no GitHub), and `curl` only where a step would reach github.com.
# usage: test/install/release-steps.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
root="$(cd "$1" && pwd)"
build="$(cd "$2" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-release.XXXXXX")"
trap 'rm -rf "$work" "$build/cpack" "$build/tarball"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
python3 -c 'import yaml' 2>/dev/null || { echo "python3 has no yaml module (Debian: python3-yaml): skipped"; exit 77; }

release="$root/.github/workflows/release.yml"
action="$root/action.yml"
# One step: its script into $work/steps/ID.sh, run by bash as GitHub runs `shell: bash`,
# with fresh GITHUB_OUTPUT and GITHUB_PATH files (read back with `output`).
mkdir -p "$work/steps" "$work/runner-temp"
export RUNNER_TEMP="$work/runner-temp" RUNNER_OS=Linux RUNNER_ARCH=X64
run_step() {  # FILE ID [workflow_step.py options...]
  local file="$1" id="$2"
  shift 2
  python3 "$root/test/install/workflow_step.py" "$file" "$id" "$@" >"$work/steps/$id.sh"
  : >"$work/steps/$id.output"
  : >"$work/steps/$id.path"
  GITHUB_OUTPUT="$work/steps/$id.output" GITHUB_PATH="$work/steps/$id.path" \
    bash --noprofile --norc "$work/steps/$id.sh"
}
output() { sed -n "s/^$2=//p" "$work/steps/$1.output"; }

# --- release.yml: version -------------------------------------------------------------
version="$(sed -n 's/^project(gpuspec VERSION \([0-9][0-9.]*\).*/\1/p' "$root/CMakeLists.txt")"
sha=0123456789abcdef0123456789abcdef01234567
(cd "$root" && run_step "$release" version --job version --expr "github.ref_name=v$version" --expr "github.sha=$sha") \
  || fail "the version step rejects the tag v$version"
[ "$(output version version)" = "$version" ] || fail "version output: $(cat "$work/steps/version.output")"
commit="$(output version commit)"
[ "$commit" = "${sha:0:12}" ] || fail "commit output '$commit'"
if (cd "$root" && run_step "$release" version --job version --expr "github.ref_name=v9.9.9" --expr "github.sha=$sha") >"$work/tag.log" 2>&1; then
  fail "the version step accepts the tag v9.9.9 for version $version"
fi
grep -q "::error::tag v9.9.9" "$work/tag.log" || fail "no error for a wrong tag: $(cat "$work/tag.log")"
echo "ok   version: tag v$version accepted, v9.9.9 rejected"

# The jobs' workspace: the build tree as `build`, the sources beside it.
ws="$work/workspace"
mkdir -p "$ws"
ln -s "$build" "$ws/build"
ln -s "$root/editors" "$ws/editors"
linux=(--job linux --expr "needs.version.outputs.version=$version" --expr "matrix.distro=debian12")

# --- release.yml: the .deb ---------------------------------------------------------------
(cd "$ws" && run_step "$release" deb "${linux[@]}") >"$work/deb.log" 2>&1 || { cat "$work/deb.log" >&2; fail "deb step"; }
deb="$ws/dist/gpuspec_${version}_debian12_amd64.deb"
[ -f "$deb" ] || fail "no $(basename "$deb"): $(ls "$ws/dist")"
dpkg-deb --field "$deb" Version | grep -qxF "$version" || fail "the .deb's version"
echo "ok   deb: $(grep -F '.deb:' "$work/deb.log")"

# --- release.yml: the tarball (glibc only) -----------------------------------------------
(cd "$ws" && run_step "$release" tarball "${linux[@]}") >"$work/tarball.log" 2>&1 || { cat "$work/tarball.log" >&2; fail "tarball step"; }
tarball="$ws/dist/gpuspec-$version-linux-x86_64.tar.gz"
[ -f "$tarball" ] || fail "no $(basename "$tarball")"
mkdir -p "$work/unpacked"
tar -xzf "$tarball" -C "$work/unpacked"
portable="$work/unpacked/gpuspec-$version-linux-x86_64/bin/gpuspec"
"$portable" --version | grep -qxF "gpuspec $version (commit $("$build/bin/gpuspec" --version | sed -n 's/.*(commit \(.*\))$/\1/p'))" \
  || fail "tarball --version: $("$portable" --version)"
# ldd, as a user would check it: glibc's libraries and the loader, nothing else.
ldd "$portable" >"$work/ldd.txt"
while read -r library _; do
  case "$library" in
    linux-vdso.so.1 | libc.so.6 | libm.so.6 | /lib64/ld-linux-x86-64.so.2) ;;
    *) fail "the tarball's gpuspec needs $library: $(cat "$work/ldd.txt")" ;;
  esac
done <"$work/ldd.txt"
examples="$work/unpacked/gpuspec-$version-linux-x86_64/share/doc/gpuspec/examples"
"$portable" check --no-color "$examples/bad/ram-below-2x-vram.gpuspec" >"$work/portable-check.txt" 2>&1 && fail "examples/bad passes"
grep -q 'error\[memory.ram-2x-vram\]' "$work/portable-check.txt" || fail "the portable binary's check: $(head -3 "$work/portable-check.txt")"
echo "ok   tarball: $(grep -F 'tar.gz:' "$work/tarball.log"); $(grep -F 'needs:' "$work/tarball.log"); ldd: $(awk '{print $1}' "$work/ldd.txt" | tr '\n' ' ')"

# --- release.yml: the .vsix (when the extension's tools are installed) -------------------
if [ -x "$root/editors/vscode/node_modules/.bin/vsce" ]; then
  (cd "$ws" && run_step "$release" vsix --job vsix --expr "needs.version.outputs.version=$version" --expr "github.workspace=$ws") \
    >"$work/vsix.log" 2>&1 || { cat "$work/vsix.log" >&2; fail "vsix step"; }
  [ -f "$ws/dist/gpuspec-$version.vsix" ] || fail "no gpuspec-$version.vsix"
  echo "ok   vsix: gpuspec-$version.vsix, $(du -k "$ws/dist/gpuspec-$version.vsix" | cut -f1) KB"
else
  echo "skip vsix: the extension's tools are not installed (npm ci --prefix editors/vscode)"
fi

# --- release.yml: the container image, with a fake docker --------------------------------
# The fake records its arguments and answers as an image built from them would: the
# commit in --version only when the build argument carried it, a non-root uid.
mkdir -p "$work/fakes"
cat >"$work/fakes/docker" <<'FAKE'
#!/usr/bin/env bash
echo "docker $*" >>"$FAKE_LOG"
case "$1" in
  build) for arg in "$@"; do case "$arg" in GPUSPEC_COMMIT=*) echo "${arg#GPUSPEC_COMMIT=}" >"$FAKE_STATE";; esac; done ;;
  run) case "$*" in
         *"--entrypoint id"*) echo 10001 ;;
         *--version*) echo "gpuspec $FAKE_VERSION (commit $(cat "$FAKE_STATE" 2>/dev/null || echo unknown))" ;;
       esac ;;
  save) echo "an image" ;;
esac
FAKE
chmod +x "$work/fakes/docker"
(cd "$ws" && FAKE_LOG="$work/docker.log" FAKE_STATE="$work/docker.state" FAKE_VERSION="$version" PATH="$work/fakes:$PATH" \
  run_step "$release" image --job image --expr "needs.version.outputs.version=$version" --expr "needs.version.outputs.commit=$commit") \
  >"$work/image.log" 2>&1 || { cat "$work/image.log" "$work/docker.log" >&2; fail "image step"; }
grep -q "^docker build --build-arg GPUSPEC_COMMIT=$commit " "$work/docker.log" || fail "docker build: $(cat "$work/docker.log")"
[ -f "$ws/dist/gpuspec-image-${version}_amd64.tar.gz" ] || fail "no image tarball"
echo "ok   image (fake docker): built with --build-arg GPUSPEC_COMMIT=$commit, saved"

# --- release.yml: checksums and the GitHub release, with a fake gh -----------------------
(cd "$ws" && run_step "$release" checksums --job publish) >"$work/checksums.log" 2>&1 || { cat "$work/checksums.log" >&2; fail "checksums step"; }
sums="$ws/dist/SHA256SUMS"
[ "$(wc -l <"$sums")" -eq "$(find "$ws/dist" -type f ! -name SHA256SUMS | wc -l)" ] || fail "SHA256SUMS does not list every file: $(cat "$sums")"
(cd "$ws/dist" && sha256sum --check --quiet SHA256SUMS) || fail "SHA256SUMS does not verify"
cat >"$work/fakes/gh" <<'FAKE'
#!/usr/bin/env bash
echo "gh $*" >>"$FAKE_LOG"
[ "$1 $2" = "release view" ] && exit "$FAKE_VIEW_STATUS"
exit 0
FAKE
chmod +x "$work/fakes/gh"
publish=(--job publish --expr "github.token=fake" --expr "github.repository=acme/gpuspec" --expr "github.ref_name=v$version"
         --expr "needs.version.outputs.version=$version")
(cd "$ws" && FAKE_LOG="$work/gh.log" FAKE_VIEW_STATUS=1 PATH="$work/fakes:$PATH" run_step "$release" publish "${publish[@]}") \
  || fail "publish step"
created="$(grep '^gh release create' "$work/gh.log")" || fail "no release created: $(cat "$work/gh.log")"
for file in "$ws"/dist/*; do
  grep -qF -- " dist/$(basename "$file")" <<<"$created" || fail "the release lacks $(basename "$file"): $created"
done
grep -qF "gh release create v$version --repo acme/gpuspec --verify-tag" <<<"$created" || fail "release create: $created"
(cd "$ws" && FAKE_LOG="$work/gh-again.log" FAKE_VIEW_STATUS=0 PATH="$work/fakes:$PATH" run_step "$release" publish "${publish[@]}") \
  || fail "publish step, second run"
grep -q "^gh release upload v$version --repo acme/gpuspec --clobber" "$work/gh-again.log" || fail "a re-run does not replace the assets: $(cat "$work/gh-again.log")"
echo "ok   checksums: $(wc -l <"$sums") files; publish (fake gh): creates the release with all of them, a re-run replaces them"

# --- action.yml: install from the release, over file:// ----------------------------------
served="$work/releases/v$version"
mkdir -p "$served"
cp "$tarball" "$sums" "$served/"
install_step() {  # RELEASE_URL [SHA256] [INSTALL]
  run_step "$action" release --expr "github.action_path=$root" --expr "github.action_repository=" \
    --expr "inputs.release-url=$1" --expr "inputs.sha256=${2:-}" --expr "inputs.install=${3:-auto}"
}
install_step "file://$work/releases" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "the Action's install step"; }
[ "$(output release installed)" = true ] || fail "installed: $(cat "$work/steps/release.output")"
first_install="$(cat "$work/steps/release.path")"
"$first_install/gpuspec" --version | grep -qF "gpuspec $version" || fail "the installed gpuspec"
echo "ok   action install: the release tarball, checksum verified, on GITHUB_PATH ($first_install)"

pinned="$(sha256sum "$tarball" | cut -d' ' -f1)"
install_step "file://$work/releases" "$pinned" >/dev/null 2>&1 || fail "the right pinned sha256 is refused"
install_step "file://$work/releases" "${pinned//?/0}" >"$work/pinned.log" 2>&1 && fail "a wrong pinned sha256 is accepted"
grep -q "not the 0000" "$work/pinned.log" || fail "wrong pin: $(cat "$work/pinned.log")"

# A tampered asset: rejected, nothing installed, no fallback to a source build.
cp -r "$work/releases" "$work/tampered"
printf 'x' >>"$work/tampered/v$version/$(basename "$tarball")"
if install_step "file://$work/tampered" >"$work/tampered.log" 2>&1; then fail "a tampered tarball is installed"; fi
grep -q "does not match the release's SHA256SUMS" "$work/tampered.log" || fail "tampered: $(cat "$work/tampered.log")"
[ -z "$(output release installed)" ] && [ ! -s "$work/steps/release.path" ] || fail "a tampered tarball left an install behind"
echo "ok   action install: a tampered tarball is rejected (the step fails; no fallback), a wrong pinned sha256 too"

# No release for this version: auto falls back to the source build, release fails.
mkdir -p "$work/empty"
install_step "file://$work/empty" >"$work/missing.log" 2>&1 || fail "auto fails without a release: $(cat "$work/missing.log")"
[ "$(output release installed)" = false ] || fail "missing release: installed=$(output release installed)"
grep -q "::warning title=gpuspec::no gpuspec-$version-linux-x86_64.tar.gz in the release" "$work/missing.log" || fail "missing: $(cat "$work/missing.log")"
install_step "file://$work/empty" "" release >/dev/null 2>&1 && fail "install: release passes without a release"

# Used as OWNER/NAME@REF, the runner keeps the action in _actions/OWNER/NAME/REF; the
# release URL comes from there. A fake curl answers for github.com.
mkdir -p "$work/_actions/acme/gpuspec/v$version" "$work/fake-curl"
cp "$root/CMakeLists.txt" "$work/_actions/acme/gpuspec/v$version/"
printf '#!/usr/bin/env bash\necho "curl $*" >>"%s"\nexit 22\n' "$work/curl.log" >"$work/fake-curl/curl"
chmod +x "$work/fake-curl/curl"
PATH="$work/fake-curl:$PATH" run_step "$action" release --expr "github.action_path=$work/_actions/acme/gpuspec/v$version" \
  --expr "github.action_repository=" --expr "inputs.release-url=" --expr "inputs.sha256=" --expr "inputs.install=auto" >/dev/null 2>&1
grep -qF "https://github.com/acme/gpuspec/releases/download/v$version/gpuspec-$version-linux-x86_64.tar.gz" "$work/curl.log" \
  || fail "the release URL from the action's path: $(cat "$work/curl.log")"
echo "ok   action install: no release falls back to the source build (install: release fails); the URL comes from _actions/OWNER/NAME"

# --- The workflow `gpuspec init` writes, and the Action's check steps, on its project -----
# Installed afresh (the runs above replaced the install folder), as the job's first step.
install_step "file://$work/releases" >/dev/null 2>&1 || fail "the Action's install step, again"
installed_bin="$(cat "$work/steps/release.path")"
export PATH="$installed_bin:$PATH"
project="$work/project"
gpuspec init "$project" >/dev/null 2>&1
workflow="$project/.github/workflows/gpuspec.yml"
uses="$(python3 -c 'import sys, yaml; print(*[s["uses"] for s in yaml.safe_load(open(sys.argv[1]))["jobs"]["check"]["steps"] if "gpuspec@" in s.get("uses", "")])' "$workflow")"
[[ "$uses" == */gpuspec@v$version ]] || fail "init's workflow uses '$uses', not the Action at v$version"
check=(--expr "inputs.paths=." --expr "inputs.args=" --expr "inputs.sarif-file=gpuspec.sarif")
(cd "$project" && run_step "$action" sarif "${check[@]}") || fail "the Action's check step"
[ "$(output sarif exit-code)" = 0 ] || fail "init's project: exit-code $(output sarif exit-code)"
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]["name"] == "gpuspec"' "$project/gpuspec.sarif" \
  || fail "the SARIF report"
(cd "$project" && run_step "$action" annotate "${check[@]}") >"$work/annotate.log" 2>&1 || fail "annotate: $(cat "$work/annotate.log")"
for id in fmt policy-tests; do
  (cd "$project" && run_step "$workflow" "$id" --job check) >"$work/$id.log" 2>&1 || { cat "$work/$id.log" >&2; fail "init's workflow, step $id"; }
done
echo "ok   init's workflow: uses $uses; the Action's check and annotate steps and its fmt and policy-test steps pass"
sed -i -e 's/2 x nvidia.a100_80gb_pcie/10 x nvidia.a100_80gb_pcie/' "$project/specs/server.gpuspec"
(cd "$project" && run_step "$action" sarif "${check[@]}") || fail "the Action's check step on findings"
[ "$(output sarif exit-code)" = 1 ] || fail "a finding: exit-code $(output sarif exit-code)"
(cd "$project" && run_step "$action" annotate "${check[@]}") >"$work/annotate.log" 2>&1 && fail "annotate passes with an error"
grep -q '^::error file=\(\./\)\{0,1\}specs/server.gpuspec,line=[0-9]*,.*title=team.max-8-gpus-per-node::' "$work/annotate.log" || fail "annotations: $(cat "$work/annotate.log")"
echo "ok   the Action on a finding: exit-code 1, an error annotation, the step fails"

# --- action.yml: SARIF upload or annotations only ------------------------------------------
target() {  # EVENT HEAD_REPOSITORY [ACTOR] [UPLOAD] -> upload=...
  run_step "$action" sarif-target --expr "inputs.upload-sarif=${4:-true}" --expr "github.event_name=$1" \
    --expr "github.repository=acme/specs" --expr "github.event.pull_request.head.repo.full_name=$2" \
    --expr "github.actor=${3:-someone}" >"$work/target.log"
  output sarif-target upload
}
[ "$(target push '')" = true ] || fail "push: no upload"
[ "$(target pull_request acme/specs)" = true ] || fail "a pull request from a branch: no upload"
[ "$(target pull_request someone/specs)" = false ] || fail "a pull request from a fork uploads"
grep -q "::notice title=gpuspec::a pull request from the fork someone/specs" "$work/target.log" || fail "fork notice: $(cat "$work/target.log")"
[ "$(target pull_request '')" = false ] || fail "a pull request from a deleted fork uploads"
[ "$(target pull_request acme/specs 'dependabot[bot]')" = false ] || fail "a Dependabot pull request uploads"
[ "$(target push '' someone false)" = false ] || fail "upload-sarif: false uploads"
echo "ok   sarif target: push and same-repository pull requests upload; forks, deleted forks and Dependabot get annotations only"
echo "all release and Action steps passed"
