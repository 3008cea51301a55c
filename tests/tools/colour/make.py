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

Beside them, 16×16: a 16-bit ProPhoto PNG, a Display P3 PNG with alpha, Adobe RGB as an
ICC v2 matrix-shaper profile, Display P3 as an ICC v2 LUT-based profile (an A2B0 lut16 and
nothing else), and a CMYK JPEG whose profile (a lut16 of four ideal inks) the core does not
apply: it says so, and the decoder's own inks are compared with littleCMS's.

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


def profile(space, tags, version=0x04300000):
    """An ICC display profile (v4.3 unless `version` says): `tags` a list of (signature, data)."""
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
        size, b"\0\0\0\0", version, b"mntr", space, b"XYZ ",
        2026, 12, 6, 0, 0, 0, b"acsp", b"\0\0\0\0", 0, b"\0\0\0\0", b"\0\0\0\0", 0, 0,
    )
    header += b"".join(s15(c) for c in D50) + b"\0\0\0\0" + b"\0" * 16 + b"\0" * 28
    assert len(header) == 128, len(header)
    return header + struct.pack(">I", count) + table + body


def tag_desc_v2(text):
    """ICC v2's textDescriptionType: ASCII, no Unicode or ScriptCode text."""
    data = text.encode("ascii") + b"\0"
    return b"desc\0\0\0\0" + struct.pack(">I", len(data)) + data + b"\0" * (4 + 4 + 2 + 1 + 67)


def tag_text_v2(text):
    return b"text\0\0\0\0" + text.encode("ascii") + b"\0"


def rgb_profile(name, primaries, white, curve, v2=False):
    """A matrix-shaper profile: ICC v4.3, or v2.1 (v2's description and text types)."""
    r, g, b = colorants(primaries, white)
    desc, text = (tag_desc_v2, tag_text_v2) if v2 else (tag_mluc, tag_mluc)
    return profile(b"RGB ", [
        (b"desc", desc(name)),
        (b"cprt", text("No copyright, use freely")),
        (b"wtpt", tag_xyz(D50)),
        (b"rXYZ", tag_xyz(r)),
        (b"gXYZ", tag_xyz(g)),
        (b"bXYZ", tag_xyz(b)),
        (b"rTRC", curve),
        (b"gTRC", curve),
        (b"bTRC", curve),
    ], version=0x02100000 if v2 else 0x04300000)


def tag_mft2(inputs, grid, curve, clut):
    """lut16Type (mft2) to PCS XYZ: `inputs` channels through 256-entry input tables of
    `curve`, a `grid`-point CLUT whose node (one index per input, first slowest) holds
    `clut(node values 0..1)` as XYZ (D50), identity output tables. XYZ is encoded as
    u1Fixed15 (32768 is 1.0)."""
    data = b"mft2\0\0\0\0" + struct.pack(">BBBB", inputs, 3, grid, 0)
    data += b"".join(s15(v) for v in [1, 0, 0, 0, 1, 0, 0, 0, 1])
    data += struct.pack(">HH", 256, 2)
    table = [round(curve(i / 255) * 65535) for i in range(256)]
    data += struct.pack(">256H", *table) * inputs
    values = []
    for n in range(grid ** inputs):
        node, digits = n, []
        for _ in range(inputs):
            digits.append(node % grid)
            node //= grid
        xyz_d50 = clut([d / (grid - 1) for d in reversed(digits)])
        values += [max(0, min(65535, round(c * 32768))) for c in xyz_d50]
    data += struct.pack(f">{len(values)}H", *values)
    data += struct.pack(">2H", 0, 65535) * 3
    return data


def lut_profile_v2(space, name, inputs, grid, curve, clut):
    """An ICC v2.1 profile whose only transform is an A2B0 lut16 (no matrix, no curves)."""
    return profile(space, [
        (b"desc", tag_desc_v2(name)),
        (b"cprt", tag_text_v2("No copyright, use freely")),
        (b"wtpt", tag_xyz(D50)),
        (b"A2B0", tag_mft2(inputs, grid, curve, clut)),
    ], version=0x02100000)


D65 = (0.3127, 0.3290)
D50_XY = (0.3457, 0.3585)
P3 = rgb_profile("Display P3", [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], D65, tag_srgb_curve())
ADOBE = rgb_profile("Adobe RGB (1998)", [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], D65, tag_gamma(563 / 256))
PROPHOTO_PRIMARIES = [(0.7347, 0.2653), (0.1596, 0.8404), (0.0366, 0.0001)]
PROPHOTO = rgb_profile("ProPhoto RGB", PROPHOTO_PRIMARIES, D50_XY, tag_gamma(1.8))
# The same curve as a table, so large that a JPEG carries the profile in two APP2 chunks.
PROPHOTO_LARGE = rgb_profile("ProPhoto RGB", PROPHOTO_PRIMARIES, D50_XY, tag_table(1.8, 12000))
# Adobe RGB (1998) once more, as ICC v2 writes it (a v2 description, integer-gamma curves).
ADOBE_V2 = rgb_profile(
    "Adobe RGB (1998) v2", [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], D65, tag_gamma(2.2), v2=True
)
# Display P3 as a table: the sRGB curve in the input tables, the P3 matrix (linear, so the
# CLUT's interpolation is exact) in a 5-point CLUT.
P3_MATRIX = colorants([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], D65)


