//! The picture pipeline: decode a photo from bytes (JPEG, PNG, WebP, GIF's first frame),
//! convert its colours to sRGB from its embedded profile ([`Colour`]), turn it upright by its
//! EXIF orientation, crop the square the player chose (the centre square by
//! default, see [`Crop`]), resize it, and say where each tile lies in it. Pictures in formats
//! the core does not decode come in as pixels ([`from_pixels`]) and take the same crop and
//! resize.
//!
//! The result is one square RGBA image plus tile rectangles ([`tile_rect`]) rather than n² tile
//! images: the apps make one bitmap from one buffer and draw tiles as sub-rectangles, so a
//! picture crosses the FFI boundary once, and the revealed picture at the win needs no
//! re-assembly.
//!
//! ```
//! use slidepuzzle_core::picture::{builtin, tile_rect, TileRect};
//!
//! let picture = builtin::render("bauhaus", 100).unwrap();
//! assert_eq!(picture.rgba.len(), 100 * 100 * 4);
//! // a 3×3 cut of 100 pixels: widths 33, 33 and 34, covering every pixel once
//! assert_eq!(tile_rect(3, 100, 0), TileRect { x: 0, y: 0, width: 33, height: 33 });
//! assert_eq!(tile_rect(3, 100, 8), TileRect { x: 66, y: 66, width: 34, height: 34 });
//! ```
use image::DynamicImage;

pub mod builtin;
mod colour;
mod crop;
mod decode;
mod encode;
mod error;
mod hdr;
mod jpeg;
mod png;
mod preview;

pub use colour::Colour;
pub use crop::{from_pixels, load_cropped, square_at, Crop};
use decode::decode_for;
pub use decode::{colour, decode, decode_with_colour, upright_size};
pub use error::PictureError;
pub use png::MAX_PROFILE_BYTES;
pub use preview::{preview, Preview};

/// Largest edge a picture may be resized to.
pub const MAX_EDGE: u32 = 4096;
/// Smallest edge a picture may be resized to.
pub const MIN_EDGE: u32 = 16;

/// What a decode may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PictureLimits {
    /// Refuse images with more pixels than this.
    pub max_pixels: u64,
    /// Refuse images whose decoding would allocate more bytes than this.
    pub max_bytes: u64,
    /// Refuse files longer than this, before they are read: a caller that reads a file sizes
    /// it against this first.
    pub max_file_bytes: u64,
}

impl Default for PictureLimits {
    /// 50 Mpx, 512 MiB and 256 MiB files: every phone camera fits, a decompression bomb does
    /// not, and a file that is not a photo (a device, a sparse gigabyte) is never read whole.
    fn default() -> Self {
        PictureLimits {
            max_pixels: 50_000_000,
            max_bytes: 512 << 20,
            max_file_bytes: 256 << 20,
        }
    }
}

/// A square RGBA picture, `edge` × `edge` pixels, rows top to bottom, 4 bytes per pixel.
#[derive(Clone, PartialEq, Eq)]
pub struct Picture {
    /// Width and height in pixels.
    pub edge: u32,
    /// `edge * edge * 4` bytes: red, green, blue, alpha.
    pub rgba: Vec<u8>,
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Picture({0}×{0})", self.edge)
    }
}

impl Picture {
    /// The RGBA value of pixel (`x`, `y`).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y as usize) * self.edge as usize + x as usize) * 4;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    /// The RGBA bytes of the tile at `cell` of a `size`×`size` cut, row by row.
    pub fn tile_rgba(&self, size: usize, cell: usize) -> Vec<u8> {
        let r = tile_rect(size, self.edge, cell);
        let mut out = Vec::with_capacity((r.width * r.height * 4) as usize);
        for y in r.y..r.y + r.height {
            let start = ((y * self.edge + r.x) * 4) as usize;
            out.extend_from_slice(&self.rgba[start..start + (r.width * 4) as usize]);
        }
        out
    }
}

