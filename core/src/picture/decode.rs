//! Bytes to an upright image: the format sniffed, the pixel and memory budgets checked from the
//! header before any pixel is decoded, a JPEG's completeness checked, colours converted to
//! sRGB from the photo's profile, EXIF orientation applied.
use image::{DynamicImage, ImageDecoder, ImageReader, Limits};

use super::colour::{self, Colour, Source};
use super::jpeg;
use super::png::{self, MAX_PROFILE_BYTES};
use super::{PictureError, PictureLimits};

fn map_error(e: image::ImageError, limits: &PictureLimits, format: &'static str) -> PictureError {
    use image::ImageError as E;
    match e {
        E::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => PictureError::Truncated,
        E::IoError(_) => damaged(format, false),
        E::Limits(_) => PictureError::OverMemory {
            max_bytes: limits.max_bytes,
        },
        E::Unsupported(u) => match u.kind() {
            image::error::UnsupportedErrorKind::Format(hint) => match hint {
                image::error::ImageFormatHint::Exact(known) => PictureError::FormatNotRead {
                    format: other_format_name(known),
                },
                _ => PictureError::UnknownFormat,
            },
            _ => PictureError::FeatureNotRead { format },
        },
        E::Decoding(d) => classify(format, &d.to_string()),
        other => classify(format, &other.to_string()),
    }
}

/// A decoder's message as a person reads it. Decoders speak of their own structures
/// ("InvalidCodeLengthRepeat", "IDAT or fDAT chunk does not have enough data",
/// `ChunkType { … }`), which say nothing to a player: what is said is whether the file is cut
/// short, fails a checksum, or is otherwise damaged.
pub(super) fn classify(format: &'static str, text: &str) -> PictureError {
    let lower = text.to_lowercase();
    let cut = [
        "eof",
        "end of file",
        "unexpected end",
        "truncat",
        "no more bytes",
        "not have enough data",
        "premature end",
        "exhausted",
    ];
    if cut.iter().any(|w| lower.contains(w)) {
        PictureError::Truncated
    } else if lower.contains("crc") || lower.contains("checksum") {
        damaged(format, true)
    } else {
        damaged(format, false)
    }
}

fn damaged(format: &'static str, checksum: bool) -> PictureError {
    PictureError::Damaged { format, checksum }
}

/// The format's name as a person knows it.
fn format_name(format: image::ImageFormat) -> &'static str {
    match format {
        image::ImageFormat::Jpeg => "JPEG",
        image::ImageFormat::Png => "PNG",
        image::ImageFormat::WebP => "WebP",
        image::ImageFormat::Gif => "GIF",
        _ => "image",
    }
}

/// The name of a format the decoder knows but was not built to read, as a person knows it.
fn other_format_name(format: image::ImageFormat) -> String {
    format
        .extensions_str()
        .first()
        .map_or_else(|| format!("{format:?}"), |e| e.to_uppercase())
}

/// HEIF (a phone camera's HEIC) or AVIF, from the brand of the ISO media file's `ftyp` box.
fn iso_media_format(bytes: &[u8]) -> Option<&'static str> {
    if bytes.get(4..8) != Some(b"ftyp") {
        return None;
    }
    match bytes.get(8..12)? {
        b"avif" | b"avis" => Some("AVIF"),
        b"heic" | b"heix" | b"hevc" | b"hevx" | b"heim" | b"heis" | b"hevm" | b"hevs" | b"mif1"
        | b"msf1" => Some("HEIF"),
        _ => None,
    }
}

/// Decodes `bytes`, converts its colours to sRGB (see [`Colour`]), applies the EXIF
/// orientation, and returns the image upright, refusing anything over `limits` before
/// allocating its pixels.
pub fn decode(bytes: &[u8], limits: &PictureLimits) -> Result<DynamicImage, PictureError> {
    decode_for(bytes, limits, None).map(|(image, _)| image)
}

/// [`decode`], and what was done with the photo's colours.
pub fn decode_with_colour(
    bytes: &[u8],
    limits: &PictureLimits,
) -> Result<(DynamicImage, Colour), PictureError> {
    decode_for(bytes, limits, None)
}

/// What decoding `bytes` would do with their colours, read from the header (and, for a PNG, the
/// chunks before its image data) without decoding a pixel.
pub fn colour(bytes: &[u8], limits: &PictureLimits) -> Result<Colour, PictureError> {
    let (mut decoder, _, _, walk) = open(bytes, limits)?;
    // One pixel of the photo's kind stands in for its pixels.
    let mut probe = DynamicImage::new(1, 1, decoder.color_type());
    let source = colour_source(&mut decoder, bytes, &walk);
    Ok(colour::to_srgb(&mut probe, source))
}

