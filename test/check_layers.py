#!/usr/bin/env python3
"""Fails when a lower layer reaches into a higher one.

The layers are GPUSPEC_LAYERS in compiler/CMakeLists.txt, lowest first; each may use
only itself and the layers before it. Four ways of reaching up are found:

  include     a file of a layer (any folder depth, tests too) includes a header of a
              later layer;
  link        a layer's CMakeLists.txt names a later layer's library;
  uses        a layer's built library needs a symbol (nm: undefined) that only a later
              layer's library defines -- a declaration whose definition lives higher up,
              which links only because the executable happens to pull in both;
  defines     a later layer's library defines a function or variable in an earlier
              layer's namespace (gpuspec::driver::run_lsp compiled into the lsp layer):
              the declaration is the lower layer's, its body the higher one's.

The last two need the built libraries (--lib LAYER=PATH, as ctest passes them); without
them only the source checks run. A fifth check keeps a layer to what it is for:

  only        a layer given a table (--only LAYER=FILE, one shell glob per line, # for
              comments) holds a file no line of it names (the driver: commands only).

Exit status 1 and one line per violation on failure.

  check_layers.py --root SRC --layers source,diag,... [--lib driver=build/.../libgpuspec_driver.a ...]
                  [--only driver=compiler/driver/layer-files.txt]
"""
import argparse
import fnmatch
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
LIBRARY = re.compile(r"\bgpuspec_[a-z_]+\b")
NM_LINE = re.compile(r"^\s*[0-9a-fA-F]*\s+([A-Za-z])\s+(.+)$")
# Strong definitions: text, initialised data, zero-filled data, read-only data. Weak and
# unique symbols (inline functions, templates) are emitted wherever they are used.
STRONG = set("TDBR")


def layer_dir(root, layer):
    if layer.startswith("backends/"):
        return os.path.join(root, layer)
    return os.path.join(root, "compiler", layer)


def layer_library(layer):
    name = layer.split("/")[-1]
    return "gpuspec_parse_snapshot" if name == "snapshot" else "gpuspec_" + name


def layer_of_header(header, rank):
    """The layer a quoted include names ("backends/cost/quote.h", "sema/program.h")."""
    parts = header.split("/")
    if len(parts) >= 3 and parts[0] == "backends":
        key = "backends/" + parts[1]
    elif len(parts) >= 2:
        key = parts[0]
    else:
        return None
    return key if key in rank else None


def source_violations(root, layers, rank):
    found = []
    library_layer = {layer_library(l): l for l in layers}
    for layer in layers:
        folder = layer_dir(root, layer)
        if not os.path.isdir(folder):
            found.append(f"layer '{layer}' has no folder {os.path.relpath(folder, root)}")
            continue
        for dirpath, _, names in sorted(os.walk(folder)):
            for name in sorted(names):
                path = os.path.join(dirpath, name)
                where = os.path.relpath(path, root)
                if name.endswith((".h", ".cpp")):
                    with open(path, encoding="utf-8", errors="replace") as f:
                        for number, line in enumerate(f, 1):
                            m = INCLUDE.match(line)
                            if not m:
                                continue
                            target = layer_of_header(m.group(1), rank)
                            if target and rank[target] > rank[layer]:
                                found.append(f"include: {where}:{number} ({layer}) includes {m.group(1)} ({target})")
                elif name == "CMakeLists.txt":
                    with open(path, encoding="utf-8") as f:
                        for number, line in enumerate(f, 1):
                            for lib in LIBRARY.findall(line.split("#", 1)[0]):
                                target = library_layer.get(lib)
                                if target and rank[target] > rank[layer]:
                                    found.append(f"link: {where}:{number} ({layer}) links {lib} ({target})")
    return found


def symbols(path):
    """(strong definitions, undefined references) of a static library, demangled."""
    out = subprocess.run(["nm", "-C", "-g", path], check=True, capture_output=True, text=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        m = NM_LINE.match(line)
        if not m:
            continue
        kind, name = m.groups()
        if kind == "U":
            undefined.add(name)
        elif kind in STRONG:
            defined.add(name)
    return defined, undefined - defined


def symbol_violations(libs, layers, rank):
    found = []
    tables = {layer: symbols(path) for layer, path in libs.items()}
    definer = {}  # symbol -> the layers defining it
    for layer, (defined, _) in tables.items():
        for name in defined:
            definer.setdefault(name, []).append(layer)
    # The namespace each layer's declarations live in: gpuspec::<last folder name>::.
    namespace_layer = {"gpuspec::" + l.split("/")[-1] + "::": l for l in layers}
    for layer in sorted(tables, key=rank.get):
        defined, undefined = tables[layer]
        for name in sorted(undefined):
            owners = definer.get(name, [])
            if owners and all(rank[o] > rank[layer] for o in owners):
                found.append(f"uses: {layer} needs {name}, defined only in {', '.join(sorted(owners))}")
        for name in sorted(defined):
            for prefix, owner in namespace_layer.items():
                if name.startswith(prefix) and rank[owner] < rank[layer]:
                    found.append(f"defines: {layer} defines {name}, declared in {owner}'s namespace")
    return found


def table_violations(root, only, rank):
    found = []
    for layer, table in sorted(only.items(), key=lambda item: rank[item[0]]):
        with open(os.path.join(root, table), encoding="utf-8") as f:
            globs = [line.strip() for line in f if line.strip() and not line.lstrip().startswith("#")]
        folder = layer_dir(root, layer)
        for dirpath, _, names in sorted(os.walk(folder)):
            for name in sorted(names):
                where = os.path.relpath(os.path.join(dirpath, name), folder)
                if where != table.split("/")[-1] and not any(fnmatch.fnmatchcase(where, g) for g in globs):
                    found.append(f"only: {os.path.relpath(os.path.join(dirpath, name), root)} is not a file {table} lets {layer} hold")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True)
    parser.add_argument("--layers", required=True, help="comma-separated, lowest first")
    parser.add_argument("--lib", action="append", default=[], metavar="LAYER=PATH")
    parser.add_argument("--only", action="append", default=[], metavar="LAYER=TABLE")
    args = parser.parse_args()
    layers = [l for l in args.layers.replace(";", ",").split(",") if l]
    rank = {l: i for i, l in enumerate(layers)}
    libs = {}
    for item in args.lib:
        layer, _, path = item.partition("=")
        if layer not in rank:
            sys.exit(f"check_layers: --lib names '{layer}', which is not a layer")
        libs[layer] = path
    only = {}
    for item in args.only:
        layer, _, table = item.partition("=")
        if layer not in rank:
            sys.exit(f"check_layers: --only names '{layer}', which is not a layer")
        only[layer] = table
    found = (source_violations(args.root, layers, rank) + symbol_violations(libs, layers, rank) +
             table_violations(args.root, only, rank))
    if found:
        print(f"a lower layer reaches into a higher one (order: {', '.join(layers)}):")
        for line in found:
            print("  " + line)
        return 1
    print(f"{len(layers)} layers ({len(libs)} libraries read), each reaching only down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
