#!/usr/bin/env python3
"""Rewrites a pattern-database file of format 2 whose groups are all compact (a 3×3 set) in
format 1, as older builds wrote it: no layout byte per group, FNV-1a over bytes.

  pdb_v1.py FILE             the same tables in format 1
  pdb_v1.py --reorder FILE   also with each group's first two tiles swapped: a set whose groups
                             are not the partition this build makes (a stale cache, which the
                             apps rebuild)"""
import struct
import sys

FNV_OFFSET, FNV_PRIME, MASK = 0xCBF29CE484222325, 0x100000001B3, (1 << 64) - 1


def fnv1a(data):
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & MASK
    return h


def main(path, reorder=False):
    data = open(path, "rb").read()
    assert data[:4] == b"SPDB" and struct.unpack("<H", data[4:6])[0] == 2, "not a format 2 file"
    size = data[6]
    at = 7 + size * size
    out = bytearray(data[:at])
    out[4:6] = struct.pack("<H", 1)
    count = data[at]
    out.append(count)
    at += 1
    for _ in range(count):
        k = data[at]
        tiles = bytearray(data[at + 1 : at + 1 + k])
        if reorder and k >= 2:
            tiles[0], tiles[1] = tiles[1], tiles[0]
        out += data[at : at + 1] + tiles
        at += 1 + k
        assert data[at] == 0, "a sparse group has no format 1 form here"
        at += 1
        (entries,) = struct.unpack("<I", data[at : at + 4])
        out += data[at : at + 4 + entries]
        at += 4 + entries
    out += struct.pack("<Q", fnv1a(out))
    open(path, "wb").write(bytes(out))


if __name__ == "__main__":
    if sys.argv[1] == "--reorder":
        main(sys.argv[2], reorder=True)
    else:
        main(sys.argv[1])
