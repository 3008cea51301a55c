//! Photos in their true colours: a photo's embedded colour profile (a JPEG's APP2 ICC chunks, a
//! PNG's iCCP, a WebP's ICCP) or a PNG's cICP code points say which colour space its values are
//! in; the decoded pixels are converted from it to sRGB (with `moxcms`) before they are cropped
//! and resized. A Display P3 or Adobe RGB photo otherwise looks dull, a ProPhoto one washed out.
//!
//! The conversion runs in place, a row at a time through one row of scratch (never a second
//! copy of the photo). What happened is a [`Colour`], which `picture --info` says: a photo with
//! no profile, or one whose profile is sRGB, is left exactly as it was; a profile that cannot
//! be read or applied leaves the pixels as they are, taken as sRGB, and says so — a photo is
//! never refused for its profile.
use std::fmt;

use std::sync::Arc;

use image::DynamicImage;
use moxcms::{
    CicpColorPrimaries, CicpProfile, ColorProfile, DataColorSpace, Layout, MatrixCoefficients,
    ProfileText, RenderingIntent, TransferCharacteristics, TransformExecutor, TransformOptions,
};

/// What the pipeline did with a photo's colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Colour {
    /// No profile and no colour chunk: the values are taken as sRGB, unchanged.
    Untagged,
    /// Tagged as sRGB (a profile that is sRGB, or PNG's sRGB chunk): unchanged.
    Srgb,
    /// Converted to sRGB from the colour space named.
    Converted {
        /// The profile's description ("Display P3"), or the code points' name.
        name: String,
    },
    /// A profile that is not a readable ICC profile: the values are taken as sRGB.
    Unreadable,
    /// A profile larger than any real one (over `max_bytes` once inflated): left out unread,
    /// the values taken as sRGB.
    ProfileTooLarge {
        /// The largest profile read.
        max_bytes: u64,
    },
    /// An HDR photo (PNG's cICP with the PQ or HLG curve), its light turned into SDR with
    /// graphics white as white and its highlights rolled off (see `hdr`).
    ToneMapped {
        /// The primaries and the curve ("BT.2020 PQ").
        name: String,
    },
    /// A profile read but not applied, taken as sRGB: a CMYK profile (the decoder has turned
    /// the inks into RGB without it), or one that does not fit the pixels.
    NotApplied {
        /// The profile's description.
        name: String,
        /// Why, for a person.
        why: String,
    },
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Colour::Untagged => f.write_str("no profile: sRGB assumed"),
            Colour::Srgb => f.write_str("sRGB"),
            Colour::Converted { name } => write!(f, "{name} (converted to sRGB)"),
            Colour::ToneMapped { name } => write!(f, "{name} HDR (tone-mapped to SDR sRGB)"),
            Colour::Unreadable => f.write_str("profile unreadable: sRGB assumed"),
            Colour::ProfileTooLarge { max_bytes } => write!(
                f,
                "a colour profile over {} MiB, left unread: sRGB assumed",
                max_bytes >> 20
            ),
            Colour::NotApplied { name, why } => {
                write!(f, "{name}: {why}; sRGB assumed")
            }
        }
    }
}

/// Where a photo says its colours come from, before any pixel is decoded.
pub(super) enum Source {
    /// Nothing: sRGB.
    None,
    /// PNG's sRGB chunk.
    SrgbChunk,
    /// ICC profile bytes.
    Icc(Vec<u8>),
    /// PNG's cICP code points (primaries, transfer, matrix, full range).
    Cicp([u8; 4]),
    /// A profile over [`MAX_PROFILE_BYTES`](super::png::MAX_PROFILE_BYTES), left out.
    TooLarge,
}

impl Source {
    /// The bytes it holds while the photo is decoded.
    pub(super) fn held_bytes(&self) -> u64 {
        match self {
            Source::Icc(icc) => icc.len() as u64,
            _ => 0,
        }
    }
}

/// The profile's description, as a person knows it.
fn name(profile: &ColorProfile) -> String {
    let text = match &profile.description {
        Some(ProfileText::PlainString(s)) => s.clone(),
        Some(ProfileText::Localizable(list)) => list
            .iter()
            .find(|l| l.language == "en")
            .or(list.first())
            .map(|l| l.value.clone())
            .unwrap_or_default(),
        Some(ProfileText::Description(d)) => d.ascii_string.clone(),
        None => String::new(),
    };
    let text: String = text
        .trim_matches(char::from(0))
        .trim()
        .chars()
        .take(64)
        .collect();
    if text.is_empty() {
        "an unnamed profile".into()
    } else {
        text
    }
}

