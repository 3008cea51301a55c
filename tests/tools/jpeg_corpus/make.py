#!/usr/bin/env python3
"""Writes tests/data/jpeg/: small JPEGs as real encoders save them, each beside a reference
decode (the upright RGB picture as libjpeg-turbo decodes it, through Pillow), for
core/tests/jpeg_corpus.rs.

The encoders: libjpeg-turbo's cjpeg and jpegtran, Pillow (libjpeg-turbo with its own settings),
Go's image/jpeg, the JDK's ImageIO writer, and libjpeg itself for CMYK and YCCK (cmyk_encode.c).
Needs: Pillow, cjpeg/jpegtran (Debian's libjpeg-turbo-progs), go, java, gcc with libjpeg's
headers (libjpeg62-turbo-dev), and the slidepuzzle CLI for the source picture.

  make.py [--cli target/release/slidepuzzle] [--out tests/data/jpeg]

Every file is written anew; tests/data/jpeg/corpus.txt lists them with how each was made.
"""
import argparse
import io
import os
import pathlib
import shutil
import struct
import subprocess
import tempfile

from PIL import Image, ImageOps

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
WIDTH, HEIGHT = 67, 45  # not a whole number of blocks, so edge blocks are partial


def run(*args, **kw):
    subprocess.run([str(a) for a in args], check=True, **kw)


def source(cli, work):
    """A 67×45 crop of the built-in mandala: strong colour edges test chroma sampling."""
    whole = work / "mandala.png"
    run(cli, "picture", "--builtin", "mandala", "--edge", 96, "--out", whole)
    picture = Image.open(whole).convert("RGB").crop((14, 25, 14 + WIDTH, 25 + HEIGHT))
    path = work / "source.png"
    picture.save(path)
    ppm = work / "source.ppm"
    picture.save(ppm)
    grey = work / "source-grey.pgm"
    picture.convert("L").save(grey)
    return picture, path, ppm, grey


