//! HDR photos to SDR: a PNG whose cICP says PQ (SMPTE ST 2084) or HLG (ARIB STD-B67) holds
//! light levels up to 10 000 cd/m² (PQ) or relative to a 1000 cd/m² display (HLG). Converted
//! with 10 000 cd/m² as white, a phone's HDR photo comes out nearly black (PQ) or at half
//! brightness (HLG). Here the signal is turned into light, with graphics white (203 cd/m²,
//! ITU-R BT.2408) as SDR white; everything up to `KNEE` of that white is kept as it is, and the
//! highlights above are rolled off smoothly toward white. The roll-off scales the three
//! channels together by the largest, so a bright colour keeps its hue. The primaries are then
//! converted to sRGB's (BT.709) and the light encoded with the sRGB curve. In place, one
//! table of levels in, one out: no copy of the photo.
use image::DynamicImage;

/// Graphics white, in cd/m²: what an SDR white shows as on an HDR display.
const SDR_WHITE_NITS: f32 = 203.0;
/// The display an HLG signal is made for, in cd/m² (its system gamma is 1.2 there).
const HLG_DISPLAY_NITS: f32 = 1000.0;
/// Light up to this fraction of SDR white is kept; above, it is rolled off toward white.
const KNEE: f32 = 0.8;
/// Levels of the sRGB encoding table over linear 0–1.
const ENCODE_LEVELS: usize = 1 << 14;

/// The HDR transfer a cICP transfer code names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Curve {
    /// SMPTE ST 2084 (code 16).
    Pq,
    /// ARIB STD-B67 (code 18).
    Hlg,
}

impl Curve {
    /// The curve for a cICP transfer code, if it is an HDR one.
    pub(super) fn of(transfer: u8) -> Option<Curve> {
        match transfer {
            16 => Some(Curve::Pq),
            18 => Some(Curve::Hlg),
            _ => None,
        }
    }

    /// A signal level (0–1) as light: for PQ, display light in units of SDR white; for HLG,
    /// scene light 0–1 (the display's gain is applied per pixel, from its luminance).
    fn light(self, e: f32) -> f32 {
        match self {
            Curve::Pq => {
                const M1: f32 = 2610.0 / 16384.0;
                const M2: f32 = 2523.0 / 4096.0 * 128.0;
                const C1: f32 = 3424.0 / 4096.0;
                const C2: f32 = 2413.0 / 4096.0 * 32.0;
                const C3: f32 = 2392.0 / 4096.0 * 32.0;
                let p = e.max(0.0).powf(1.0 / M2);
                let y = ((p - C1).max(0.0) / (C2 - C3 * p)).powf(1.0 / M1);
                y * 10_000.0 / SDR_WHITE_NITS
            }
            Curve::Hlg => {
                const A: f32 = 0.178_832_77;
                const B: f32 = 0.284_668_92;
                const C: f32 = 0.559_910_7;
                if e <= 0.5 {
                    e * e / 3.0
                } else {
                    (((e - C) / A).exp() + B) / 12.0
                }
            }
        }
    }

    fn name(self) -> &'static str {
        match self {
            Curve::Pq => "PQ",
            Curve::Hlg => "HLG",
        }
    }
}

/// The xy chromaticities of red, green and blue for a cICP primaries code (all with a D65
/// white), and the name a person knows them by.
fn primaries(code: u8) -> Option<([[f32; 2]; 3], &'static str)> {
    match code {
        1 => Some(([[0.64, 0.33], [0.30, 0.60], [0.15, 0.06]], "BT.709")),
        9 => Some(([[0.708, 0.292], [0.170, 0.797], [0.131, 0.046]], "BT.2020")),
        12 => Some((
            [[0.680, 0.320], [0.265, 0.690], [0.150, 0.060]],
            "Display P3",
        )),
        _ => None,
    }
}

type Matrix = [[f32; 3]; 3];

fn mul(a: &Matrix, b: &Matrix) -> Matrix {
    let mut m = [[0.0; 3]; 3];
    for (i, row) in m.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    m
}

fn inverse(m: &Matrix) -> Matrix {
    let [[a, b, c], [d, e, f], [g, h, i]] = *m;
    let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
    [
        [
            (e * i - f * h) / det,
            (c * h - b * i) / det,
            (b * f - c * e) / det,
        ],
        [
            (f * g - d * i) / det,
            (a * i - c * g) / det,
            (c * d - a * f) / det,
        ],
        [
            (d * h - e * g) / det,
            (b * g - a * h) / det,
            (a * e - b * d) / det,
        ],
    ]
}

