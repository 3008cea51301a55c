//! The square the player chooses, and the pipeline's second entry point: pixels a platform
//! decoded (HEIC, AVIF, RAW) instead of bytes the core decodes.
//!
//! A [`Crop`] is given in fractions of the upright picture, so that a preview at any
//! resolution maps onto it: `x` and `y` are its left and top edges as fractions of the
//! picture's width and height, `side` its side as a fraction of the shorter edge. `None` is the
//! centre square.
//!
//! ```
//! use slidepuzzle_core::picture::{builtin, from_pixels, Crop, PictureLimits};
//!
//! // A 200×100 picture, left half red, right half blue: the right square is all blue.
//! let mut rgba = Vec::new();
//! for _y in 0..100 {
//!     for x in 0..200 {
//!         rgba.extend_from_slice(if x < 100 { &[255, 0, 0, 255] } else { &[0, 0, 255, 255] });
//!     }
//! }
//! let right = Crop { x: 0.5, y: 0.0, side: 1.0 };
//! let p = from_pixels(200, 100, &rgba, 800, Some(right), 32, &PictureLimits::default()).unwrap();
//! assert_eq!(p.pixel(16, 16), [0, 0, 255, 255]);
//! ```
use image::DynamicImage;

use super::decode::{decode_for, upright_size};
use super::{check_edge, Picture, PictureError, PictureLimits};

/// A square of the upright picture in fractions (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crop {
    /// Left edge, as a fraction of the picture's width.
    pub x: f64,
    /// Top edge, as a fraction of the picture's height.
    pub y: f64,
    /// Side, as a fraction of the picture's shorter edge (1 = as large as the picture allows).
    pub side: f64,
}

/// How far past an edge a crop may reach and still count as inside: the rounding of a
/// preview's arithmetic, a millionth of the picture.
const SLACK: f64 = 1e-6;

impl Crop {
    /// The square in pixels of a `width`×`height` picture: left, top and side, fractional.
    /// Refused with [`PictureError::BadCrop`] saying why when it is not finite, has no area or
    /// leaves the picture.
    pub fn pixels(&self, width: u32, height: u32) -> Result<(f64, f64, f64), PictureError> {
        let bad = |why: &str| Err(PictureError::BadCrop(why.to_string()));
        if !(self.x.is_finite() && self.y.is_finite() && self.side.is_finite()) {
            return bad("its numbers are not finite");
        }
        if self.side <= 0.0 {
            return bad("it has no area (its side is 0 or less)");
        }
        if self.side > 1.0 + SLACK {
            return bad("it is larger than the picture's shorter edge (side over 1)");
        }
        if self.x < -SLACK {
            return bad("it leaves the picture on the left (x below 0)");
        }
        if self.y < -SLACK {
            return bad("it leaves the picture at the top (y below 0)");
        }
        // Checked on the exact square, then rounded inside the picture: a square smaller than
        // a pixel grows to one, and moves back in if that took it over an edge.
        let (w, h) = (f64::from(width), f64::from(height));
        let exact = self.side.min(1.0) * w.min(h);
        let (left, top) = (self.x.max(0.0) * w, self.y.max(0.0) * h);
        if left + exact > w * (1.0 + SLACK) {
            return bad("it leaves the picture on the right");
        }
        if top + exact > h * (1.0 + SLACK) {
            return bad("it leaves the picture at the bottom");
        }
        let side = exact.max(1.0);
        Ok((left.min(w - side), top.min(h - side), side))
    }
}

