#!/usr/bin/env python3
"""Writes tests/data/colour: small photos tagged with wide-gamut ICC profiles (and PNG's cICP
and sRGB chunks), each beside littleCMS's own conversion of it to sRGB, which
core/tests/colour.rs compares with the core's decode pixel by pixel.

  python3 tests/tools/colour/make.py        (needs Pillow built with littleCMS and WebP)

The profiles are written here from their primaries, white points and transfer curves (ICC v4
matrix-shaper profiles, colorants adapted to D50 by Bradford), so nothing outside the
repository is needed: Display P3 (P3 primaries, D65, the sRGB curve), Adobe RGB (1998) (gamma
563/256), ProPhoto RGB (D50, gamma 1.8; its JPEGs carry the curve as a 12 000-point table, so
the profile spans two APP2 chunks), and a grey profile of gamma 1.8.

Each fixture `NAME.EXT` has `NAME.EXT.expected.png`: the fixture as Pillow decodes it
(libjpeg-turbo for JPEG), converted by littleCMS (ImageCms, relative colorimetric) to sRGB,
saved untagged. `colour.txt` lists them with what `picture --info` says of each.

`pq.png` and `hlg.png` are HDR photos (16-bit BT.2020 with cICP PQ and HLG) of five patches
of known light; littleCMS has no tone mapping, so they have no `.expected.png`.
"""
import io
import math
import os
import struct
import zlib

from PIL import Image, ImageCms

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "data", "colour")

D50 = (0.9642, 1.0, 0.8249)
BRADFORD = [
    [0.8951, 0.2664, -0.1614],
    [-0.7502, 1.7135, 0.0367],
    [0.0389, -0.0685, 1.0296],
]


def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def mulv(a, v):
    return [sum(a[i][k] * v[k] for k in range(3)) for i in range(3)]