/// Where the photo's colours come from: a PNG's cICP first, then an embedded profile, then a
/// PNG's sRGB chunk. A profile that cannot be extracted counts as unreadable; one over
/// [`MAX_PROFILE_BYTES`] is left out, and said.
fn colour_source(decoder: &mut impl ImageDecoder, bytes: &[u8], walk: &png::Walk) -> Source {
    if let Some(points) = walk.cicp {
        return Source::Cicp(points);
    }
    if walk.profile_too_large {
        return Source::TooLarge;
    }
    let icc = match &walk.iccp {
        // A PNG's profile: the decoder never saw it (see `png`).
        Some(data) => match png::profile(&bytes[data.clone()], MAX_PROFILE_BYTES) {
            Ok(icc) => Some(icc),
            Err(png::Refused::TooLarge) => return Source::TooLarge,
            Err(png::Refused::Damaged) => Some(Vec::new()),
        },
        None => match decoder.icc_profile() {
            Ok(icc) => icc,
            Err(_) => Some(Vec::new()),
        },
    };
    match icc {
        Some(icc) if icc.len() as u64 > MAX_PROFILE_BYTES => Source::TooLarge,
        Some(icc) => Source::Icc(icc),
        None if walk.srgb => Source::SrgbChunk,
        None => Source::None,
    }
}

/// The most bytes the pipeline holds at once for a `width`×`height` image that decodes to
/// `decoded` bytes: the decoded pixels plus, while they are alive, either a turned copy (EXIF
/// rotations by a quarter turn) or, when [`square`](super::square) follows to `edge`, an 8-bit RGBA copy (for
/// anything but 8-bit RGB/RGBA) and the resize's intermediate rows and output.
fn pipeline_bytes(
    width: u64,
    height: u64,
    decoded: u64,
    eight_bit: bool,
    quarter_turn: bool,
    edge: Option<u32>,
) -> u64 {
    let turned = if quarter_turn { decoded } else { 0 };
    let squared = edge.map_or(0, |edge| {
        let (side, edge) = (width.min(height), u64::from(edge));
        let converted = if eight_bit { 0 } else { width * height * 4 };
        converted + side * edge * 4 + edge * edge * 4
    });
    decoded + turned.max(squared)
}

/// A decoder over `bytes` with the budgets checked that the header can tell (file length,
/// format, a JPEG's end, pixel count), its format's name, and a JPEG's end-of-image offset.
fn open<'a>(
    bytes: &'a [u8],
    limits: &PictureLimits,
) -> Result<
    (
        impl ImageDecoder + 'a,
        &'static str,
        Option<usize>,
        png::Walk,
    ),
    PictureError,
> {
    if bytes.is_empty() {
        return Err(PictureError::Empty);
    }
    if bytes.len() as u64 > limits.max_file_bytes {
        return Err(PictureError::FileTooLarge {
            bytes: bytes.len() as u64,
            max_bytes: limits.max_file_bytes,
        });
    }
    // A PNG's profile and text chunks are left out of what the decoder reads (see `png`), and
    // a JPEG's profile segments past the cap.
    let walk = if bytes.starts_with(&[0xFF, 0xD8]) {
        // A JPEG's profile segments past the cap, likewise (see `jpeg`).
        jpeg::walk(bytes)
    } else {
        png::walk(bytes)
    };
    let reader = ImageReader::new(png::Chunks::new(bytes, walk.keep.clone()))
        .with_guessed_format()
        .map_err(|_| PictureError::UnknownFormat)?;
    let Some(format) = reader.format() else {
        return Err(match iso_media_format(bytes) {
            Some(format) => PictureError::FormatNotRead {
                format: format.into(),
            },
            None => PictureError::UnknownFormat,
        });
    };
    let name = format_name(format);
    // The JPEG decoder fills a cut-off scan with grey instead of failing, so check that the
    // file reaches its end-of-image marker first.
    let jpeg_end = if format == image::ImageFormat::Jpeg {
        Some(jpeg::end(bytes).ok_or(PictureError::Truncated)?)
    } else {
        None
    };
    let mut decoder_limits = Limits::default();
    decoder_limits.max_alloc = Some(limits.max_bytes);
    let side = limits.max_pixels.min(u32::MAX as u64) as u32;
    decoder_limits.max_image_width = Some(side);
    decoder_limits.max_image_height = Some(side);
    let mut reader = reader;
    reader.limits(decoder_limits);
    let decoder = reader
        .into_decoder()
        .map_err(|e| map_error(e, limits, name))?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(PictureError::NoPixels { width, height });
    }
    if width as u64 * height as u64 > limits.max_pixels {
        return Err(PictureError::TooManyPixels {
            width,
            height,
            max_pixels: limits.max_pixels,
        });
    }
    Ok((decoder, name, jpeg_end, walk))
}

/// The picture's width and height once turned upright by its EXIF orientation, read from its
/// header without decoding a pixel, within the same budgets as [`decode`]: what a crop screen
/// needs before the photo is loaded.
pub fn upright_size(bytes: &[u8], limits: &PictureLimits) -> Result<(u32, u32), PictureError> {
    let (mut decoder, _, _, _) = open(bytes, limits)?;
    let (width, height) = decoder.dimensions();
    Ok(if quarter_turn(orientation(&mut decoder)) {
        (height, width)
    } else {
        (width, height)
    })
}

/// The EXIF orientation; a missing or unreadable tag means "as stored".
fn orientation(decoder: &mut impl ImageDecoder) -> image::metadata::Orientation {
    decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms)
}

