#!/usr/bin/env bash
# The main job on the bundled examples: set up, build, and lint every example.
# examples/bad/ is expected to fail and is shown separately.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build || exit 2
status=0
for spec in $(find examples -name '*.gpuspec' -not -path 'examples/bad/*' | sort); do
  build/bin/gpuspec check "$spec" || status=1
done
echo "--- examples/bad (expected to report errors) ---"
build/bin/gpuspec check examples/bad && { echo "examples/bad unexpectedly clean"; status=1; }
exit $status