/// Linear RGB of these primaries to XYZ, white (D65) at Y = 1.
fn to_xyz(p: &[[f32; 2]; 3]) -> Matrix {
    let xyz = |[x, y]: [f32; 2]| [x / y, 1.0, (1.0 - x - y) / y];
    let cols = [xyz(p[0]), xyz(p[1]), xyz(p[2])];
    let m: Matrix = std::array::from_fn(|i| std::array::from_fn(|j| cols[j][i]));
    let white = xyz([0.3127, 0.3290]);
    let inv = inverse(&m);
    let s: [f32; 3] = std::array::from_fn(|i| (0..3).map(|k| inv[i][k] * white[k]).sum());
    std::array::from_fn(|i| std::array::from_fn(|j| m[i][j] * s[j]))
}

/// Light at or below [`KNEE`] kept, above it rolled off toward 1 (the slope stays 1 at the
/// knee, so nothing bends where the roll-off starts).
fn roll_off(m: f32) -> f32 {
    if m <= KNEE {
        m
    } else {
        let u = (m - KNEE) / (1.0 - KNEE);
        KNEE + (1.0 - KNEE) * u / (1.0 + u)
    }
}

fn srgb_encode(l: f32) -> f32 {
    if l <= 0.003_130_8 {
        l * 12.92
    } else {
        1.055 * l.powf(1.0 / 2.4) - 0.055
    }
}

/// A channel's sample type.
trait Level: Copy {
    const MAX: usize;
    fn index(self) -> usize;
    fn from_index(i: usize) -> Self;
}

impl Level for u8 {
    const MAX: usize = u8::MAX as usize;
    fn index(self) -> usize {
        self as usize
    }
    fn from_index(i: usize) -> u8 {
        i as u8
    }
}

impl Level for u16 {
    const MAX: usize = u16::MAX as usize;
    fn index(self) -> usize {
        self as usize
    }
    fn from_index(i: usize) -> u16 {
        i as u16
    }
}

/// One photo's conversion: its curve's table of levels, its primaries to sRGB's, and the
/// sRGB encoding table.
struct Mapping {
    light: Vec<f32>,
    curve: Curve,
    to_srgb: Matrix,
    /// Luminance weights of the source primaries (HLG's display gain).
    luma: [f32; 3],
    encode: Vec<f32>,
}

impl Mapping {
    fn new(curve: Curve, p: &[[f32; 2]; 3], levels: usize) -> Mapping {
        let src = to_xyz(p);
        let srgb = to_xyz(&primaries(1).expect("BT.709").0);
        let max = (levels - 1) as f32;
        Mapping {
            light: (0..levels).map(|v| curve.light(v as f32 / max)).collect(),
            curve,
            to_srgb: mul(&inverse(&srgb), &src),
            luma: src[1],
            encode: (0..ENCODE_LEVELS)
                .map(|i| srgb_encode(i as f32 / (ENCODE_LEVELS - 1) as f32))
                .collect(),
        }
    }

    /// One pixel's three levels to sRGB levels (0–1).
    fn pixel(&self, levels: [usize; 3]) -> [f32; 3] {
        let mut rgb = levels.map(|v| self.light[v]);
        if self.curve == Curve::Hlg {
            let ys: f32 = (0..3).map(|i| self.luma[i] * rgb[i]).sum();
            let gain = HLG_DISPLAY_NITS * ys.max(0.0).powf(0.2) / SDR_WHITE_NITS;
            rgb = rgb.map(|c| c * gain);
        }
        let m = &self.to_srgb;
        let mut out: [f32; 3] =
            std::array::from_fn(|i| (0..3).map(|k| m[i][k] * rgb[k]).sum::<f32>().max(0.0));
        let peak = out[0].max(out[1]).max(out[2]);
        if peak > KNEE {
            let scale = roll_off(peak) / peak;
            out = out.map(|c| c * scale);
        }
        let top = (ENCODE_LEVELS - 1) as f32;
        out.map(|c| self.encode[(c.min(1.0) * top).round() as usize])
    }
}