/// The first transform moxcms makes: relative colorimetric, as littleCMS converts, and where a
/// profile has no table for it (a LUT-based profile with only A2B0), the perceptual table —
/// the one the ICC specification says to use when the others are missing.
fn first_transform<T, E>(make: impl Fn(TransformOptions) -> Result<T, E>) -> Option<T> {
    const INTENTS: [RenderingIntent; 2] = [
        RenderingIntent::RelativeColorimetric,
        RenderingIntent::Perceptual,
    ];
    INTENTS.into_iter().find_map(|rendering_intent| {
        make(TransformOptions {
            rendering_intent,
            ..TransformOptions::default()
        })
        .ok()
    })
}

/// The profile `source` describes, with its name; `Err` for what is said instead.
fn profile_of(source: Source) -> Result<(ColorProfile, String), Colour> {
    match source {
        Source::None => Err(Colour::Untagged),
        Source::SrgbChunk => Err(Colour::Srgb),
        Source::TooLarge => Err(Colour::ProfileTooLarge {
            max_bytes: super::png::MAX_PROFILE_BYTES,
        }),
        Source::Cicp([p, t, m, full]) => {
            let cicp = CicpProfile {
                color_primaries: CicpColorPrimaries::try_from(p).map_err(|_| Colour::Unreadable)?,
                transfer_characteristics: TransferCharacteristics::try_from(t)
                    .map_err(|_| Colour::Unreadable)?,
                matrix_coefficients: MatrixCoefficients::try_from(m)
                    .map_err(|_| Colour::Unreadable)?,
                full_range: full == 1,
            };
            let name = match (p, t) {
                (1, 13) => return Err(Colour::Srgb),
                (12, 13) => "Display P3".to_string(),
                (9, _) => "Rec. 2020".to_string(),
                _ => format!("colour code points {p}/{t}"),
            };
            Ok((ColorProfile::new_from_cicp(cicp), name))
        }
        Source::Icc(bytes) => {
            let profile = ColorProfile::new_from_slice(&bytes).map_err(|_| Colour::Unreadable)?;
            let name = name(&profile);
            Ok((profile, name))
        }
    }
}

/// Whether a transform from `profile` to sRGB leaves every colour of a coarse grid within one
/// level: then the profile is sRGB in all but its name, and nothing is converted.
fn is_srgb(profile: &ColorProfile, srgb: &ColorProfile) -> bool {
    let Some(transform) =
        first_transform(|o| profile.create_transform_8bit(Layout::Rgb, srgb, Layout::Rgb, o))
    else {
        return false;
    };
    let mut grid = Vec::with_capacity(16 * 16 * 16 * 3);
    for r in (0..=255u8).step_by(17) {
        for g in (0..=255u8).step_by(17) {
            for b in (0..=255u8).step_by(17) {
                grid.extend_from_slice(&[r, g, b]);
            }
        }
    }
    let mut out = vec![0u8; grid.len()];
    transform.transform(&grid, &mut out).is_ok()
        && grid.iter().zip(&out).all(|(a, b)| a.abs_diff(*b) <= 1)
}

