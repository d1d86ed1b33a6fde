#!/usr/bin/env python3
"""Checks one report of `gpuspec check --format FORMAT` over hostile_names.py's spec.

usage: check_escaping.py FORMAT REPORT PATH.json

Every format: no line of the report begins (after blanks) with `::` — a workflow
command — except GitHub's own annotations, one per line; and the hostile path reads back
exactly from the report's own syntax (XML attributes, JSON strings, SARIF URIs,
GitHub's %-escapes; text shows it with visible escapes). Prints `ok FORMAT`.
"""
import json
import re
import sys
import urllib.parse
import xml.etree.ElementTree as ElementTree

fmt, report_path, path_file = sys.argv[1:]
raw = open(report_path, "rb").read()
text = raw.decode("utf-8")  # every report is UTF-8
path = json.load(open(path_file))
lines = text.split("\n")


def fail(message):
    sys.exit(f"check_escaping {fmt}: {message}")


for line in lines:
    if re.match(r"\s*::", line) and not (fmt == "github" and re.match(r"::(error|warning|notice) ", line)):
        fail(f"a line starts a workflow command: {line!r}")
    if fmt == "github" and line and not line.startswith("::"):
        fail(f"a line of the annotations is not an annotation: {line!r}")
if "\r" in text:
    fail("a raw carriage return")

if fmt == "junit":
    root = ElementTree.fromstring(raw)
    files = {case.get("file") for case in root.iter("testcase")}
    if path not in files:
        fail(f"the path does not read back: {files!r}")
    texts = [element.text or "" for element in root.iter()] + [v for element in root.iter() for v in element.attrib.values()]
    if not any("us-east-1\n::warning" in value for value in texts):
        fail("the region string does not read back")
elif fmt == "json":
    document = json.loads(text)
    if path not in {d.get("file") for d in document["diagnostics"]}:
        fail("the path does not read back")
    if not any("us-east-1\n::warning" in d["message"] for d in document["diagnostics"]):
        fail("the region string does not read back")
elif fmt == "sarif":
    document = json.loads(text)
    uris = set()
    for result in document["runs"][0]["results"]:
        for location in result.get("locations", []):
            uris.add(urllib.parse.unquote(location["physicalLocation"]["artifactLocation"]["uri"]))
    if not any(uri.endswith(path.lstrip("/")) for uri in uris):
        fail(f"the path does not read back: {uris!r}")
elif fmt == "github":
    def unescape(value):
        for escaped, plain in (("%0A", "\n"), ("%0D", "\r"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
            value = value.replace(escaped, plain)
        return value
    files = set()
    for line in lines:
        if not line:
            continue
        properties = line.split(" ", 1)[1].split("::", 1)[0]
        for item in properties.split(","):
            key, _, value = item.partition("=")
            if key == "file":
                files.add(unescape(value))
    # Line breaks are the runner's escapes; other controls are shown as text escapes.
    if path.replace("\t", "\\t") not in files:
        fail(f"the path does not read back: {files!r}")
elif fmt == "text":
    if any(ord(c) < 0x20 and c != "\n" for c in text):
        fail("a raw control character")
    shown = path.replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    if shown not in text:
        fail("the path is not shown with escapes")
print(f"ok {fmt}")
