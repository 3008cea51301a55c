#!/usr/bin/env python3
"""Draws the launcher icon's PNGs from a built-in picture: the mandala cut 3×3 with its last
tile the empty space, as the game shows it. Writes app/src/main/res/mipmap-*/ic_launcher.png
(the square icon before Android 8) and ic_launcher_foreground.png (the adaptive icon's
foreground layer, 108 dp with the picture inside the 66 dp safe zone).

  scripts/icons.py [--cli ../target/release/slidepuzzle]
"""
import argparse
import os
import pathlib
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests" / "tools"))
import png  # noqa: E402  the repository's small PNG reader

DENSITIES = {"mdpi": 1.0, "hdpi": 1.5, "xhdpi": 2.0, "xxhdpi": 3.0, "xxxhdpi": 4.0}
BLANK = (43, 42, 51)
GAP = (248, 245, 240)


def write_rgba(path, size, pixel):
    rows = b"".join(b"\0" + bytes(c for x in range(size) for c in pixel(x, y)) for y in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                     + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def picture(cli, edge, work):
    out = work / f"mandala-{edge}.png"
    subprocess.run([cli, "picture", "--builtin", "mandala", "--edge", str(edge), "--out", str(out)],
                   check=True)
    _, _, bpp, rows = png.read(out)
    return lambda x, y: tuple(rows[y][x * bpp: x * bpp + 3])


def tiles(colour, edge):
    """The picture as a 3×3 board: thin gaps between tiles, the last tile empty."""
    gap = max(1, edge // 48)

    def pixel(x, y):
        cell = min(x * 3 // edge, 2), min(y * 3 // edge, 2)
        if cell == (2, 2):
            return BLANK
        if any(v % (edge // 3) < gap and v > gap for v in (x, y)):
            return GAP
        return colour(x, y)
    return pixel


def rounded(pixel, size, radius):
    def at(x, y):
        cx, cy = min(max(x, radius), size - 1 - radius), min(max(y, radius), size - 1 - radius)
        if (x - cx) ** 2 + (y - cy) ** 2 > radius ** 2:
            return (0, 0, 0, 0)
        return (*pixel(x, y), 255)
    return at


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default=str(HERE.parent.parent / "target/release/slidepuzzle"))
    args = parser.parse_args()
    res = HERE.parent / "app/src/main/res"
    work = pathlib.Path(tempfile.mkdtemp())
    for name, scale in DENSITIES.items():
        legacy = round(48 * scale)
        inner = legacy - 2 * round(2 * scale)
        pad = (legacy - inner) // 2
        board = tiles(picture(args.cli, inner, work), inner)
        shape = rounded(board, inner, round(6 * scale))
        write_rgba(res / f"mipmap-{name}/ic_launcher.png", legacy,
                   lambda x, y: shape(x - pad, y - pad) if pad <= x < pad + inner and pad <= y < pad + inner
                   else (0, 0, 0, 0))
        layer = round(108 * scale)
        side = round(58 * scale)
        offset = (layer - side) // 2
        board = tiles(picture(args.cli, side, work), side)
        write_rgba(res / f"mipmap-{name}/ic_launcher_foreground.png", layer,
                   lambda x, y: (*board(x - offset, y - offset), 255)
                   if offset <= x < offset + side and offset <= y < offset + side else (0, 0, 0, 0))
    for f in work.iterdir():
        f.unlink()
    work.rmdir()
    print(f"icons written under {res}")


if __name__ == "__main__":
    main()