/// Converts `image` from the colour space `source` describes to sRGB, in place, and says what
/// was done. Pixels are left untouched for everything but a conversion.
pub(super) fn to_srgb(image: &mut DynamicImage, source: Source) -> Colour {
    if let Source::Cicp([primaries, transfer, _, _]) = source {
        if let Some(curve) = super::hdr::Curve::of(transfer) {
            return match super::hdr::to_sdr(image, primaries, curve) {
                Ok(name) => Colour::ToneMapped { name },
                Err((name, why)) => Colour::NotApplied { name, why },
            };
        }
    }
    let (profile, name) = match profile_of(source) {
        Ok(found) => found,
        Err(said) => return said,
    };
    let srgb = ColorProfile::new_srgb();
    let not_applied = |why: &str| Colour::NotApplied {
        name: name.clone(),
        why: why.into(),
    };
    let grey_image = matches!(
        image,
        DynamicImage::ImageLuma8(_)
            | DynamicImage::ImageLumaA8(_)
            | DynamicImage::ImageLuma16(_)
            | DynamicImage::ImageLumaA16(_)
    );
    match profile.color_space {
        DataColorSpace::Cmyk => {
            return not_applied("a CMYK profile, and the inks are already shown as RGB")
        }
        DataColorSpace::Rgb if grey_image => return not_applied("an RGB profile on a grey photo"),
        DataColorSpace::Gray if !grey_image => {
            return not_applied("a grey profile on a colour photo")
        }
        DataColorSpace::Rgb | DataColorSpace::Gray => {}
        _ => return not_applied("a colour space this app does not convert"),
    }
    if profile.color_space == DataColorSpace::Rgb && is_srgb(&profile, &srgb) {
        return Colour::Srgb;
    }
    let converted = match image {
        DynamicImage::ImageRgb8(px) => rows(&profile, &srgb, Layout::Rgb, px.width(), px),
        DynamicImage::ImageRgba8(px) => rows(&profile, &srgb, Layout::Rgba, px.width(), px),
        DynamicImage::ImageRgb16(px) => rows(&profile, &srgb, Layout::Rgb, px.width(), px),
        DynamicImage::ImageRgba16(px) => rows(&profile, &srgb, Layout::Rgba, px.width(), px),
        DynamicImage::ImageLuma8(px) => grey(&profile, &srgb, px, 1),
        DynamicImage::ImageLumaA8(px) => grey(&profile, &srgb, px, 2),
        DynamicImage::ImageLuma16(px) => grey(&profile, &srgb, px, 1),
        DynamicImage::ImageLumaA16(px) => grey(&profile, &srgb, px, 2),
        _ => false,
    };
    if converted {
        Colour::Converted { name }
    } else {
        not_applied("a profile this app cannot apply")
    }
}

/// A channel's sample (8 or 16 bits) and the transform moxcms makes for it.
trait Sample: Copy + Default + Into<usize> + 'static {
    /// Every level, lowest first.
    fn levels() -> Vec<Self>;
    fn transform(
        from: &ColorProfile,
        to: &ColorProfile,
        src: Layout,
        dst: Layout,
    ) -> Option<Arc<dyn TransformExecutor<Self> + Send + Sync>>;
}

impl Sample for u8 {
    fn levels() -> Vec<u8> {
        (0..=u8::MAX).collect()
    }
    fn transform(
        from: &ColorProfile,
        to: &ColorProfile,
        src: Layout,
        dst: Layout,
    ) -> Option<Arc<dyn TransformExecutor<u8> + Send + Sync>> {
        first_transform(|o| from.create_transform_8bit(src, to, dst, o))
    }
}

impl Sample for u16 {
    fn levels() -> Vec<u16> {
        (0..=u16::MAX).collect()
    }
    fn transform(
        from: &ColorProfile,
        to: &ColorProfile,
        src: Layout,
        dst: Layout,
    ) -> Option<Arc<dyn TransformExecutor<u16> + Send + Sync>> {
        first_transform(|o| from.create_transform_16bit(src, to, dst, o))
    }
}

/// Converts rows of `width` pixels in place, one row of scratch at a time.
fn rows<T: Sample>(
    from: &ColorProfile,
    to: &ColorProfile,
    layout: Layout,
    width: u32,
    pixels: &mut [T],
) -> bool {
    let Some(transform) = T::transform(from, to, layout, layout) else {
        return false;
    };
    let row = width as usize * layout.channels();
    let mut scratch = vec![T::default(); row];
    pixels.chunks_exact_mut(row).all(|line| {
        scratch.copy_from_slice(line);
        transform.transform(&scratch, line).is_ok()
    })
}

