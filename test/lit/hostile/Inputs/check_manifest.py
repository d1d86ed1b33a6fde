"""Checks a folder's .gpuspec-manifest.json against the files beside it, computing
FNV-1a 64 itself (offset basis 14695981039346656037, prime 1099511628211), so the
manifest is not verified by the code that wrote it.
usage: check_manifest.py FOLDER NAME..."""
import json
import os
import sys

folder, names = sys.argv[1], sys.argv[2:]


def fnv1a64(data):
    h = 14695981039346656037
    for b in data:
        h ^= b
        h = (h * 1099511628211) % (1 << 64)
    return f"fnv1a64:{h:016x}"


manifest = json.load(open(os.path.join(folder, ".gpuspec-manifest.json")))
assert manifest["generator"] == "gpuspec", manifest
listed = manifest["files"]
assert sorted(listed) == sorted(names), (sorted(listed), sorted(names))
for name in names:
    actual = fnv1a64(open(os.path.join(folder, name), "rb").read())
    assert listed[name] == actual, (name, listed[name], actual)
print(f"ok: {len(names)} files, hashes match")
