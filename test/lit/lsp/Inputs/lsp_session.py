#!/usr/bin/env python3
"""Drives `gpuspec lsp` through one session and prints every message it sends, one
JSON object a line (keys sorted), then `exit status: N`.

usage: lsp_session.py GPUSPEC SCRIPT.json [NAME=VALUE | NAME=contents-of:FILE]...

SCRIPT is a JSON list of messages (each sent with a Content-Length header, in order),
read after replacing each @NAME@ with VALUE, so a test can name its temporary folders,
or with the contents of FILE escaped for a JSON string (a document's text).
An entry {"raw": "TEXT"} is sent as a message body exactly as written, and
{"deep": N} as a request (id "deep") whose params nest N arrays: JSON no parser
should build. `exit` is sent after the script when the script does not send it.
"""
import json
import subprocess
import sys


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def main() -> None:
    binary, script_path, *pairs = sys.argv[1:]
    text = open(script_path, encoding="utf-8").read()
    for pair in pairs:
        name, _, value = pair.partition("=")
        if value.startswith("contents-of:"):
            value = json.dumps(open(value[len("contents-of:"):], encoding="utf-8").read())[1:-1]
        text = text.replace("@" + name + "@", value)
    stream = b""
    sent_exit = False
    for message in json.loads(text):
        if "raw" in message:
            stream += frame(message["raw"].encode("utf-8"))
        elif "deep" in message:
            depth = message["deep"]
            body = '{"jsonrpc":"2.0","id":"deep","method":"textDocument/hover","params":' + "[" * depth + "]" * depth + "}"
            stream += frame(body.encode())
        else:
            sent_exit = sent_exit or message.get("method") == "exit"
            stream += frame(json.dumps(message).encode("utf-8"))
    if not sent_exit:
        stream += frame(b'{"jsonrpc":"2.0","method":"shutdown","id":"last"}')
        stream += frame(b'{"jsonrpc":"2.0","method":"exit"}')
    proc = subprocess.run([binary, "lsp"], input=stream, capture_output=True, timeout=120)
    out = proc.stdout
    while out:
        header, _, rest = out.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        print(json.dumps(json.loads(rest[:length]), sort_keys=True))
        out = rest[length:]
    sys.stdout.write(proc.stderr.decode("utf-8", "replace"))
    print(f"exit status: {proc.returncode}")


main()
