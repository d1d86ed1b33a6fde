"""Reads a command's output on stdin; fails when a spec managed to print raw control
characters (ESC, CR, other C0 controls but newline and tab) or to start a line with a
GitHub Actions workflow command (`::`), except the annotations the `github` format
itself writes (pass --github). --crlf accepts CRLF line ends (CSV records)."""
import sys

data = sys.stdin.buffer.read()
github = "--github" in sys.argv
if "--crlf" in sys.argv:
    data = data.replace(b"\r\n", b"\n")
problems = []
for byte in data:
    if (byte < 0x20 and byte not in (0x0A, 0x09)) or byte == 0x7F:
        problems.append(f"raw control character 0x{byte:02X}")
for line in data.split(b"\n"):
    if line.startswith(b"::") and not (github and line.split(b" ")[0] in (b"::error", b"::warning", b"::notice")):
        problems.append(f"a line starts a workflow command: {line[:60]!r}")
    if github and line.startswith(b"::") and b"pwned" in line.split(b"::", 2)[1]:
        problems.append(f"injected annotation properties: {line[:60]!r}")
if problems:
    sys.exit("\n".join(sorted(set(problems))))
print(f"ok: {len(data)} bytes, no raw control characters")
