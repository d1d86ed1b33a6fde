#!/usr/bin/env python3
"""Checks of the HTML reports as a browser rendered them (used by the lit tests).

  check_html.py dom DOM.html     the DOM chromium dumped: the charts' series, axis labels,
                                 break-even markers, bars and balance rows, and that the
                                 page is self-contained (no script, no external resource)
  check_html.py png SHOT.png     the screenshot: its size, and which of the chart colours
                                 it shows (so the charts were drawn, not just parsed)
"""
import struct
import sys
import zlib
from html.parser import HTMLParser

SERIES_COLOURS = ["#1f77b4", "#d62728", "#2ca02c"]


class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []          # (tag, attrs) of open elements
        self.lines = []
        self.external = []
        self.scripts = 0
        self.text_target = None  # the label being read: (kind, attrs)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = a.get("class", "").split()
        if tag == "script":
            self.scripts += 1
        for attr in ("src", "href"):
            value = a.get(attr, "")
            if value and tag != "a" and not value.startswith("#"):
                self.external.append(f"{tag} {attr}={value}")
        if tag == "link":
            self.external.append(f"link {a.get('href', '')}")
        if tag == "figure" and "chart" in classes:
            self.lines.append(f"chart {a.get('data-chart')}")
        if tag == "g" and "series" in classes:
            self.lines.append(f"  series {a.get('data-series')} lower-bound={a.get('data-lower-bound')}")
        if tag == "g" and "breakeven" in classes:
            self.lines.append(f"  breakeven-marker x={a.get('data-x')}")
        if tag == "g" and "bar" in classes:
            self.lines.append(f"  bar {a.get('data-label')} {a.get('data-value')}")
        if tag == "g" and "balance" in classes:
            self.lines.append(f"  balance {a.get('data-rule')} holds={a.get('data-holds')}")
        if tag == "text" and ("axis-label" in classes or "marker-label" in classes):
            self.text_target = "axis-label" if "axis-label" in classes else "marker-label"
        if tag not in ("meta", "link", "br", "img", "input", "line", "rect", "path"):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if self.stack and self.stack[-1] == tag:
            self.stack.pop()
        if tag == "text":
            self.text_target = None

    def handle_data(self, data):
        if self.text_target and data.strip():
            self.lines.append(f"  {self.text_target} {data.strip()}")


def dom(path):
    parser = Dom()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    for line in parser.lines:
        print(line)
    if parser.scripts or parser.external:
        print(f"FAIL: not self-contained: {parser.scripts} script(s), external: {parser.external}")
        sys.exit(1)
    print("OK self-contained: no script, no external resource")


def pixels(path):
    """The RGB(A) pixels of an 8-bit, non-interlaced PNG (what chromium writes)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + pred) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def png(path):
    width, height, channels, rows = pixels(path)
    print(f"OK png {width}x{height}")
    seen = set()
    wanted = {tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)): c for c in SERIES_COLOURS}
    for row in rows:
        for x in range(0, len(row), channels):
            rgb = (row[x], row[x + 1], row[x + 2])
            if rgb in wanted:
                seen.add(wanted[rgb])
    for colour in SERIES_COLOURS:
        print(f"colour {colour} {'drawn' if colour in seen else 'absent'}")


if __name__ == "__main__":
    {"dom": dom, "png": png}[sys.argv[1]](sys.argv[2])