def inverse(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [
        [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
        [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
        [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
    ]


def xyz(x, y):
    return [x / y, 1.0, (1 - x - y) / y]


def colorants(primaries, white):
    """The RGB→XYZ(D50) matrix's columns for primaries and a white point, as xy."""
    p = [xyz(*xy) for xy in primaries]
    m = [[p[j][i] for j in range(3)] for i in range(3)]
    w = xyz(*white)
    s = mulv(inverse(m), w)
    m = [[m[i][j] * s[j] for j in range(3)] for i in range(3)]
    src = mulv(BRADFORD, w)
    dst = mulv(BRADFORD, D50)
    scale = [[dst[i] / src[i] if i == j else 0 for j in range(3)] for i in range(3)]
    adapt = mul(inverse(BRADFORD), mul(scale, BRADFORD))
    m = mul(adapt, m)
    return [[m[i][j] for i in range(3)] for j in range(3)]


def s15(v):
    return struct.pack(">i", int(round(v * 65536)))


def tag_xyz(v):
    return b"XYZ \0\0\0\0" + b"".join(s15(c) for c in v)


def tag_mluc(text):
    data = text.encode("utf-16-be")
    return b"mluc\0\0\0\0" + struct.pack(">II2s2sII", 1, 12, b"en", b"US", len(data), 28) + data


def tag_gamma(gamma):
    return b"curv\0\0\0\0" + struct.pack(">IH", 1, int(round(gamma * 256)))


def tag_table(gamma, points):
    values = [int(round(((i / (points - 1)) ** gamma) * 65535)) for i in range(points)]
    return b"curv\0\0\0\0" + struct.pack(">I", points) + struct.pack(f">{points}H", *values)


def tag_srgb_curve():
    # parametricCurveType, function 3: Y = (aX+b)^g for X ≥ d, else cX
    params = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
    return b"para\0\0\0\0" + struct.pack(">HH", 3, 0) + b"".join(s15(p) for p in params)


def profile(space, tags):
    """An ICC v4.3 display profile: `tags` a list of (signature, data)."""
    count = len(tags)
    offset = 128 + 4 + 12 * count
    table, body = b"", b""
    for sig, data in tags:
        while len(data) % 4:
            data += b"\0"
        table += struct.pack(">4sII", sig, offset + len(body), len(data))
        body += data
    size = offset + len(body)
    header = struct.pack(
        ">I4sI4s4s4s6H4s4sI4s4sQI",
        size, b"\0\0\0\0", 0x04300000, b"mntr", space, b"XYZ ",
        2026, 12, 6, 0, 0, 0, b"acsp", b"\0\0\0\0", 0, b"\0\0\0\0", b"\0\0\0\0", 0, 0,
    )
    header += b"".join(s15(c) for c in D50) + b"\0\0\0\0" + b"\0" * 16 + b"\0" * 28
    assert len(header) == 128, len(header)
    return header + struct.pack(">I", count) + table + body


def rgb_profile(name, primaries, white, curve):
    r, g, b = colorants(primaries, white)
    return profile(b"RGB ", [
        (b"desc", tag_mluc(name)),
        (b"cprt", tag_mluc("No copyright, use freely")),
        (b"wtpt", tag_xyz(D50)),
        (b"rXYZ", tag_xyz(r)),
        (b"gXYZ", tag_xyz(g)),
        (b"bXYZ", tag_xyz(b)),
        (b"rTRC", curve),
        (b"gTRC", curve),
        (b"bTRC", curve),
    ])


D65 = (0.3127, 0.3290)
D50_XY = (0.3457, 0.3585)
P3 = rgb_profile("Display P3", [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], D65, tag_srgb_curve())
ADOBE = rgb_profile("Adobe RGB (1998)", [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], D65, tag_gamma(563 / 256))
PROPHOTO_PRIMARIES = [(0.7347, 0.2653), (0.1596, 0.8404), (0.0366, 0.0001)]
PROPHOTO = rgb_profile("ProPhoto RGB", PROPHOTO_PRIMARIES, D50_XY, tag_gamma(1.8))
# The same curve as a table, so large that a JPEG carries the profile in two APP2 chunks.
PROPHOTO_LARGE = rgb_profile("ProPhoto RGB", PROPHOTO_PRIMARIES, D50_XY, tag_table(1.8, 12000))
GREY = profile(b"GRAY", [
    (b"desc", tag_mluc("Grey Gamma 1.8")),
    (b"cprt", tag_mluc("No copyright, use freely")),
    (b"wtpt", tag_xyz(D50)),
    (b"kTRC", tag_gamma(1.8)),
])


def photo(width=96, height=64):
    """Hues across, from full saturation at the top to grey at the bottom; a grey ramp in the
    last rows."""
    image = Image.new("RGB", (width, height))
    px = image.load()
    for y in range(height):
        for x in range(width):
            if y >= height - 8:
                v = round(255 * x / (width - 1))
                px[x, y] = (v, v, v)
                continue
            hue = x / width * 6
            sat = 1 - y / (height - 8)
            i, f = int(hue), hue - int(hue)
            rgb = [(1, f, 0), (1 - f, 1, 0), (0, 1, f), (0, 1 - f, 1), (f, 0, 1), (1, 0, 1 - f)][i % 6]
            light = 0.35 + 0.6 * y / height
            px[x, y] = tuple(round(255 * (light * (sat * c + (1 - sat)))) for c in rgb)
    return image


def grey_photo(width=96, height=64):
    image = Image.new("L", (width, height))
    px = image.load()
    for y in range(height):
        for x in range(width):
            px[x, y] = round(255 * ((x / (width - 1)) * 0.8 + (y / (height - 1)) * 0.2))
    return image


SRGB = ImageCms.createProfile("sRGB")


def expected(path, icc):
    """The fixture as Pillow decodes it, converted to sRGB by littleCMS."""
    image = Image.open(path)
    image.load()
    source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    converted = ImageCms.profileToProfile(
        image, source, SRGB, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB"
    )
    converted.save(path + ".expected.png")


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def add_png_chunk(path, kind, data):
    """Puts a chunk right after IHDR (where colour chunks belong)."""
    raw = open(path, "rb").read()
    at = 8 + 8 + 13 + 4
    open(path, "wb").write(raw[:at] + png_chunk(kind, data) + raw[at:])


# HDR patches, left to right: black, 18% grey, SDR white (203 cd/m², BT.2408), a 1000 cd/m²
# highlight, and BT.709 red at SDR white, as BT.2020 light (nits per channel).
BT709_RED_IN_BT2020 = (0.6274, 0.0691, 0.0164)
HDR_PATCHES = [
    (0.0, 0.0, 0.0),
    (36.54, 36.54, 36.54),
    (203.0, 203.0, 203.0),
    (1000.0, 1000.0, 1000.0),
    tuple(203.0 * c for c in BT709_RED_IN_BT2020),
]


def pq_signal(nits):
    """SMPTE ST 2084's inverse EOTF."""
    m1, m2 = 2610 / 16384, 2523 / 4096 * 128
    c1, c2, c3 = 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
    y = (nits / 10000) ** m1
    return ((c1 + c2 * y) / (1 + c3 * y)) ** m2


def hlg_signal(nits):
    """ARIB STD-B67 for a 1000 cd/m² display: grey light through the inverse OOTF (system
    gamma 1.2) to scene light, then the OETF. Exact for neutral patches, which is all but red's
    tint here (red's level is checked only for its hue)."""
    a, b = 0.17883277, 0.28466892
    c = 0.5 - a * math.log(4 * a)
    scene = (nits / 1000) ** (1 / 1.2) if nits > 0 else 0.0
    return math.sqrt(3 * scene) if scene <= 1 / 12 else a * math.log(12 * scene - b) + c


def hdr_png(path, signal):
    side = 8
    rows = []
    for _ in range(side):
        row = b"\0"
        for patch in HDR_PATCHES:
            px = struct.pack(">HHH", *(round(signal(n) * 65535) for n in patch))
            row += px * side
        rows.append(row)
    ihdr = struct.pack(">IIBBBBB", side * len(HDR_PATCHES), side, 16, 2, 0, 0, 0)
    data = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"cICP", bytes([9, 16 if signal is pq_signal else 18, 0, 1]))
            + png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + png_chunk(b"IEND", b""))
    open(path, "wb").write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    listing = []

    def out(name):
        return os.path.join(OUT, name)

    base = photo()
    for key, icc, label, jpeg_icc in [
        ("p3", P3, "Display P3", P3),
        ("adobe", ADOBE, "Adobe RGB (1998)", ADOBE),
        ("prophoto", PROPHOTO, "ProPhoto RGB", PROPHOTO_LARGE),
    ]:
        note = f"{label} (converted to sRGB)"
        base.save(out(f"{key}.png"), icc_profile=icc)
        expected(out(f"{key}.png"), icc)
        listing.append(f"{key}.png | {note}")
        base.save(out(f"{key}.jpg"), quality=95, icc_profile=jpeg_icc)
        expected(out(f"{key}.jpg"), jpeg_icc)
        listing.append(f"{key}.jpg | {note}")
        base.save(out(f"{key}-progressive.jpg"), quality=95, progressive=True, icc_profile=jpeg_icc)
        expected(out(f"{key}-progressive.jpg"), jpeg_icc)
        listing.append(f"{key}-progressive.jpg | {note}")
    assert len(PROPHOTO_LARGE) > 65519, "the large profile must need two APP2 chunks"

    base.save(out("p3.webp"), lossless=True, icc_profile=P3)
    expected(out("p3.webp"), P3)
    listing.append("p3.webp | Display P3 (converted to sRGB)")

    # cICP: P3 primaries (12), the sRGB transfer (13), RGB (0), full range; no profile.
    base.save(out("p3-cicp.png"))
    add_png_chunk(out("p3-cicp.png"), b"cICP", bytes([12, 13, 0, 1]))
    expected_src = Image.open(out("p3-cicp.png"))
    expected_src.load()
    ImageCms.profileToProfile(
        expected_src, ImageCms.ImageCmsProfile(io.BytesIO(P3)), SRGB,
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB",
    ).save(out("p3-cicp.png") + ".expected.png")
    listing.append("p3-cicp.png | Display P3 (converted to sRGB)")

    grey = grey_photo()
    grey.save(out("grey-gamma18.png"), icc_profile=GREY)
    expected(out("grey-gamma18.png"), GREY)
    listing.append("grey-gamma18.png | Grey Gamma 1.8 (converted to sRGB)")
    grey.save(out("grey-gamma18.jpg"), quality=95, icc_profile=GREY)
    expected(out("grey-gamma18.jpg"), GREY)
    listing.append("grey-gamma18.jpg | Grey Gamma 1.8 (converted to sRGB)")

    # Unchanged: PNG's sRGB chunk, a damaged profile, no profile at all.
    base.save(out("srgb-chunk.png"))
    add_png_chunk(out("srgb-chunk.png"), b"sRGB", bytes([0]))
    base.save(out("srgb-chunk.png") + ".expected.png")
    listing.append("srgb-chunk.png | sRGB")
    base.save(out("damaged-profile.png"), icc_profile=b"not an ICC profile at all" * 8)
    base.save(out("damaged-profile.png") + ".expected.png")
    listing.append("damaged-profile.png | profile unreadable: sRGB assumed")
    base.save(out("untagged.png"))
    base.save(out("untagged.png") + ".expected.png")
    listing.append("untagged.png | no profile: sRGB assumed")

    # HDR: 16-bit BT.2020 PNGs with cICP PQ (16) and HLG (18), patches of known light; no
    # littleCMS conversion to compare with (it has no tone mapping): core/tests/colour.rs
    # checks each patch's level.
    hdr_png(out("pq.png"), pq_signal)
    hdr_png(out("hlg.png"), hlg_signal)

    with open(out("colour.txt"), "w") as f:
        f.write("# Written by tests/tools/colour/make.py: fixture | what picture --info says of it\n")
        f.write("\n".join(listing) + "\n")


if __name__ == "__main__":
    main()
