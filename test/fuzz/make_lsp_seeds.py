#!/usr/bin/env python3
"""Writes the lsp_fuzzer seeds (corpus/lsp/*.jsonrpc): framed JSON-RPC sessions as a
client writes them to `gpuspec lsp`'s stdin. Each initializes with the target's scratch
workspace, opens a spec that checks clean (so the server analyses it and publishes),
then exercises one feature. Run it again after changing a session below.

usage: test/fuzz/make_lsp_seeds.py
"""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WORKSPACE = "/tmp/gpuspec-lsp-fuzz/ws"  # lsp_fuzzer.cpp's kWorkspace
URI = f"file://{WORKSPACE}/spec.gpuspec"


def frame(message):
    body = json.dumps(message, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(id_, method, params):
    return frame({"jsonrpc": "2.0", "id": id_, "method": method, "params": params})


def notify(method, params):
    return frame({"jsonrpc": "2.0", "method": method, "params": params})


def position(line, character):
    return {"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}


def session(text, *steps):
    out = request(1, "initialize", {"processId": None, "rootUri": f"file://{WORKSPACE}", "capabilities": {}})
    out += notify("initialized", {})
    out += notify("textDocument/didOpen",
                  {"textDocument": {"uri": URI, "languageId": "gpuspec", "version": 1, "text": text}})
    for step in steps:
        out += step
    out += request(99, "shutdown", None) + notify("exit", None)
    return out


def main():
    small = (ROOT / "examples/scenarios/small-cv-one-card.gpuspec").read_text()
    cloud = (ROOT / "examples/cloud/aws-p4d.gpuspec").read_text()
    bad = (ROOT / "examples/bad/ram-below-2x-vram.gpuspec").read_text()
    seeds = {
        "open-close": session(small, notify("textDocument/didClose", {"textDocument": {"uri": URI}})),
        "hover": session(small, request(2, "textDocument/hover", position(2, 4)),
                         request(3, "textDocument/hover", position(15, 16))),
        "definition": session(small, request(2, "textDocument/definition", position(14, 14))),
        "completion": session(small, request(2, "textDocument/completion", position(15, 12))),
        "formatting": session(cloud, request(2, "textDocument/formatting",
                                             {"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": True}})),
        "code-action": session(bad, request(2, "textDocument/codeAction",
                                            {"textDocument": {"uri": URI},
                                             "range": {"start": {"line": 0, "character": 0}, "end": {"line": 40, "character": 0}},
                                             "context": {"diagnostics": []}})),
        "incremental-edit": session(small, notify("textDocument/didChange", {
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [{"range": {"start": {"line": 3, "character": 14}, "end": {"line": 3, "character": 17}},
                                "text": "7B"}]}),
            request(2, "textDocument/hover", position(3, 4))),
        "workspace-folders": session(small, notify("workspace/didChangeWorkspaceFolders", {
            "event": {"added": [{"uri": "file:///tmp/gpuspec-lsp-fuzz/other", "name": "other"}], "removed": []}}),
            notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": URI, "type": 2}]})),
    }
    for name, data in seeds.items():
        (HERE / "corpus/lsp" / f"{name}.jsonrpc").write_bytes(data)


if __name__ == "__main__":
    main()
