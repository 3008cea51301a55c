//! A picture written as a PNG file's bytes: what the CLI's `--out` writes and what the apps keep
//! of a photo (the chosen square, never the original).
use super::{Picture, PictureError};

impl Picture {
    /// The picture as a PNG file's bytes, RGB (pictures are opaque: a quarter smaller, and
    /// usable where an alpha channel is refused, as in an app icon). Read back with
    /// [`load`](super::load),
    /// it gives the same pixels.
    pub fn to_png(&self) -> Result<Vec<u8>, PictureError> {
        use image::ImageEncoder;
        let expected = self.edge as usize * self.edge as usize * 4;
        if self.rgba.len() != expected {
            return Err(PictureError::BadPixels(format!(
                "{} bytes for a {1}×{1} picture, which has {expected}",
                self.rgba.len(),
                self.edge
            )));
        }
        let rgb: Vec<u8> = self
            .rgba
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        let mut bytes = Vec::new();
        image::codecs::png::PngEncoder::new(&mut bytes)
            .write_image(&rgb, self.edge, self.edge, image::ExtendedColorType::Rgb8)
            .map_err(|e| PictureError::Corrupt(format!("the picture could not be encoded: {e}")))?;
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{builtin, load, PictureLimits};
    use super::*;

    #[test]
    fn a_picture_saved_as_png_reads_back_pixel_for_pixel() {
        let picture = builtin::render("mandala", 64).unwrap();
        let png = picture.to_png().unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        assert_eq!(load(&png, 64, &PictureLimits::default()).unwrap(), picture);
        let short = Picture {
            edge: 4,
            rgba: vec![0; 12],
        };
        assert!(matches!(short.to_png(), Err(PictureError::BadPixels(_))));
    }
}
