//! Bytes to an upright image: the format sniffed, the pixel and memory budgets checked from the
//! header before any pixel is decoded, a JPEG's completeness checked, EXIF orientation applied.
use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageReader, Limits};

use super::{PictureError, PictureLimits};

fn map_error(e: image::ImageError, limits: &PictureLimits) -> PictureError {
    use image::ImageError as E;
    match e {
        E::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => PictureError::Truncated,
        E::IoError(io) => PictureError::Corrupt(io.to_string()),
        E::Limits(_) => PictureError::OverMemory {
            max_bytes: limits.max_bytes,
        },
        E::Unsupported(u) => match u.kind() {
            image::error::UnsupportedErrorKind::Format(_) => PictureError::UnknownFormat,
            _ => PictureError::Corrupt(u.to_string()),
        },
        E::Decoding(d) => {
            let text = d.to_string();
            let lower = text.to_lowercase();
            if lower.contains("eof")
                || lower.contains("end of file")
                || lower.contains("unexpected end")
                || lower.contains("truncat")
                || lower.contains("no more bytes")
            {
                PictureError::Truncated
            } else {
                PictureError::Corrupt(plain(&text))
            }
        }
        other => PictureError::Corrupt(plain(&other.to_string())),
    }
}

/// A decoder's message as a person reads it: decoders sometimes print their internal
/// structures (`ChunkType { type: IHDR, … }`), which say nothing to a player.
fn plain(text: &str) -> String {
    let lower = text.to_lowercase();
    if lower.contains("crc") || lower.contains("checksum") {
        "a checksum in the file does not match".into()
    } else if text.contains('{') || text.contains("::") {
        "its data cannot be read".into()
    } else {
        text.to_string()
    }
}

/// Decodes `bytes`, applies the EXIF orientation, and returns the image upright, refusing
/// anything over `limits` before allocating its pixels.
pub fn decode(bytes: &[u8], limits: &PictureLimits) -> Result<DynamicImage, PictureError> {
    decode_for(bytes, limits, None)
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

/// [`decode`], counting the buffers [`square`](super::square) to `edge` will add against the budget too.
pub(super) fn decode_for(
    bytes: &[u8],
    limits: &PictureLimits,
    edge: Option<u32>,
) -> Result<DynamicImage, PictureError> {
    if bytes.is_empty() {
        return Err(PictureError::Empty);
    }
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| PictureError::Corrupt(e.to_string()))?;
    match reader.format() {
        None => return Err(PictureError::UnknownFormat),
        // The JPEG decoder fills a cut-off scan with grey instead of failing, so check that the
        // file reaches its end-of-image marker first.
        Some(image::ImageFormat::Jpeg) if !jpeg_is_complete(bytes) => {
            return Err(PictureError::Truncated)
        }
        Some(_) => {}
    }
    let mut decoder_limits = Limits::default();
    decoder_limits.max_alloc = Some(limits.max_bytes);
    let side = limits.max_pixels.min(u32::MAX as u64) as u32;
    decoder_limits.max_image_width = Some(side);
    decoder_limits.max_image_height = Some(side);
    let mut reader = reader;
    reader.limits(decoder_limits);
    let mut decoder = reader.into_decoder().map_err(|e| map_error(e, limits))?;
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
    // A missing or unreadable orientation tag means "as stored".
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    {
        use image::metadata::Orientation as O;
        use image::ColorType as C;
        let quarter_turn = matches!(
            orientation,
            O::Rotate90 | O::Rotate270 | O::Rotate90FlipH | O::Rotate270FlipH
        );
        let eight_bit = matches!(decoder.color_type(), C::Rgb8 | C::Rgba8);
        let peak = pipeline_bytes(
            u64::from(width),
            u64::from(height),
            decoder.total_bytes(),
            eight_bit,
            quarter_turn,
            edge,
        );
        if peak > limits.max_bytes {
            return Err(PictureError::OverMemory {
                max_bytes: limits.max_bytes,
            });
        }
    }
    let mut image = DynamicImage::from_decoder(decoder).map_err(|e| map_error(e, limits))?;
    image.apply_orientation(orientation);
    Ok(image)
}

/// Whether a JPEG's segments run on to an end-of-image marker. Walks the marker segments by
/// their lengths (so a thumbnail inside EXIF does not count) and the entropy-coded data after
/// each start-of-scan; bytes after the marker (a phone's trailer) are fine.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let mut i = 2; // after SOI
    loop {
        // Skip fill bytes before a marker.
        while i < bytes.len() && bytes[i] == 0xFF && bytes.get(i + 1) == Some(&0xFF) {
            i += 1;
        }
        if i + 1 >= bytes.len() || bytes[i] != 0xFF {
            return false;
        }
        let marker = bytes[i + 1];
        i += 2;
        match marker {
            0xD9 => return true,
            0x01 | 0xD0..=0xD7 => continue, // no length
            _ => {}
        }
        let Some(len) = bytes.get(i..i + 2) else {
            return false;
        };
        i += u16::from_be_bytes([len[0], len[1]]) as usize;
        if marker == 0xDA {
            // Entropy-coded data: runs to the next marker that is not a stuffed 0xFF00 or a
            // restart marker.
            loop {
                match bytes.get(i..i + 2) {
                    None => return false,
                    Some([0xFF, next]) if *next != 0x00 && !(0xD0..=0xD7).contains(next) => break,
                    _ => i += 1,
                }
            }
        }
    }
}
