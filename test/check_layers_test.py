#!/usr/bin/env python3
"""The layering check must be able to fail: a two-layer tree (lower, higher) with one
violation of each kind -- an include, a link, a file its table does not let the layer
hold, and the run_lsp shape (the lower layer
declares and calls gpuspec::lower::hook, whose body is compiled into the higher layer's
library) -- must fail with each named; the same tree without them must pass.

  check_layers_test.py path/to/check_layers.py
"""
import os
import subprocess
import sys
import tempfile


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def library(build, name, source_text):
    src = os.path.join(build, name + ".cpp")
    obj = os.path.join(build, name + ".o")
    lib = os.path.join(build, "libgpuspec_" + name + ".a")
    write(src, source_text)
    subprocess.run(["c++", "-c", src, "-o", obj], check=True)
    subprocess.run(["ar", "rcs", lib, obj], check=True)
    return lib


def run(check, root, libs):
    args = [sys.executable, check, "--root", root, "--layers", "lower,higher", "--only", "lower=compiler/lower/files.txt"]
    for layer, path in libs.items():
        args += ["--lib", f"{layer}={path}"]
    return subprocess.run(args, capture_output=True, text=True)


def main():
    check = sys.argv[1]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "src")
        build = os.path.join(tmp, "build")
        os.makedirs(build)
        write(f"{root}/compiler/higher/h.h", "#pragma once\n")
        write(f"{root}/compiler/higher/CMakeLists.txt", "gpuspec_phase(higher DEPS gpuspec_lower)\n")
        write(f"{root}/compiler/lower/CMakeLists.txt", "gpuspec_phase(lower)  # not gpuspec_higher\n")
        write(f"{root}/compiler/lower/l.cpp", '#include "lower/l.h"\n')
        write(f"{root}/compiler/lower/files.txt", "# what lower may hold\n*.cpp\nsub/*.cpp\nCMakeLists.txt\n")
        clean = {
            "lower": library(build, "lower", "namespace gpuspec::lower { int base() { return 1; } }\n"),
            "higher": library(build, "higher",
                              "namespace gpuspec::lower { int base(); }\n"
                              "namespace gpuspec::higher { int top() { return gpuspec::lower::base(); } }\n"),
        }
        result = run(check, root, clean)
        if result.returncode != 0:
            failures.append("the clean tree failed:\n" + result.stdout + result.stderr)

        write(f"{root}/compiler/lower/sub/deep.cpp", '#include "higher/h.h"\n')
        write(f"{root}/compiler/lower/stray.h", "#pragma once\n")
        write(f"{root}/compiler/lower/CMakeLists.txt", "gpuspec_phase(lower DEPS gpuspec_higher)\n")
        broken = {
            "lower": library(build, "lower",
                             "namespace gpuspec::lower { int hook(); int base() { return hook(); } }\n"),
            "higher": library(build, "higher", "namespace gpuspec::lower { int hook() { return 2; } }\n"),
        }
        result = run(check, root, broken)
        if result.returncode != 1:
            failures.append(f"the broken tree exited {result.returncode}, not 1:\n{result.stdout}{result.stderr}")
        for expected in ("include: compiler/lower/sub/deep.cpp:1 (lower) includes higher/h.h (higher)",
                         "link: compiler/lower/CMakeLists.txt:1 (lower) links gpuspec_higher (higher)",
                         "uses: lower needs gpuspec::lower::hook(), defined only in higher",
                         "defines: higher defines gpuspec::lower::hook(), declared in lower's namespace",
                         "only: compiler/lower/stray.h is not a file compiler/lower/files.txt lets lower hold"):
            if expected not in result.stdout:
                failures.append(f"missing '{expected}' in:\n{result.stdout}")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
