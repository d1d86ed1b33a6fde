#!/usr/bin/env python3
"""Prints one `run:` step of a GitHub workflow or composite action as a bash script,
so test/install/release-steps.sh can run the exact text the runner would.

usage: workflow_step.py FILE STEP_ID [--job JOB] [--expr NAME=VALUE]...

The step's `env:` becomes exports, its `working-directory:` a `cd`, and its `run:`
follows unchanged. `${{ NAME }}` expressions are allowed in `env:` and
`working-directory:` only (in `run:` they would be pasted into the script as code, a
script injection), and each must be given with --expr: an expression the test did
not set is an error, never an empty string. The script starts with
`set -eo pipefail`, as GitHub's `shell: bash` runs it (`set -e` for a workflow step
that names no shell, as GitHub runs those on Linux).
"""
import argparse
import re
import shlex
import sys

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def steps_and_env(document, job):
    """The candidate steps, the env they inherit (workflow's, then job's) and the default shell."""
    if "runs" in document:  # a composite action: every run step names its shell
        return document["runs"]["steps"], {}, None
    if job is None:
        sys.exit("workflow_step.py: a workflow's step needs --job")
    body = document["jobs"][job]
    env = dict(document.get("env") or {})
    env.update(body.get("env") or {})
    shell = None
    for defaults in (document.get("defaults"), body.get("defaults")):
        shell = ((defaults or {}).get("run") or {}).get("shell", shell)
    return body["steps"], env, shell


def substitute(text, values, where):
    def value(match):
        name = match.group(1)
        if name not in values:
            sys.exit(f"workflow_step.py: {where} uses ${{{{ {name} }}}}; pass --expr '{name}=...'")
        return values[name]
    return EXPRESSION.sub(value, str(text))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("step_id")
    parser.add_argument("--job")
    parser.add_argument("--expr", action="append", default=[])
    args = parser.parse_args()
    values = dict(item.split("=", 1) for item in args.expr)
    with open(args.file, encoding="utf-8") as f:
        document = yaml.safe_load(f)
    steps, env, default_shell = steps_and_env(document, args.job)
    matches = [s for s in steps if s.get("id") == args.step_id]
    if len(matches) != 1:
        sys.exit(f"workflow_step.py: {len(matches)} steps with id '{args.step_id}' in {args.file}")
    step = matches[0]
    if "run" not in step:
        sys.exit(f"workflow_step.py: step '{args.step_id}' has no run:")
    # `shell: bash` runs `bash --noprofile --norc -eo pipefail`; a workflow step that
    # names no shell runs under `bash -e` on Linux (no pipefail). Other shells: refused.
    shell = step.get("shell", default_shell)
    if shell not in ("bash", None) or (shell is None and "runs" in document):
        sys.exit(f"workflow_step.py: step '{args.step_id}' does not run under bash")
    if EXPRESSION.search(step["run"]):
        sys.exit(f"workflow_step.py: step '{args.step_id}' has an expression in run: (pass it through env:)")
    lines = ["set -eo pipefail" if shell == "bash" else "set -e"]
    env.update(step.get("env") or {})
    for name, text in env.items():
        lines.append(f"export {name}={shlex.quote(substitute(text, values, args.step_id))}")
    if "working-directory" in step:
        lines.append(f"cd {shlex.quote(substitute(step['working-directory'], values, args.step_id))}")
    lines.append(step["run"])
    print("\n".join(lines))


if __name__ == "__main__":
    main()