def exif(orientation):
    """An APP1 EXIF segment holding only the orientation tag, little-endian TIFF."""
    tiff = b"II*\0" + struct.pack("<I", 8) + struct.pack("<H", 1)
    tiff += struct.pack("<HHII", 0x0112, 3, 1, orientation) + struct.pack("<I", 0)
    body = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def with_exif(jpeg, orientation):
    return jpeg[:2] + exif(orientation) + jpeg[2:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default=ROOT / "target/release/slidepuzzle")
    parser.add_argument("--out", default=ROOT / "tests/data/jpeg")
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    work = pathlib.Path(tempfile.mkdtemp())
    picture, png, ppm, grey = source(args.cli, work)
    made = []  # (name, how)

    def keep(name, how, data):
        (out / f"{name}.jpg").write_bytes(data)
        made.append((name, how))

    def cjpeg(name, how, *flags, src=ppm):
        keep(name, how, subprocess.run(["cjpeg", "-quality", "85", *flags, str(src)],
                                       check=True, capture_output=True).stdout)

    # libjpeg-turbo's cjpeg: every sampling, baseline and progressive, grey, restarts.
    for sample, tag in (("2x2", "420"), ("2x1", "422"), ("1x1", "444")):
        cjpeg(f"cjpeg-baseline-{tag}", f"cjpeg -sample {sample}", "-sample", sample)
        cjpeg(f"cjpeg-progressive-{tag}", f"cjpeg -progressive -sample {sample}",
              "-progressive", "-sample", sample)
    cjpeg("cjpeg-baseline-grey", "cjpeg -grayscale", "-grayscale", src=grey)
    cjpeg("cjpeg-progressive-grey", "cjpeg -progressive -grayscale", "-progressive",
          "-grayscale", src=grey)
    cjpeg("cjpeg-baseline-restart", "cjpeg -restart 1 (a restart marker every MCU row)",
          "-restart", "1")
    cjpeg("cjpeg-progressive-restart", "cjpeg -progressive -restart 2B", "-progressive",
          "-restart", "2B")
    cjpeg("cjpeg-baseline-optimized", "cjpeg -optimize (Huffman tables for this picture)",
          "-optimize")

    # Pillow: its own quality and sampling choices, progressive with optimized tables, CMYK.
    def pillow(name, how, image, **options):
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", **options)
        keep(name, how, buffer.getvalue())

    pillow("pillow-progressive-444", "Pillow quality 95, progressive, optimize, 4:4:4",
           picture, quality=95, progressive=True, optimize=True, subsampling=0)
    pillow("pillow-progressive-420", "Pillow quality 75, progressive, 4:2:0", picture,
           quality=75, progressive=True, subsampling=2)
    pillow("pillow-cmyk", "Pillow, a CMYK picture (Adobe, inverted)", picture.convert("CMYK"),
           quality=90)
    pillow("pillow-progressive-cmyk", "Pillow, a CMYK picture, progressive",
           picture.convert("CMYK"), quality=90, progressive=True)

    # libjpeg itself: CMYK and YCCK, as print workflows save them.
    tool = work / "cmyk_encode"
    run("gcc", "-O2", "-o", tool, HERE / "cmyk_encode.c", "-ljpeg")
    raw = work / "source.cmyk"
    raw.write_bytes(bytes(255 - v for v in picture.convert("CMYK").tobytes()))
    for space in ("cmyk", "ycck"):
        for mode in ("baseline", "progressive"):
            path = work / f"{space}-{mode}.jpg"
            run(tool, raw, WIDTH, HEIGHT, path, space, mode)
            keep(f"libjpeg-{mode}-{space}", f"libjpeg, {space.upper()} (Adobe), {mode}",
                 path.read_bytes())

    # Go's own encoder, and jpegtran's lossless rewrite of it as progressive.
    for variant in ("colour", "grey"):
        path = work / f"go-{variant}.jpg"
        run("go", "run", HERE / "go_encode.go", png, path, 85, *(["grey"] if variant == "grey" else []))
        keep(f"go-baseline-{variant}", f"Go image/jpeg quality 85, {variant}", path.read_bytes())
    keep("jpegtran-progressive-from-go", "jpegtran -progressive over Go's colour file",
         subprocess.run(["jpegtran", "-progressive", str(work / "go-colour.jpg")],
                        check=True, capture_output=True).stdout)

    # The JDK's ImageIO writer.
    for mode in ("baseline", "progressive"):
        for variant in ("colour", "grey"):
            path = work / f"java-{mode}-{variant}.jpg"
            run("java", HERE / "JavaEncode.java", png, path, 85, mode,
                *(["grey"] if variant == "grey" else []))
            keep(f"java-{mode}-{variant}", f"JDK ImageIO quality 0.85, {mode}, {variant}",
                 path.read_bytes())

    # A phone's EXIF orientations, on a baseline and a progressive file.
    for base in ("cjpeg-baseline-420", "cjpeg-progressive-420"):
        data = (out / f"{base}.jpg").read_bytes()
        for orientation in range(2, 9):
            keep(f"{base}-exif{orientation}", f"{base} with EXIF orientation {orientation}",
                 with_exif(data, orientation))

    # The reference decodes: libjpeg-turbo through Pillow, turned upright by the EXIF tag.
    for name, _ in made:
        image = Image.open(out / f"{name}.jpg")
        image.load()
        upright = ImageOps.exif_transpose(image).convert("RGB")
        upright.save(out / f"{name}.png", optimize=True)

    with open(out / "corpus.txt", "w") as listing:
        listing.write("# Written by tests/tools/jpeg_corpus/make.py: NAME.jpg as an encoder saved it,\n"
                      "# NAME.png its upright RGB decode by libjpeg-turbo (Pillow). name | how\n")
        for name, how in made:
            listing.write(f"{name} | {how}\n")
    shutil.rmtree(work)
    total = sum(f.stat().st_size for f in out.iterdir())
    print(f"{len(made)} JPEGs and their references in {out} ({total // 1024} kB)")


if __name__ == "__main__":
    main()