/// The square of `image` that `crop` names (the centre square for `None`), resized to `edge`
/// pixels with a Lanczos filter, as RGBA. Cropping and resizing are one pass of
/// fast_image_resize (SIMD convolution); `benches/pictures.rs` measures it.
pub fn square_at(
    image: &DynamicImage,
    edge: u32,
    crop: Option<Crop>,
) -> Result<Picture, PictureError> {
    use fast_image_resize::{FilterType as F, ResizeAlg, ResizeOptions, Resizer};
    check_edge(edge)?;
    let (w, h) = (image.width(), image.height());
    let (left, top, side) = match crop {
        Some(c) => c.pixels(w, h)?,
        None => {
            let side = w.min(h);
            (
                ((w - side) / 2) as f64,
                ((h - side) / 2) as f64,
                side as f64,
            )
        }
    };
    // 8-bit RGB and RGBA go in as they are; anything else (grey, 16-bit) becomes RGBA first.
    let converted;
    let src = match image {
        DynamicImage::ImageRgb8(_) | DynamicImage::ImageRgba8(_) => image,
        other => {
            converted = DynamicImage::ImageRgba8(other.to_rgba8());
            &converted
        }
    };
    let mut dst = DynamicImage::new(edge, edge, src.color());
    let options = ResizeOptions::new()
        .resize_alg(ResizeAlg::Convolution(F::Lanczos3))
        .crop(left, top, side, side);
    Resizer::new()
        .resize(src, &mut dst, &options)
        .map_err(|e| PictureError::Corrupt(format!("the picture could not be resized: {e}")))?;
    Ok(Picture {
        edge,
        rgba: dst.into_rgba8().into_raw(),
    })
}

/// Decode, orient, crop to `crop` (the centre square for `None`) and resize, from the bytes of
/// a JPEG, PNG, WebP or GIF. The crop is checked against the upright size before any pixel is
/// decoded.
pub fn load_cropped(
    bytes: &[u8],
    edge: u32,
    crop: Option<Crop>,
    limits: &PictureLimits,
) -> Result<Picture, PictureError> {
    check_edge(edge)?;
    if let Some(c) = crop {
        let (w, h) = upright_size(bytes, limits)?;
        c.pixels(w, h)?;
    }
    square_at(&decode_for(bytes, limits, Some(edge))?.0, edge, crop)
}

/// The picture from pixels a platform decoded (for formats the core does not read: HEIC/HEIF,
/// AVIF, RAW): `height` rows of `width` RGBA pixels, each row `stride` bytes apart, already
/// upright; cropped to `crop` and resized to `edge`. Wrong lengths, zero sizes, a stride
/// shorter than a row, and sizes over the budgets are refused before any copy; the copy of
/// the rows (as RGB: the frame is taken as opaque) and the resize's buffers count against
/// `limits.max_bytes`.
pub fn from_pixels(
    width: u32,
    height: u32,
    rgba: &[u8],
    stride: u32,
    crop: Option<Crop>,
    edge: u32,
    limits: &PictureLimits,
) -> Result<Picture, PictureError> {
    check_edge(edge)?;
    if width == 0 || height == 0 {
        return Err(PictureError::NoPixels { width, height });
    }
    if u64::from(width) * u64::from(height) > limits.max_pixels {
        return Err(PictureError::TooManyPixels {
            width,
            height,
            max_pixels: limits.max_pixels,
        });
    }
    let row = u64::from(width) * 4;
    if u64::from(stride) < row {
        return Err(PictureError::BadPixels(format!(
            "a row of {width} pixels needs {row} bytes, but the stride is {stride}"
        )));
    }
    let expected = u64::from(stride) * u64::from(height);
    if rgba.len() as u64 != expected {
        return Err(PictureError::BadPixels(format!(
            "{height} rows {stride} bytes apart are {expected} bytes, but {} were given",
            rgba.len()
        )));
    }
    // The rows are copied as RGB (a platform's frame is opaque, and a three-channel copy is a
    // quarter smaller and needs no alpha-weighted pass in the resize), then the resize holds a
    // pass of the square's rows at the output width and the output.
    let side = u64::from(width.min(height));
    let copy = u64::from(width) * u64::from(height) * 3;
    let peak = copy + side * u64::from(edge) * 3 + u64::from(edge).pow(2) * (3 + 4);
    if peak > limits.max_bytes {
        return Err(PictureError::OverMemory {
            max_bytes: limits.max_bytes,
        });
    }
    if let Some(c) = crop {
        c.pixels(width, height)?;
    }
    let mut rgb = Vec::with_capacity(copy as usize);
    for r in rgba.chunks_exact(stride as usize) {
        for p in r[..row as usize].chunks_exact(4) {
            rgb.extend_from_slice(&p[..3]);
        }
    }
    let image = image::RgbImage::from_raw(width, height, rgb)
        .map(DynamicImage::ImageRgb8)
        .ok_or_else(|| PictureError::BadPixels("the rows do not make the picture".into()))?;
    square_at(&image, edge, crop)
}

#[cfg(test)]
mod tests {
    use super::super::tests::png;
    use super::*;
    use image::{Rgba, RgbaImage};