/// Whether `orientation` turns the picture a quarter, swapping its width and height.
fn quarter_turn(orientation: image::metadata::Orientation) -> bool {
    use image::metadata::Orientation as O;
    matches!(
        orientation,
        O::Rotate90 | O::Rotate270 | O::Rotate90FlipH | O::Rotate270FlipH
    )
}

/// [`decode`], counting the buffers [`square`](super::square) to `edge` will add against the budget too.
pub(super) fn decode_for(
    bytes: &[u8],
    limits: &PictureLimits,
    edge: Option<u32>,
) -> Result<(DynamicImage, Colour), PictureError> {
    let (mut decoder, name, jpeg_end, walk) = open(bytes, limits)?;
    let (width, height) = decoder.dimensions();
    let orientation = orientation(&mut decoder);
    let source = colour_source(&mut decoder, bytes, &walk);
    {
        use image::ColorType as C;
        let eight_bit = matches!(decoder.color_type(), C::Rgb8 | C::Rgba8);
        let peak = pipeline_bytes(
            u64::from(width),
            u64::from(height),
            decoder.total_bytes(),
            eight_bit,
            quarter_turn(orientation),
            edge,
        );
        // The profile is held while the pixels are decoded and converted.
        let peak = peak + source.held_bytes();
        if peak > limits.max_bytes {
            return Err(PictureError::OverMemory {
                max_bytes: limits.max_bytes,
            });
        }
    }
    let strict = match jpeg_end {
        Some(end) => strict_jpeg(bytes, &walk.keep, end)?,
        None => None,
    };
    let mut image = match strict {
        Some(image) => image,
        None => DynamicImage::from_decoder(decoder).map_err(|e| map_error(e, limits, name))?,
    };
    // In place, a row at a time: the budget above holds.
    let colour = colour::to_srgb(&mut image, source);
    image.apply_orientation(orientation);
    Ok((image, colour))
}

/// A JPEG's pixels with its scan data read strictly: the lenient decoder paints what it cannot
/// read grey (a damaged stretch) or fills it in (a scan cut short with an end marker put after
/// it), and shows that as the photo. Headers stay lenient, as in every viewer: `Ok(None)` when
/// they are outside the strict reading (stray bytes between segments), and the lenient decoder
/// reads the file instead.
///
/// The body read is the `keep` ranges of `bytes` (the file, or the file without its profile
/// segments past the cap, see `jpeg`) up to `end`, the end-of-image marker. The decoder takes a marker
/// inside a scan as "fill the rest with zero bits", so the last scan is followed by one-bits
/// before the end marker is put back: a whole scan never reads them (the decoder's look-ahead
/// may, and skips them as it looks for the next marker), while a scan cut short reads them as
/// its data and fails, since sixteen one-bits are no Huffman code. One-bits, not zero bits: a
/// run of zeros decodes as data and lets a cut scan pass. A progressive file, whose scans end
/// one after another on markers, is read the same way as a baseline one.
fn strict_jpeg(
    bytes: &[u8],
    keep: &[std::ops::Range<usize>],
    end: usize,
) -> Result<Option<DynamicImage>, PictureError> {
    use zune_core::bytestream::ZCursor;
    use zune_core::colorspace::ColorSpace;
    use zune_core::options::DecoderOptions;
    /// Sixteen bytes of one-bits, each 0xFF stuffed with the 0x00 that marks it as data.
    const ONES: [u8; 32] = {
        let mut ones = [0; 32];
        let mut i = 0;
        while i < 32 {
            ones[i] = 0xFF;
            i += 2;
        }
        ones
    };
    let options = DecoderOptions::default()
        .set_strict_mode(true)
        .set_max_width(usize::MAX)
        .set_max_height(usize::MAX);
    let body = keep
        .iter()
        .filter(|r| r.start < end)
        .map(|r| &bytes[r.start..r.end.min(end)]);
    let mut input =
        Vec::with_capacity(body.clone().map(<[u8]>::len).sum::<usize>() + ONES.len() + 2);
    for part in body {
        input.extend_from_slice(part);
    }
    input.extend_from_slice(&ONES);
    input.extend_from_slice(&[0xFF, 0xD9]);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(&input[..]), options);
    if decoder.decode_headers().is_err() {
        return Ok(None);
    }
    let (Some((width, height)), Some(input)) = (decoder.dimensions(), decoder.input_colorspace())
    else {
        return Ok(None);
    };
    let grey = matches!(input, ColorSpace::Luma | ColorSpace::LumaA);
    let out = if grey {
        ColorSpace::Luma
    } else {
        ColorSpace::RGB
    };
    decoder.set_options(decoder.options().jpeg_set_out_colorspace(out));
    let pixels = decoder
        .decode()
        .map_err(|e| classify("JPEG", &format!("{e:?}")))?;
    let (width, height) = (width as u32, height as u32);
    let image = if grey {
        image::GrayImage::from_raw(width, height, pixels).map(DynamicImage::ImageLuma8)
    } else {
        image::RgbImage::from_raw(width, height, pixels).map(DynamicImage::ImageRgb8)
    };
    image.map(Some).ok_or_else(|| damaged("JPEG", false))
}
