//! Pictures: a photo decoded, turned upright, cropped and sized; the built-in pictures; where
//! each tile's piece lies.
use slidepuzzle_core::picture as pic;
use slidepuzzle_core::BoardError;

use crate::board::side;
use crate::error::Result;
use crate::failure::PuzzleFailure;

/// A typed call's result.
type Typed<T> = std::result::Result<T, PuzzleFailure>;

/// A square RGBA picture: `edge` × `edge` pixels, 4 bytes each, rows top to bottom. One buffer
/// for the whole picture; draw tile `cell` from its [`tile_rect`].
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Picture {
    /// Width and height in pixels.
    pub edge: u32,
    /// `edge * edge * 4` bytes: red, green, blue, alpha.
    pub rgba: Vec<u8>,
}

impl From<pic::Picture> for Picture {
    fn from(p: pic::Picture) -> Self {
        Picture {
            edge: p.edge,
            rgba: p.rgba,
        }
    }
}

/// A tile's place in a picture, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
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

/// A picture that ships with the app.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BuiltinPicture {
    /// Id for [`builtin_picture`].
    pub id: String,
    /// Title to show.
    pub title: String,
}

/// Decodes a photo (JPEG, PNG, WebP, GIF), turns it upright by its EXIF orientation, crops the
/// centre square and resizes it to `edge` pixels. Refuses empty, truncated, corrupt and
/// oversized (over 50 Mpx or 512 MiB to decode) images with a `BadPicture` error.
#[uniffi::export]
pub fn load_picture(bytes: Vec<u8>, edge: u32) -> Result<Picture> {
    Ok(load(&bytes, edge)?)
}

/// The work of [`load_picture`] and its typed sibling, in the core's error.
fn load(bytes: &[u8], edge: u32) -> std::result::Result<Picture, pic::PictureError> {
    Ok(pic::load(bytes, edge, &pic::PictureLimits::default())?.into())
}

/// The picture as PNG bytes, to keep a chosen square small on disk (a relaunch reads it back
/// with [`load_picture`] at the size it needs, and decodes nothing larger).
#[uniffi::export]
pub fn picture_png(picture: Picture) -> Result<Vec<u8>> {
    let picture = pic::Picture {
        edge: picture.edge,
        rgba: picture.rgba,
    };
    Ok(picture.to_png()?)
}

/// [`load_picture`] with explicit budgets.
#[uniffi::export]
pub fn load_picture_with_limits(
    bytes: Vec<u8>,
    edge: u32,
    max_pixels: u64,
    max_bytes: u64,
) -> Result<Picture> {
    Ok(with_limits(&bytes, edge, max_pixels, max_bytes)?)
}

/// The work of [`load_picture_with_limits`] and its typed sibling, in the core's error.
fn with_limits(
    bytes: &[u8],
    edge: u32,
    max_pixels: u64,
    max_bytes: u64,
) -> std::result::Result<Picture, pic::PictureError> {
    let limits = pic::PictureLimits {
        max_pixels,
        max_bytes,
        ..pic::PictureLimits::default()
    };
    Ok(pic::load(bytes, edge, &limits)?.into())
}

/// The square a player chose, in fractions of the upright picture so that a preview at any
/// resolution maps onto it: `x`, `y` its left and top edges as fractions of the width and
/// height, `side` its side as a fraction of the shorter edge.
#[derive(Debug, Clone, Copy, PartialEq, uniffi::Record)]
pub struct Crop {
    /// Left edge, as a fraction of the picture's width.
    pub x: f64,
    /// Top edge, as a fraction of the picture's height.
    pub y: f64,
    /// Side, as a fraction of the picture's shorter edge.
    pub side: f64,
}

impl From<Crop> for pic::Crop {
    fn from(c: Crop) -> Self {
        pic::Crop {
            x: c.x,
            y: c.y,
            side: c.side,
        }
    }
}

/// A picture's width and height once turned upright.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct PictureSize {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// [`load_picture`] cut to `crop` (the centre square when `None`). A crop that leaves the
/// picture, has no area or is not finite is a `BadPicture` error saying which.
#[uniffi::export]
pub fn load_picture_cropped(bytes: Vec<u8>, edge: u32, crop: Option<Crop>) -> Result<Picture> {
    Ok(cropped(&bytes, edge, crop)?)
}

/// The work of [`load_picture_cropped`] and its typed sibling, in the core's error.
fn cropped(
    bytes: &[u8],
    edge: u32,
    crop: Option<Crop>,
) -> std::result::Result<Picture, pic::PictureError> {
    let limits = pic::PictureLimits::default();
    Ok(pic::load_cropped(bytes, edge, crop.map(Into::into), &limits)?.into())
}

/// The upright width and height of a JPEG, PNG, WebP or GIF, from its header (EXIF orientation
/// applied), without decoding it: for a crop screen.
#[uniffi::export]
pub fn picture_size(bytes: Vec<u8>) -> Result<PictureSize> {
    Ok(size(&bytes)?)
}

/// The work of [`picture_size`] and its typed sibling, in the core's error.
fn size(bytes: &[u8]) -> std::result::Result<PictureSize, pic::PictureError> {
    let (width, height) = pic::upright_size(bytes, &pic::PictureLimits::default())?;
    Ok(PictureSize { width, height })
}