/// Converts the colour channels of `samples` (`step` samples a pixel, the first three red,
/// green, blue; or one grey when `grey`) in place.
fn apply<T: Level>(samples: &mut [T], step: usize, grey: bool, mapping: &Mapping) {
    let max = T::MAX as f32;
    let back = |v: f32| T::from_index((v * max).round() as usize);
    for px in samples.chunks_exact_mut(step) {
        if grey {
            let v = px[0].index();
            px[0] = back(mapping.pixel([v, v, v])[1]);
        } else {
            let out = mapping.pixel([px[0].index(), px[1].index(), px[2].index()]);
            for (s, v) in px.iter_mut().zip(out) {
                *s = back(v);
            }
        }
    }
}

/// What tone mapping did: `Ok` with the photo's colour space ("BT.2020 PQ") once converted,
/// `Err` with its name and why, for a person, where the pixels were left as stored.
pub(super) type ToneMapped = Result<String, (String, String)>;

/// Converts `image`, an HDR photo with `curve` over cICP `primaries`, to SDR sRGB in place.
pub(super) fn to_sdr(image: &mut DynamicImage, primaries_code: u8, curve: Curve) -> ToneMapped {
    let Some((p, gamut)) = primaries(primaries_code) else {
        return Err((
            format!("{} HDR", curve.name()),
            format!("colour primaries {primaries_code}, which this app does not convert"),
        ));
    };
    let eight = |_: ()| Mapping::new(curve, &p, 256);
    let sixteen = |_: ()| Mapping::new(curve, &p, 65536);
    match image {
        DynamicImage::ImageRgb8(px) => apply(px, 3, false, &eight(())),
        DynamicImage::ImageRgba8(px) => apply(px, 4, false, &eight(())),
        DynamicImage::ImageLuma8(px) => apply(px, 1, true, &eight(())),
        DynamicImage::ImageLumaA8(px) => apply(px, 2, true, &eight(())),
        DynamicImage::ImageRgb16(px) => apply(px, 3, false, &sixteen(())),
        DynamicImage::ImageRgba16(px) => apply(px, 4, false, &sixteen(())),
        DynamicImage::ImageLuma16(px) => apply(px, 1, true, &sixteen(())),
        DynamicImage::ImageLumaA16(px) => apply(px, 2, true, &sixteen(())),
        _ => {
            return Err((
                format!("{gamut} {} HDR", curve.name()),
                "a pixel format this app does not convert".into(),
            ))
        }
    }
    Ok(format!("{gamut} {}", curve.name()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PQ signal for `nits`.
    fn pq(nits: f32) -> f32 {
        const M1: f32 = 2610.0 / 16384.0;
        const M2: f32 = 2523.0 / 4096.0 * 128.0;
        const C1: f32 = 3424.0 / 4096.0;
        const C2: f32 = 2413.0 / 4096.0 * 32.0;
        const C3: f32 = 2392.0 / 4096.0 * 32.0;
        let y = (nits / 10_000.0).powf(M1);
        ((C1 + C2 * y) / (1.0 + C3 * y)).powf(M2)
    }

    #[test]
    fn the_curves_give_their_reference_levels() {
        // PQ: 203 cd/m² is SDR white; 10 000 cd/m² is the top of the signal.
        assert!((Curve::Pq.light(pq(203.0)) - 1.0).abs() < 1e-3);
        assert!((Curve::Pq.light(1.0) - 10_000.0 / 203.0).abs() < 0.05);
        assert_eq!(Curve::Pq.light(0.0), 0.0);
        // HLG: the signal's two halves meet at 1/12, and 1.0 is scene white.
        assert!((Curve::Hlg.light(0.5) - 1.0 / 12.0).abs() < 1e-6);
        assert!((Curve::Hlg.light(1.0) - 1.0).abs() < 1e-5);
    }

    #[test]
    fn the_roll_off_keeps_the_midtones_and_never_passes_white() {
        assert_eq!(roll_off(0.18), 0.18);
        assert_eq!(roll_off(KNEE), KNEE);
        let mut last = KNEE;
        for m in [0.81, 1.0, 2.0, 5.0, 49.0] {
            let y = roll_off(m);
            assert!(y > last && y < 1.0, "{m} → {y}");
            last = y;
        }
    }

    #[test]
    fn bt2020_white_is_srgb_white_and_its_green_is_clipped_into_srgb() {
        let m = mul(
            &inverse(&to_xyz(&primaries(1).unwrap().0)),
            &to_xyz(&primaries(9).unwrap().0),
        );
        for row in &m {
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{m:?}");
        }
        // The known BT.2020 → BT.709 matrix (ITU-R BT.2087).
        assert!((m[0][0] - 1.6605).abs() < 2e-3 && (m[1][1] - 1.1329).abs() < 2e-3);
    }
}
