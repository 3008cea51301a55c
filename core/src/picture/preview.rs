//! The whole photo for a crop screen: upright, scaled down to fit.
use super::decode::decode_for;
use super::{check_edge, PictureError, PictureLimits};

/// A whole photo, upright, scaled down to fit `max_edge` pixels (never up): what a crop screen
/// shows under its frame. The same decoder and orientation as the puzzle's picture, so the
/// square chosen on it is the square cut.
#[derive(Clone, PartialEq, Eq)]
pub struct Preview {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes: red, green, blue, alpha.
    pub rgba: Vec<u8>,
}

impl std::fmt::Debug for Preview {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Preview({}×{})", self.width, self.height)
    }
}

/// Decodes `bytes` (within `limits`), turns it upright and scales it to fit `max_edge`.
pub fn preview(
    bytes: &[u8],
    max_edge: u32,
    limits: &PictureLimits,
) -> Result<Preview, PictureError> {
    check_edge(max_edge)?;
    let (image, _) = decode_for(bytes, limits, None)?;
    let (w, h) = (image.width(), image.height());
    let scaled = if w.max(h) > max_edge {
        image.resize(max_edge, max_edge, image::imageops::FilterType::Triangle)
    } else {
        image
    };
    let rgba = scaled.into_rgba8();
    Ok(Preview {
        width: rgba.width(),
        height: rgba.height(),
        rgba: rgba.into_raw(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::tests::{close, jpeg, png, sample, with_exif_orientation};

    #[test]
    fn a_preview_is_the_whole_photo_upright_and_scaled_to_fit() {
        let limits = PictureLimits::default();
        let p = preview(&png(&sample(400, 200)), 100, &limits).unwrap();
        assert_eq!((p.width, p.height), (100, 50));
        assert_eq!(p.rgba.len(), 100 * 50 * 4);
        // The green block top-left, red then blue: the whole photo, not a square of it.
        let at = |x: u32, y: u32| {
            let i = ((y * p.width + x) * 4) as usize;
            [p.rgba[i], p.rgba[i + 1], p.rgba[i + 2], p.rgba[i + 3]]
        };
        assert!(close(at(5, 5), [0, 255, 0, 255]));
        assert!(close(at(40, 40), [255, 0, 0, 255]));
        assert!(close(at(90, 40), [0, 0, 255, 255]));
        // Turned upright by EXIF: 200×100 stored, shown 100×200 (scaled to 50×100).
        let turned = preview(
            &with_exif_orientation(&jpeg(&sample(200, 100)), 6),
            100,
            &limits,
        )
        .unwrap();
        assert_eq!((turned.width, turned.height), (50, 100));
        // Never scaled up.
        let small = preview(&png(&sample(40, 30)), 100, &limits).unwrap();
        assert_eq!((small.width, small.height), (40, 30));
        assert_eq!(preview(&[], 100, &limits), Err(PictureError::Empty));
    }
}