/// A picture from pixels the platform decoded (HEIC, AVIF, RAW): `height` rows of `width` RGBA
/// pixels, `stride` bytes apart, already upright; cut to `crop` and resized to `edge`. Wrong
/// lengths, zero sizes, short strides and sizes over the budgets are `BadPicture` errors.
#[uniffi::export]
pub fn picture_from_pixels(
    width: u32,
    height: u32,
    rgba: Vec<u8>,
    stride: u32,
    crop: Option<Crop>,
    edge: u32,
) -> Result<Picture> {
    Ok(from_pixels(width, height, &rgba, stride, crop, edge)?)
}

/// The work of [`picture_from_pixels`] and its typed sibling, in the core's error.
fn from_pixels(
    width: u32,
    height: u32,
    rgba: &[u8],
    stride: u32,
    crop: Option<Crop>,
    edge: u32,
) -> std::result::Result<Picture, pic::PictureError> {
    let limits = pic::PictureLimits::default();
    let crop = crop.map(Into::into);
    Ok(pic::from_pixels(width, height, rgba, stride, crop, edge, &limits)?.into())
}

/// A whole photo, upright, scaled down to fit `max_edge` pixels: what a crop screen shows.
#[derive(Clone, PartialEq, Eq, uniffi::Record)]
pub struct PhotoPreview {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes: red, green, blue, alpha.
    pub rgba: Vec<u8>,
}

impl std::fmt::Debug for PhotoPreview {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PhotoPreview({}×{})", self.width, self.height)
    }
}

/// The whole photo (JPEG, PNG, WebP, GIF), turned upright by its EXIF orientation and scaled
/// down to fit `max_edge` (16–4096) pixels, by the same decoder that cuts the puzzle's
/// picture: a crop screen shows it under its frame.
#[uniffi::export]
pub fn load_preview(bytes: Vec<u8>, max_edge: u32) -> Result<PhotoPreview> {
    Ok(preview(&bytes, max_edge)?)
}

/// The work of [`load_preview`] and its typed sibling, in the core's error.
fn preview(bytes: &[u8], max_edge: u32) -> std::result::Result<PhotoPreview, pic::PictureError> {
    let p = pic::preview(bytes, max_edge, &pic::PictureLimits::default())?;
    Ok(PhotoPreview {
        width: p.width,
        height: p.height,
        rgba: p.rgba,
    })
}

/// [`load_picture`], a refusal by kind ([`PuzzleFailure::PictureRefused`]).
#[uniffi::export]
pub fn load_picture_typed(bytes: Vec<u8>, edge: u32) -> Typed<Picture> {
    Ok(load(&bytes, edge)?)
}

/// [`load_picture_with_limits`], a refusal by kind.
#[uniffi::export]
pub fn load_picture_with_limits_typed(
    bytes: Vec<u8>,
    edge: u32,
    max_pixels: u64,
    max_bytes: u64,
) -> Typed<Picture> {
    Ok(with_limits(&bytes, edge, max_pixels, max_bytes)?)
}

/// [`load_picture_cropped`], a refusal by kind (a crop that leaves the photo is
/// [`PictureProblem::CropOutside`](crate::PictureProblem::CropOutside)).
#[uniffi::export]
pub fn load_picture_cropped_typed(bytes: Vec<u8>, edge: u32, crop: Option<Crop>) -> Typed<Picture> {
    Ok(cropped(&bytes, edge, crop)?)
}

/// [`picture_size`], a refusal by kind: a HEIF photo is
/// [`PictureProblem::FormatNotRead`](crate::PictureProblem::FormatNotRead), for the platform's
/// decoder.
#[uniffi::export]
pub fn picture_size_typed(bytes: Vec<u8>) -> Typed<PictureSize> {
    Ok(size(&bytes)?)
}

/// [`picture_from_pixels`], a refusal by kind.
#[uniffi::export]
pub fn picture_from_pixels_typed(
    width: u32,
    height: u32,
    rgba: Vec<u8>,
    stride: u32,
    crop: Option<Crop>,
    edge: u32,
) -> Typed<Picture> {
    Ok(from_pixels(width, height, &rgba, stride, crop, edge)?)
}

/// [`load_preview`], a refusal by kind.
#[uniffi::export]
pub fn load_preview_typed(bytes: Vec<u8>, max_edge: u32) -> Typed<PhotoPreview> {
    Ok(preview(&bytes, max_edge)?)
}

/// The built-in pictures, in display order.
#[uniffi::export]
pub fn builtin_pictures() -> Vec<BuiltinPicture> {
    pic::builtin::BUILTINS
        .iter()
        .map(|b| BuiltinPicture {
            id: b.id.to_string(),
            title: b.title.to_string(),
        })
        .collect()
}

/// Draws built-in picture `id` at `edge` pixels.
#[uniffi::export]
pub fn builtin_picture(id: String, edge: u32) -> Result<Picture> {
    Ok(pic::builtin::render(&id, edge)?.into())
}

/// Where the piece of `cell` lies in an `edge`-pixel picture cut `size`×`size`.
#[uniffi::export]
pub fn tile_rect(size: u32, edge: u32, cell: u32) -> Result<TileRect> {
    let size = side(size)?;
    if cell as usize >= size * size {
        return Err(BoardError::CellOutOfRange {
            cell: cell as usize,
            size,
        }
        .into());
    }
    let r = pic::tile_rect(size, edge, cell as usize);
    Ok(TileRect {
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
    })
}