/// Each grey level's sRGB grey: a neutral grey stays neutral, so one table of levels converts
/// a grey photo in place (the first channel of each `step` samples).
fn grey<T: Sample>(from: &ColorProfile, to: &ColorProfile, pixels: &mut [T], step: usize) -> bool {
    let Some(transform) = T::transform(from, to, Layout::Gray, Layout::Rgb) else {
        return false;
    };
    let levels = T::levels();
    let mut rgb = vec![T::default(); levels.len() * 3];
    if transform.transform(&levels, &mut rgb).is_err() {
        return false;
    }
    for v in pixels.iter_mut().step_by(step) {
        *v = rgb[(*v).into() * 3 + 1];
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png_colour_chunks(bytes: &[u8]) -> (Option<[u8; 4]>, bool) {
        let walk = super::super::png::walk(bytes);
        (walk.cicp, walk.srgb)
    }

    #[test]
    fn png_chunks_are_read_up_to_the_image_data() {
        let chunk = |kind: &[u8], data: &[u8]| {
            let mut c = (data.len() as u32).to_be_bytes().to_vec();
            c.extend_from_slice(kind);
            c.extend_from_slice(data);
            c.extend_from_slice(&[0; 4]);
            c
        };
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        png.extend(chunk(b"IHDR", &[0; 13]));
        png.extend(chunk(b"cICP", &[12, 13, 0, 1]));
        png.extend(chunk(b"sRGB", &[0]));
        png.extend(chunk(b"IDAT", &[]));
        assert_eq!(png_colour_chunks(&png), (Some([12, 13, 0, 1]), true));
        // after the image data, and cut short: not read
        let mut late = png[..33].to_vec();
        late.extend(chunk(b"IDAT", &[]));
        late.extend(chunk(b"cICP", &[12, 13, 0, 1]));
        assert_eq!(png_colour_chunks(&late), (None, false));
        assert_eq!(png_colour_chunks(&png[..40]), (None, false));
    }

    #[test]
    fn what_is_said_of_each_case() {
        assert_eq!(Colour::Untagged.to_string(), "no profile: sRGB assumed");
        assert_eq!(
            Colour::Converted {
                name: "Display P3".into()
            }
            .to_string(),
            "Display P3 (converted to sRGB)"
        );
        assert_eq!(
            Colour::Unreadable.to_string(),
            "profile unreadable: sRGB assumed"
        );
    }

    #[test]
    fn a_profile_that_does_not_fit_the_pixels_is_said_and_changes_nothing() {
        let grey = ColorProfile::new_gray_with_gamma(1.8).encode().unwrap();
        let original = DynamicImage::ImageRgb8(image::RgbImage::from_fn(4, 4, |x, y| {
            image::Rgb([(x * 60) as u8, (y * 60) as u8, 7])
        }));
        let mut image = original.clone();
        let said = to_srgb(&mut image, Source::Icc(grey));
        assert!(matches!(said, Colour::NotApplied { .. }), "{said:?}");
        assert!(said
            .to_string()
            .ends_with("a grey profile on a colour photo; sRGB assumed"));
        assert_eq!(image, original);
        // a 16-bit photo converts through the same rows as an 8-bit one
        let p3 = ColorProfile::new_display_p3().encode().unwrap();
        let wide = DynamicImage::ImageRgb16(image::ImageBuffer::from_fn(4, 4, |x, _| {
            image::Rgb([65535, (x * 10000) as u16, 0])
        }));
        let mut converted = wide.clone();
        assert!(matches!(
            to_srgb(&mut converted, Source::Icc(p3.clone())),
            Colour::Converted { .. }
        ));
        let mut narrow = wide.to_rgb8().into();
        to_srgb(&mut narrow, Source::Icc(p3));
        let (a, b) = (converted.to_rgb8(), narrow.to_rgb8());
        assert!(a
            .as_raw()
            .iter()
            .zip(b.as_raw())
            .all(|(x, y)| x.abs_diff(*y) <= 1));
        assert_ne!(converted, wide);
    }

    #[test]
    fn an_srgb_profile_and_srgb_code_points_change_nothing() {
        let srgb_icc = ColorProfile::new_srgb().encode().unwrap();
        let original = DynamicImage::ImageRgb8(image::RgbImage::from_fn(16, 16, |x, y| {
            image::Rgb([(x * 16) as u8, (y * 16) as u8, 200])
        }));
        for source in [Source::Icc(srgb_icc), Source::Cicp([1, 13, 0, 1])] {
            let mut image = original.clone();
            assert_eq!(to_srgb(&mut image, source), Colour::Srgb);
            assert_eq!(image, original);
        }
        let mut image = original.clone();
        assert_eq!(
            to_srgb(&mut image, Source::Icc(b"junk".to_vec())),
            Colour::Unreadable
        );
        assert_eq!(image, original);
    }
}