    /// 200×200, quadrants red, green, blue, white (row-major).
    fn quadrants() -> RgbaImage {
        RgbaImage::from_fn(200, 200, |x, y| match (x < 100, y < 100) {
            (true, true) => Rgba([255, 0, 0, 255]),
            (false, true) => Rgba([0, 255, 0, 255]),
            (true, false) => Rgba([0, 0, 255, 255]),
            (false, false) => Rgba([255, 255, 255, 255]),
        })
    }

    fn close(a: [u8; 4], b: [u8; 4]) -> bool {
        a.iter().zip(b).all(|(x, y)| x.abs_diff(y) < 8)
    }

    #[test]
    fn each_quadrant_crop_is_its_colour() {
        let bytes = png(&quadrants());
        let limits = PictureLimits::default();
        for (x, y, colour) in [
            (0.0, 0.0, [255, 0, 0, 255]),
            (0.5, 0.0, [0, 255, 0, 255]),
            (0.0, 0.5, [0, 0, 255, 255]),
            (0.5, 0.5, [255, 255, 255, 255]),
        ] {
            let crop = Crop { x, y, side: 0.5 };
            let p = load_cropped(&bytes, 32, Some(crop), &limits).unwrap();
            for (px, py) in [(4, 4), (16, 16), (27, 27)] {
                assert!(
                    close(p.pixel(px, py), colour),
                    "{crop:?} at {px},{py}: {:?}",
                    p.pixel(px, py)
                );
            }
        }
    }

    #[test]
    fn the_centre_square_is_the_default() {
        let bytes = png(&quadrants());
        let limits = PictureLimits::default();
        let centre = load_cropped(&bytes, 40, None, &limits).unwrap();
        assert_eq!(centre, super::super::load(&bytes, 40, &limits).unwrap());
        let whole = load_cropped(
            &bytes,
            40,
            Some(Crop {
                x: 0.0,
                y: 0.0,
                side: 1.0,
            }),
            &limits,
        );
        assert_eq!(whole.unwrap(), centre);
    }

    #[test]
    fn a_crop_that_leaves_the_picture_or_has_no_area_is_refused_with_why() {
        let why = |c: Crop| match c.pixels(300, 200) {
            Err(PictureError::BadCrop(w)) => w,
            other => panic!("{c:?}: {other:?}"),
        };
        assert!(why(Crop {
            x: f64::NAN,
            y: 0.0,
            side: 0.5
        })
        .contains("not finite"));
        assert!(why(Crop {
            x: 0.0,
            y: 0.0,
            side: f64::INFINITY
        })
        .contains("not finite"));
        assert!(why(Crop {
            x: 0.0,
            y: 0.0,
            side: 0.0
        })
        .contains("no area"));
        assert!(why(Crop {
            x: 0.0,
            y: 0.0,
            side: -0.2
        })
        .contains("no area"));
        assert!(why(Crop {
            x: 0.0,
            y: 0.0,
            side: 1.5
        })
        .contains("larger than"));
        assert!(why(Crop {
            x: -0.1,
            y: 0.0,
            side: 0.5
        })
        .contains("left"));
        assert!(why(Crop {
            x: 0.0,
            y: -0.1,
            side: 0.5
        })
        .contains("top"));
        // 300×200: a full-height square (200 px) from x = 0.4 (120 px) ends at 320.
        assert!(why(Crop {
            x: 0.4,
            y: 0.0,
            side: 1.0
        })
        .contains("right"));
        assert!(why(Crop {
            x: 0.0,
            y: 0.6,
            side: 0.5
        })
        .contains("bottom"));
        // The right-most square is inside, and so is a rounding hair past it.
        assert_eq!(
            Crop {
                x: 1.0 / 3.0,
                y: 0.0,
                side: 1.0
            }
            .pixels(300, 200)
            .unwrap()
            .0,
            100.0
        );
        assert!(Crop {
            x: 1.0 / 3.0 + 1e-9,
            y: 0.0,
            side: 1.0
        }
        .pixels(300, 200)
        .is_ok());
        // A square smaller than a pixel in a corner is inside: it grows to one pixel, in the
        // corner, rather than being refused for the pixel it grew by.
        let corner = Crop {
            x: 0.999,
            y: 0.999,
            side: 0.001,
        };
        assert_eq!(corner.pixels(300, 200).unwrap(), (299.0, 199.0, 1.0));
        assert_eq!(corner.pixels(40, 30).unwrap(), (39.0, 29.0, 1.0));
        let err = load_cropped(
            &png(&quadrants()),
            32,
            Some(Crop {
                x: 0.9,
                y: 0.0,
                side: 0.5,
            }),
            &PictureLimits::default(),
        );
        assert!(matches!(err, Err(PictureError::BadCrop(_))));
    }

