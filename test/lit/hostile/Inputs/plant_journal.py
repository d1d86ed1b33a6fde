#!/usr/bin/env python3
"""Writes the `.gpuspec-journal` an attacker would commit into FOLDER: a run that no
longer exists (pid past any pid_max), caught committing, listing each PATH as a new
file it had renamed into place — what a recovery removes. It carries every field a
journal of this gpuspec has, with the identity of some other file.

usage: plant_journal.py FOLDER PATH...
"""
import json
import os
import sys

folder, *paths = sys.argv[1:]
journal = {
    "version": 2,
    "pid": 2147483647,
    "token": "1-0123456789ab",
    "state": "committing",
    "file": {"inode": 1, "born": [1700000000, 0]},
    "created_folders": [],
    "files": [{"target": p, "existed": False, "hash": "fnv1a64:0000000000000000"} for p in paths],
}
with open(os.path.join(folder, ".gpuspec-journal"), "w", encoding="utf-8") as out:
    json.dump(journal, out)