def srgb_decode(v):
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def srgb_encode(v):
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


P3_LUT = lut_profile_v2(
    b"RGB ", "Display P3 LUT", 3, 5, srgb_decode,
    lambda rgb: [sum(P3_MATRIX[j][i] * rgb[j] for j in range(3)) for i in range(3)],
)
SRGB_MATRIX = colorants([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], D65)


def simple_inks(cmyk):
    """A press of ideal inks: each ink takes its complement out of sRGB's white."""
    c, m, y, k = cmyk
    rgb = [srgb_decode((1 - ink) * (1 - k)) for ink in (c, m, y)]
    return [sum(SRGB_MATRIX[j][i] * rgb[j] for j in range(3)) for i in range(3)]


# CMYK: A2B0 from four inks, 5 points a side (the sRGB curve is not linear: the CLUT
# interpolates between the inks it samples, a few levels off them between its nodes).
CMYK_INKS = lut_profile_v2(b"CMYK", "Simple Inks CMYK", 4, 5, lambda v: v, simple_inks)
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


def expected(path, icc, mode="RGB"):
    """The fixture as Pillow decodes it, converted to sRGB by littleCMS (`icc` its profile, or
    the one its cICP code points name); "RGBA" keeps its alpha."""
    image = Image.open(path)
    image.load()
    source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    converted = ImageCms.profileToProfile(
        image, source, SRGB, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode=mode
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


def png_16bit(path, icc, alpha=False):
    """`photo()` as a 16-bit RGB PNG (written by hand: Pillow writes no 16-bit colour PNG) with
    `icc` in iCCP. Each sample is its 8-bit level times 257 give or take up to 8 in the low
    bits, so the file uses all 16 bits while Pillow's 8-bit reading (the high byte), which
    littleCMS converts, is the 8-bit level exactly. (Not more: near black, ProPhoto's wide
    matrix and sRGB's steep curve turn a third of a level in the source into six in sRGB.)"""
    base = photo(16, 16)
    rows = []
    for y in range(16):
        row = b"\0"
        for x in range(16):
            for i, v in enumerate(base.getpixel((x, y))):
                d = ((x * 37 + y * 11 + i * 53) % 17) - 8
                d = max(-v, min(255 - v, d))
                row += struct.pack(">H", v * 257 + d)
        rows.append(row)
    ihdr = struct.pack(">IIBBBBB", 16, 16, 16, 2, 0, 0, 0)
    iccp = b"Wide gamut\0\0" + zlib.compress(icc, 9)
    data = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"iCCP", iccp)
            + png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + png_chunk(b"IEND", b""))
    open(path, "wb").write(data)


def more_fixtures(out, base, listing):
    """16-bit, alpha, ICC v2 matrix-shaper, LUT-based and CMYK fixtures, each 16×16."""
    small = base.resize((16, 16), Image.NEAREST)

    png_16bit(out("prophoto-16bit.png"), PROPHOTO)
    expected(out("prophoto-16bit.png"), PROPHOTO)
    listing.append("prophoto-16bit.png | ProPhoto RGB (converted to sRGB)")

    # Alpha from opaque (left) to clear (right): the colours convert, the alpha stays.
    rgba = small.convert("RGBA")
    rgba.putalpha(Image.linear_gradient("L").rotate(90).resize((16, 16)))
    rgba.save(out("p3-alpha.png"), icc_profile=P3)
    expected(out("p3-alpha.png"), P3, mode="RGBA")
    listing.append("p3-alpha.png | Display P3 (converted to sRGB)")

    small.save(out("adobe-v2.png"), icc_profile=ADOBE_V2)
    expected(out("adobe-v2.png"), ADOBE_V2)
    listing.append("adobe-v2.png | Adobe RGB (1998) v2 (converted to sRGB)")

    small.save(out("p3-lut.png"), icc_profile=P3_LUT)
    expected(out("p3-lut.png"), P3_LUT)
    listing.append("p3-lut.png | Display P3 LUT (converted to sRGB)")

    # CMYK: the core does not apply a CMYK profile (the JPEG decoder turns the inks into RGB
    # itself) and says so; these inks are the ones its profile describes, so littleCMS's
    # conversion is what the decoder's RGB should come close to.
    cmyk = small.convert("CMYK")
    cmyk.save(out("inks-cmyk.jpg"), quality=95, icc_profile=CMYK_INKS)
    expected(out("inks-cmyk.jpg"), CMYK_INKS)
    listing.append("inks-cmyk.jpg | Simple Inks CMYK: a CMYK profile, and the inks are "
                   "already shown as RGB; sRGB assumed")


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
    expected(out("p3-cicp.png"), P3)
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

    more_fixtures(out, base, listing)

    with open(out("colour.txt"), "w") as f:
        f.write("# Written by tests/tools/colour/make.py: fixture | what picture --info says of it\n")
        f.write("\n".join(listing) + "\n")


if __name__ == "__main__":
    main()
