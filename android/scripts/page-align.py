#!/usr/bin/env python3
"""Checks that every native library the APK would hold loads on 16 KB-page devices.

Google Play requires 64-bit libraries (arm64-v8a, x86_64) whose every PT_LOAD segment is
aligned to at least 16 KB (p_align >= 16384); 32-bit ABIs are exempt. Arguments are .so
files, or archives (an .aar, .apk or .zip) whose lib/ or jni/ entries are read; only the ABIs
the app ships (app/build.gradle.kts abiFilters) are checked. Prints one line per library and
exits 1 when one fails.

A 64-bit library is checked whatever its folder's name.

Usage: page-align.py [--abis arm64-v8a,x86_64,...] FILE...
"""
import struct
import sys
import zipfile

PAGE = 16 * 1024
PT_LOAD = 1


def load_alignments(elf: bytes):
    """The p_align of every PT_LOAD segment, and whether the file is 64-bit."""
    if elf[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    wide = elf[4] == 2
    order = "<" if elf[5] == 1 else ">"
    if wide:
        phoff, = struct.unpack_from(order + "Q", elf, 0x20)
        phentsize, phnum = struct.unpack_from(order + "HH", elf, 0x36)
    else:
        phoff, = struct.unpack_from(order + "I", elf, 0x1C)
        phentsize, phnum = struct.unpack_from(order + "HH", elf, 0x2A)
    out = []
    for i in range(phnum):
        at = phoff + i * phentsize
        p_type, = struct.unpack_from(order + "I", elf, at)
        if p_type != PT_LOAD:
            continue
        align, = struct.unpack_from(order + ("Q" if wide else "I"), elf, at + (0x30 if wide else 0x1C))
        out.append(align)
    return out, wide


def libraries(path: str):
    """(name, ABI, bytes) of each native library in [path]."""
    with open(path, "rb") as f:
        is_elf = f.read(4) == b"\x7fELF"
    if is_elf:
        parts = path.split("/")
        yield path, parts[-2] if len(parts) > 1 else "", open(path, "rb").read()
        return
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            parts = name.split("/")
            if name.endswith(".so") and len(parts) == 3 and parts[0] in ("lib", "jni"):
                yield f"{path}!{name}", parts[1], z.read(name)


def main(argv):
    abis = None
    if len(argv) > 1 and argv[0] == "--abis":
        abis = set(argv[1].split(","))
        argv = argv[2:]
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    failed = checked = 0
    for path in argv:
        for name, abi, data in libraries(path):
            if abis is not None and abi not in abis:
                continue
            aligns, wide = load_alignments(data)
            checked += 1
            least = min(aligns) if aligns else 0
            if not wide:
                print(f"ok   {name}: 32-bit, exempt (least p_align {least})")
            elif least >= PAGE:
                print(f"ok   {name}: every PT_LOAD aligned to {least} bytes or more")
            else:
                failed += 1
                print(f"FAIL {name}: a PT_LOAD aligned to {least} bytes, under {PAGE}")
    if checked == 0:
        print("page-align.py: no native library found", file=sys.stderr)
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