    #[test]
    fn the_upright_size_comes_from_the_header_turned_by_exif() {
        let limits = PictureLimits::default();
        let img = RgbaImage::from_pixel(120, 80, Rgba([9, 9, 9, 255]));
        assert_eq!(upright_size(&png(&img), &limits).unwrap(), (120, 80));
        let rgb = DynamicImage::ImageRgba8(img).into_rgb8();
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90)
            .encode_image(&rgb)
            .unwrap();
        let turned = super::super::tests::with_exif_orientation(&jpeg, 6);
        assert_eq!(upright_size(&turned, &limits).unwrap(), (80, 120));
        assert_eq!(upright_size(&[], &limits), Err(PictureError::Empty));
        assert_eq!(
            upright_size(b"not a picture", &limits),
            Err(PictureError::UnknownFormat)
        );
    }

    /// The same photo through its bytes and through pixels a platform decoded gives the same
    /// picture for the same crop, with rows packed or padded.
    #[test]
    fn bytes_and_pixels_give_the_same_picture() {
        let img = quadrants();
        let bytes = png(&img);
        let limits = PictureLimits::default();
        let crop = Some(Crop {
            x: 0.25,
            y: 0.1,
            side: 0.6,
        });
        let from_bytes = load_cropped(&bytes, 64, crop, &limits).unwrap();
        let packed = img.as_raw();
        assert_eq!(
            from_pixels(200, 200, packed, 800, crop, 64, &limits).unwrap(),
            from_bytes
        );
        let mut padded = Vec::new();
        for row in packed.chunks_exact(800) {
            padded.extend_from_slice(row);
            padded.extend_from_slice(&[7; 32]);
        }
        assert_eq!(
            from_pixels(200, 200, &padded, 832, crop, 64, &limits).unwrap(),
            from_bytes
        );
    }

    #[test]
    fn bad_pixels_are_refused_before_any_copy() {
        let limits = PictureLimits::default();
        let px = vec![0u8; 40 * 30 * 4];
        assert_eq!(
            from_pixels(0, 30, &px, 160, None, 32, &limits),
            Err(PictureError::NoPixels {
                width: 0,
                height: 30
            })
        );
        assert!(
            matches!(from_pixels(40, 30, &px, 100, None, 32, &limits), Err(PictureError::BadPixels(w)) if w.contains("stride"))
        );
        assert!(
            matches!(from_pixels(40, 30, &px[1..], 160, None, 32, &limits), Err(PictureError::BadPixels(w)) if w.contains("were given"))
        );
        let small = PictureLimits {
            max_pixels: 1000,
            ..limits
        };
        assert!(matches!(
            from_pixels(40, 30, &px, 160, None, 32, &small),
            Err(PictureError::TooManyPixels { .. })
        ));
        let tight = PictureLimits {
            max_bytes: 4000,
            ..limits
        };
        assert_eq!(
            from_pixels(40, 30, &px, 160, None, 32, &tight),
            Err(PictureError::OverMemory { max_bytes: 4000 })
        );
        assert!(matches!(
            from_pixels(40, 30, &px, 160, None, 5000, &limits),
            Err(PictureError::EdgeOutOfRange { .. })
        ));
        assert!(matches!(
            from_pixels(
                40,
                30,
                &px,
                160,
                Some(Crop {
                    x: 0.5,
                    y: 0.0,
                    side: 1.0
                }),
                32,
                &limits
            ),
            Err(PictureError::BadCrop(_))
        ));
        // A 48 MP frame's size alone is refused under the default pixel budget of 50 MP only
        // when it is over: 8000×6000 passes the size checks and fails on its length.
        assert!(matches!(
            from_pixels(8000, 6000, &px, 32000, None, 1024, &limits),
            Err(PictureError::BadPixels(_))
        ));
    }
}
