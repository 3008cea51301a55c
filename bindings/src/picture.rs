//! Pictures: a photo decoded, turned upright, cropped and sized; the built-in pictures; where
//! each tile's piece lies.
use slidepuzzle_core::picture as pic;
use slidepuzzle_core::BoardError;

use crate::board::side;
use crate::error::Result;

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
    Ok(pic::load(&bytes, edge, &pic::PictureLimits::default())?.into())
}

/// [`load_picture`] with explicit budgets.
#[uniffi::export]
pub fn load_picture_with_limits(
    bytes: Vec<u8>,
    edge: u32,
    max_pixels: u64,
    max_bytes: u64,
) -> Result<Picture> {
    let limits = pic::PictureLimits {
        max_pixels,
        max_bytes,
        ..pic::PictureLimits::default()
    };
    Ok(pic::load(&bytes, edge, &limits)?.into())
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