/// A tile's place in a picture, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileRect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// Where the piece for `cell` (row-major) of a `size`×`size` cut of an `edge`-pixel picture
/// lies. Tiles tile the picture exactly: when `edge` is not a multiple of `size`, widths differ
/// by at most one pixel. A cell off the board gives an empty rectangle.
pub fn tile_rect(size: usize, edge: u32, cell: usize) -> TileRect {
    if size == 0 || cell >= size * size {
        return TileRect {
            x: 0,
            y: 0,
            width: 0,
            height: 0,
        };
    }
    let n = size as u64;
    let at = |i: u64| (i * edge as u64 / n) as u32;
    let (row, col) = ((cell / size) as u64, (cell % size) as u64);
    TileRect {
        x: at(col),
        y: at(row),
        width: at(col + 1) - at(col),
        height: at(row + 1) - at(row),
    }
}

fn check_edge(edge: u32) -> Result<(), PictureError> {
    if (MIN_EDGE..=MAX_EDGE).contains(&edge) {
        Ok(())
    } else {
        Err(PictureError::EdgeOutOfRange {
            edge,
            min: MIN_EDGE,
            max: MAX_EDGE,
        })
    }
}

/// The centre square of `image`, resized to `edge` pixels with a Lanczos filter, as RGBA
/// ([`square_at`] with no crop).
pub fn square(image: &DynamicImage, edge: u32) -> Result<Picture, PictureError> {
    square_at(image, edge, None)
}

/// Decode, orient, crop and resize in one call: what the apps do with a photo.
pub fn load(bytes: &[u8], edge: u32, limits: &PictureLimits) -> Result<Picture, PictureError> {
    check_edge(edge)?;
    square(&decode_for(bytes, limits, Some(edge))?.0, edge)
}

#[cfg(test)]
mod tests {
    use super::decode::classify;
    use super::*;
    use image::{ImageEncoder, Rgba, RgbaImage};

    /// A w×h picture, red on the left half, blue on the right, green top-left pixel block.
    pub(crate) fn sample(w: u32, h: u32) -> RgbaImage {
        RgbaImage::from_fn(w, h, |x, y| {
            if x < w / 4 && y < h / 4 {
                Rgba([0, 255, 0, 255])
            } else if x < w / 2 {
                Rgba([255, 0, 0, 255])
            } else {
                Rgba([0, 0, 255, 255])
            }
        })
    }

    pub(crate) fn png(img: &RgbaImage) -> Vec<u8> {
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(
                img,
                img.width(),
                img.height(),
                image::ExtendedColorType::Rgba8,
            )
            .unwrap();
        out
    }

