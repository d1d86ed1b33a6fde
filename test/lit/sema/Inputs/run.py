#!/usr/bin/env python3
"""Runs a command and prints its output, then `exit status: N`; always exits 0.

lit's internal shell has no `$?`, and a pipe is never a terminal. With --pty the
command's stdout and stderr are a pseudo-terminal, so colour detection sees a tty,
and escape codes in its output are printed as `^[`.
usage: run.py [--pty] [--unset VAR]... [--set VAR=VALUE]... -- COMMAND...
"""
import os
import pty
import subprocess
import sys

args = sys.argv[1:]
use_pty = False
env = dict(os.environ)
while args and args[0] != "--":
    opt = args.pop(0)
    if opt == "--pty":
        use_pty = True
    elif opt == "--unset":
        env.pop(args.pop(0), None)
    elif opt == "--set":
        key, _, value = args.pop(0).partition("=")
        env[key] = value
    else:
        sys.exit(f"run.py: unknown option {opt}")
command = args[1:]

if use_pty:
    master, slave = pty.openpty()
    proc = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO once the child has closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    code = proc.wait()
    # Escape codes become visible as `^[`, as with `cat -v` (lit's own cat cannot do that in a pipe).
    text = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
    sys.stdout.write(text.replace("\x1b", "^["))
else:
    proc = subprocess.run(command, env=env, capture_output=True, text=True)
    code = proc.returncode
    sys.stdout.write(proc.stdout)
    sys.stdout.write(proc.stderr)
print(f"exit status: {code}")