    pub(crate) fn jpeg(img: &RgbaImage) -> Vec<u8> {
        let rgb = DynamicImage::ImageRgba8(img.clone()).into_rgb8();
        let mut out = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 95)
            .encode_image(&rgb)
            .unwrap();
        out
    }

    /// `jpeg` with an EXIF APP1 segment carrying `orientation`, right after SOI.
    pub(crate) fn with_exif_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
        let mut tiff = b"II*\0\x08\0\0\0\x01\0".to_vec(); // header, IFD at 8, one entry
        tiff.extend_from_slice(&0x0112u16.to_le_bytes()); // Orientation
        tiff.extend_from_slice(&3u16.to_le_bytes()); // SHORT
        tiff.extend_from_slice(&1u32.to_le_bytes()); // count
        tiff.extend_from_slice(&orientation.to_le_bytes());
        tiff.extend_from_slice(&[0, 0, 0, 0, 0, 0]); // padding, next IFD = 0
        let mut app1 = b"Exif\0\0".to_vec();
        app1.extend_from_slice(&tiff);
        let mut out = jpeg[..2].to_vec();
        out.extend_from_slice(&[0xFF, 0xE1]);
        out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
        out.extend_from_slice(&app1);
        out.extend_from_slice(&jpeg[2..]);
        out
    }

    pub(crate) fn close(a: [u8; 4], b: [u8; 4]) -> bool {
        a.iter().zip(b).all(|(x, y)| x.abs_diff(y) < 40)
    }

    #[test]
    fn landscape_is_cropped_to_its_centre_square() {
        // 300×100: the centre square is x 100..200, red then blue at x=150.
        let p = load(&png(&sample(300, 100)), 100, &PictureLimits::default()).unwrap();
        assert_eq!(p.edge, 100);
        assert_eq!(p.rgba.len(), 100 * 100 * 4);
        assert!(close(p.pixel(10, 50), [255, 0, 0, 255]));
        assert!(close(p.pixel(90, 50), [0, 0, 255, 255]));
    }

    #[test]
    fn exif_orientation_6_is_turned_upright() {
        // Stored 200×100 with the green block top-left; orientation 6 means "rotate 90°
        // clockwise to view", so the viewed image is 100×200 with the block top-right.
        let bytes = with_exif_orientation(&jpeg(&sample(200, 100)), 6);
        let img = decode(&bytes, &PictureLimits::default()).unwrap();
        assert_eq!((img.width(), img.height()), (100, 200));
        let rgba = img.to_rgba8();
        assert!(close(rgba.get_pixel(95, 5).0, [0, 255, 0, 255]));
        assert!(close(rgba.get_pixel(5, 5).0, [255, 0, 0, 255]));
        // Without the tag, the block stays top-left.
        let plain = decode(&jpeg(&sample(200, 100)), &PictureLimits::default()).unwrap();
        assert_eq!((plain.width(), plain.height()), (200, 100));
        assert!(close(plain.to_rgba8().get_pixel(5, 5).0, [0, 255, 0, 255]));
    }

    #[test]
    fn bad_input_gets_a_typed_error() {
        let limits = PictureLimits::default();
        assert_eq!(load(&[], 100, &limits), Err(PictureError::Empty));
        assert_eq!(
            load(b"hello, not an image", 100, &limits),
            Err(PictureError::UnknownFormat)
        );
        let png = png(&sample(64, 64));
        assert_eq!(
            load(&png[..png.len() / 2], 100, &limits),
            Err(PictureError::Truncated)
        );
        let jpeg = jpeg(&sample(64, 64));
        for cut in [3, 20, jpeg.len() / 2, jpeg.len() - 2] {
            assert_eq!(
                load(&jpeg[..cut], 100, &limits),
                Err(PictureError::Truncated),
                "cut at {cut}"
            );
        }
        // A trailer after the end-of-image marker is fine (phones append data there).
        let mut trailer = jpeg.clone();
        trailer.extend_from_slice(b"trailing data");
        assert!(load(&trailer, 100, &limits).is_ok());
        // So is an EXIF block, whose thumbnail could end with its own end marker.
        assert!(load(&with_exif_orientation(&jpeg, 1), 100, &limits).is_ok());
        // A 16-bit RGBA picture whose decoded pixels fit but whose 8-bit copy and resize would
        // not is refused before any pixel is decoded.
        let deep = {
            let mut out = Vec::new();
            image::codecs::png::PngEncoder::new(&mut out)
                .write_image(
                    &vec![0u8; 400 * 400 * 8],
                    400,
                    400,
                    image::ExtendedColorType::Rgba16,
                )
                .unwrap();
            out
        };
        // decoded 400·400·8 = 1.28 MB, plus an 8-bit copy 0.64 MB and the resize's buffers
        let tight = PictureLimits {
            max_pixels: 1_000_000,
            max_bytes: 1_500_000,
            ..PictureLimits::default()
        };
        assert!(decode(&deep, &tight).is_ok(), "decoding alone fits");
        assert_eq!(
            load(&deep, 100, &tight),
            Err(PictureError::OverMemory {
                max_bytes: 1_500_000
            })
        );
        assert!(load(&deep, 100, &PictureLimits::default()).is_ok());
        // A damaged header checksum is said in words, not as the decoder's debug dump.
        let mut bad_crc = png.clone();
        bad_crc[29] ^= 0xFF; // the IHDR chunk's CRC: bytes 29..33
        let err = load(&bad_crc, 100, &limits).unwrap_err();
        let text = err.to_string();
        assert_eq!(
            err,
            PictureError::Damaged {
                format: "PNG",
                checksum: true
            }
        );
        assert!(!text.contains('{') && !text.contains("ChunkType"), "{text}");
        assert!(matches!(
            load(&png, 5000, &limits),
            Err(PictureError::EdgeOutOfRange { edge: 5000, .. })
        ));
    }

    /// A JPEG whose scan data is damaged or cut short (with an end marker put after it) is
    /// refused, not shown with the decoder's grey or filled stretch; a whole one with bytes
    /// after it is still read.
    #[test]
    fn damaged_jpeg_scan_data_is_refused() {
        let photo = builtin::render("aurora", 256).unwrap();
        let rgba = RgbaImage::from_raw(256, 256, photo.rgba).unwrap();
        let whole = jpeg(&rgba);
        let limits = PictureLimits::default();
        assert!(load(&whole, 64, &limits).is_ok());
        let mut flipped = whole.clone();
        let mid = whole.len() / 2;
        for b in &mut flipped[mid..mid + 64] {
            *b ^= 0x5A;
        }
        let err = load(&flipped, 64, &limits).unwrap_err();
        assert!(
            matches!(err, PictureError::Damaged { .. } | PictureError::Truncated),
            "{err:?}"
        );
        let mut cut = whole[..whole.len() * 6 / 10].to_vec();
        cut.extend_from_slice(&[0xFF, 0xD9]);
        let err = load(&cut, 64, &limits).unwrap_err();
        assert!(
            matches!(err, PictureError::Damaged { .. } | PictureError::Truncated),
            "{err:?}"
        );
        for tenths in [2, 4, 8, 9] {
            let mut cut = whole[..whole.len() * tenths / 10].to_vec();
            cut.extend_from_slice(&[0xFF, 0xD9]);
            assert!(load(&cut, 64, &limits).is_err(), "cut at {tenths}/10");
        }
        // Whole files of every shape are still read, the smallest scans included.
        for (w, h) in [(1, 1), (17, 9), (9, 17), (640, 480)] {
            let img =
                RgbaImage::from_fn(w, h, |x, y| Rgba([(x * 7) as u8, (y * 5) as u8, 90, 255]));
            let flat = RgbaImage::from_pixel(w, h, Rgba([200, 30, 30, 255]));
            assert!(decode(&jpeg(&img), &limits).is_ok(), "{w}×{h}");
            assert!(decode(&jpeg(&flat), &limits).is_ok(), "flat {w}×{h}");
        }
        for e in [
            load(&flipped, 64, &limits).unwrap_err(),
            load(&cut, 64, &limits).unwrap_err(),
        ] {
            let text = e.to_string();
            assert!(
                text == "the image file is truncated" || text == "the JPEG file is damaged",
                "{text}"
            );
        }
    }

    #[test]
    fn a_file_over_the_budget_is_refused_by_its_length() {
        let limits = PictureLimits {
            max_file_bytes: 100,
            ..PictureLimits::default()
        };
        let bytes = png(&sample(64, 64));
        assert_eq!(
            load(&bytes, 32, &limits),
            Err(PictureError::FileTooLarge {
                bytes: bytes.len() as u64,
                max_bytes: 100
            })
        );
    }

    /// The decoder's own words never reach the player: a PNG whose compressed data is
    /// damaged says so by its format's name.
    #[test]
    fn decoder_internals_become_plain_words() {
        let img = sample(64, 64);
        let bytes = png(&img);
        let mut damaged = bytes.clone();
        // The IDAT chunk's data starts after the 8-byte signature, IHDR (25) and the chunk head.
        let data = 8 + 25 + 8;
        for b in &mut damaged[data + 2..data + 20] {
            *b ^= 0xFF;
        }
        // Its CRC no longer matches; ask the decoder to read on anyway by fixing nothing: the
        // message must be about the file, not about inflate's codes.
        let text = load(&damaged, 32, &PictureLimits::default())
            .unwrap_err()
            .to_string();
        assert!(
            text.starts_with("the PNG file is damaged") || text == "the image file is truncated",
            "{text}"
        );
        assert_eq!(
            classify("PNG", "InvalidCodeLengthRepeat"),
            PictureError::Damaged {
                format: "PNG",
                checksum: false
            }
        );
        assert_eq!(
            classify(
                "PNG",
                "IDAT or fDAT chunk does not have enough data for image"
            ),
            PictureError::Truncated
        );
    }

    #[test]
    fn pixel_budget_is_checked_from_the_header_before_decoding() {
        let small = PictureLimits {
            max_pixels: 1000,
            max_bytes: 1 << 20,
            ..PictureLimits::default()
        };
        assert_eq!(
            load(&png(&sample(40, 30)), 100, &small),
            Err(PictureError::TooManyPixels {
                width: 40,
                height: 30,
                max_pixels: 1000
            })
        );
        // A PNG header claiming 60000×60000 with no data behind it: refused, not allocated.
        let mut bomb = png(&sample(1, 1));
        bomb[16..20].copy_from_slice(&60000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&60000u32.to_be_bytes());
        let err = load(&bomb, 100, &PictureLimits::default()).unwrap_err();
        assert!(
            matches!(
                err,
                PictureError::TooManyPixels { .. }
                    | PictureError::OverMemory { .. }
                    | PictureError::Damaged { .. }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn big_and_grey_photos_keep_their_colours_and_places() {
        // 400×300 RGBA: the halves stay where they were.
        let p = load(&png(&sample(400, 300)), 100, &PictureLimits::default()).unwrap();
        assert_eq!(p.rgba.len(), 100 * 100 * 4);
        assert!(close(p.pixel(10, 60), [255, 0, 0, 255]));
        assert!(close(p.pixel(90, 60), [0, 0, 255, 255]));
        // A grey PNG comes out as opaque RGBA grey.
        let grey = image::GrayImage::from_pixel(50, 50, image::Luma([128]));
        let mut bytes = Vec::new();
        image::codecs::png::PngEncoder::new(&mut bytes)
            .write_image(&grey, 50, 50, image::ExtendedColorType::L8)
            .unwrap();
        let g = load(&bytes, 20, &PictureLimits::default()).unwrap();
        assert!(close(g.pixel(10, 10), [128, 128, 128, 255]));
    }

    #[test]
    fn tile_rects_cover_the_picture_exactly() {
        for size in 2..=8 {
            for edge in [16, 100, 1080, 1081] {
                let mut area = 0u64;
                for cell in 0..size * size {
                    let r = tile_rect(size, edge, cell);
                    assert!(r.x + r.width <= edge && r.y + r.height <= edge);
                    area += (r.width * r.height) as u64;
                    if cell % size + 1 < size {
                        assert_eq!(tile_rect(size, edge, cell + 1).x, r.x + r.width);
                    }
                }
                assert_eq!(area, edge as u64 * edge as u64);
            }
        }
        assert_eq!(tile_rect(3, 100, 9).width, 0);
    }

    #[test]
    fn tile_rgba_is_the_tiles_pixels() {
        let p = load(&png(&sample(64, 64)), 64, &PictureLimits::default()).unwrap();
        let t = p.tile_rgba(4, 0);
        assert_eq!(t.len(), 16 * 16 * 4);
        assert!(close([t[0], t[1], t[2], t[3]], [0, 255, 0, 255]));
        let last = p.tile_rgba(4, 15);
        assert!(close(
            [last[0], last[1], last[2], last[3]],
            [0, 0, 255, 255]
        ));
    }
}
