//! Built-in pictures, drawn by code at any edge, so the apps and the CLI work with no photo.
//!
//! Each picture is a function of the pixel centre (u, v) in [0, 1)², top-left origin; edges
//! are smoothed over one pixel so every size looks clean. They are drawn to be solvable by
//! eye too: distinct colours and shapes in every region.
use super::{check_edge, Picture, PictureError};

/// A built-in picture: its id (for [`render`]), its title (for people) and its painter. A new
/// picture is one entry here and its painter function.
#[derive(Debug, Clone, Copy)]
pub struct Builtin {
    /// Stable id, e.g. "sunset".
    pub id: &'static str,
    /// Title shown to the player.
    pub title: &'static str,
    /// The colour (red, green, blue in 0..1) at pixel centre (u, v) for pixel size `px`.
    pub paint: fn(u: f32, v: f32, px: f32) -> [f32; 3],
}

/// Every built-in picture, in the order the apps list them.
pub const BUILTINS: [Builtin; 4] = [
    Builtin {
        id: "sunset",
        title: "Sunset over the sea",
        paint: sunset,
    },
    Builtin {
        id: "aurora",
        title: "Northern lights",
        paint: aurora,
    },
    Builtin {
        id: "mandala",
        title: "Mandala",
        paint: mandala,
    },
    Builtin {
        id: "bauhaus",
        title: "Bauhaus",
        paint: bauhaus,
    },
];

type Rgb = [f32; 3];

/// Draws the built-in picture `id` at `edge` × `edge` pixels.
pub fn render(id: &str, edge: u32) -> Result<Picture, PictureError> {
    check_edge(edge)?;
    let paint = BUILTINS
        .iter()
        .find(|b| b.id == id)
        .ok_or_else(|| PictureError::NoSuchBuiltin(id.to_string()))?
        .paint;
    let px = 1.0 / edge as f32;
    let mut rgba = Vec::with_capacity(edge as usize * edge as usize * 4);
    for y in 0..edge {
        let v = (y as f32 + 0.5) * px;
        for x in 0..edge {
            let u = (x as f32 + 0.5) * px;
            let c = paint(u, v, px);
            for channel in c {
                rgba.push((channel.clamp(0.0, 1.0) * 255.0 + 0.5) as u8);
            }
            rgba.push(255);
        }
    }
    Ok(Picture { edge, rgba })
}

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let t = t.clamp(0.0, 1.0);
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

fn scale(a: Rgb, k: f32) -> Rgb {
    [a[0] * k, a[1] * k, a[2] * k]
}

fn add(a: Rgb, b: Rgb) -> Rgb {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// 1 where `d` < 0 (inside a shape), 0 outside, smoothed over one pixel.
fn inside(d: f32, px: f32) -> f32 {
    1.0 - smoothstep(-px, px, d)
}

/// A gradient through `stops` (position, colour), positions increasing.
fn gradient(stops: &[(f32, Rgb)], t: f32) -> Rgb {
    let mut prev = stops[0];
    for &stop in stops {
        if t <= stop.0 {
            let span = (stop.0 - prev.0).max(1e-6);
            return mix(prev.1, stop.1, (t - prev.0) / span);
        }
        prev = stop;
    }
    prev.1
}

fn hash(x: u32, y: u32) -> u32 {
    let mut h = x.wrapping_mul(0x9E37_79B1) ^ y.wrapping_mul(0x85EB_CA77);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297A_2D39);
    h ^ (h >> 15)
}

fn hsv(h: f32, s: f32, v: f32) -> Rgb {
    let h = h.rem_euclid(1.0) * 6.0;
    let f = h - h.floor();
    let (p, q, t) = (v * (1.0 - s), v * (1.0 - s * f), v * (1.0 - s * (1.0 - f)));
    match h as u32 {
        0 => [v, t, p],
        1 => [q, v, p],
        2 => [p, v, t],
        3 => [p, q, v],
        4 => [t, p, v],
        _ => [v, p, q],
    }
}

const HORIZON: f32 = 0.64;

fn sunset_sky(v: f32) -> Rgb {
    gradient(
        &[
            (0.0, [0.09, 0.06, 0.28]),
            (0.25, [0.42, 0.14, 0.45]),
            (0.45, [0.90, 0.38, 0.35]),
            (0.58, [1.00, 0.62, 0.30]),
            (HORIZON, [1.00, 0.84, 0.52]),
        ],
        v,
    )
}

fn sunset(u: f32, v: f32, px: f32) -> Rgb {
    let (sun_u, sun_v, sun_r) = (0.5, 0.50, 0.085);
    let sky_at = |v: f32| {
        let d = ((u - sun_u).powi(2) + (v - sun_v).powi(2)).sqrt();
        let glow = scale([1.0, 0.55, 0.25], 0.55 * (-d * 7.0).exp());
        let sky = add(sunset_sky(v), glow);
        mix(sky, [1.0, 0.95, 0.75], inside(d - sun_r, px))
    };
    if v < HORIZON {
        let mut c = sky_at(v);
        // Two mountain ridges, the far one hazier.
        let far = 0.53 + 0.035 * (u * 9.0 + 1.0).sin() + 0.02 * (u * 23.0 + 2.0).sin();
        c = mix(c, [0.50, 0.22, 0.40], inside(far - v, px) * 0.85);
        let near = 0.585 + 0.04 * (u * 5.5 + 0.4).sin() + 0.015 * (u * 19.0).sin();
        c = mix(c, [0.20, 0.08, 0.22], inside(near - v, px));
        c
    } else {
        // The sea mirrors the sky, darker with depth, with a shimmering path of sunlight.
        let depth = (v - HORIZON) / (1.0 - HORIZON);
        let mirrored = (2.0 * HORIZON - v).max(0.0);
        let base = scale(sky_at(mirrored), 0.75 - 0.35 * depth);
        let deep = mix(base, [0.05, 0.05, 0.20], depth * 0.6);
        let wave = (v * 260.0 + (u * 40.0).sin() * 2.0).sin();
        let path_width = 0.05 + 0.20 * depth;
        let on_path = 1.0 - smoothstep(path_width * 0.5, path_width, (u - 0.5).abs());
        let sparkle = smoothstep(0.55, 0.95, wave) * on_path;
        let ripple = smoothstep(0.7, 1.0, wave) * 0.08;
        add(mix(deep, [1.0, 0.85, 0.55], sparkle * 0.85), [ripple; 3])
    }
}

fn aurora(u: f32, v: f32, px: f32) -> Rgb {
    let mut c = gradient(
        &[
            (0.0, [0.01, 0.02, 0.08]),
            (0.55, [0.03, 0.10, 0.20]),
            (0.80, [0.08, 0.20, 0.30]),
        ],
        v,
    );
    // Stars on a 90×90 grid, a few per hundred cells, twinkling in size.
    let (gx, gy) = ((u * 90.0) as u32, (v * 90.0) as u32);
    let h = hash(gx, gy);
    if h % 100 < 5 && v < 0.7 {
        let (cx, cy) = (
            (gx as f32 + 0.2 + 0.6 * ((h >> 8) & 255) as f32 / 255.0) / 90.0,
            (gy as f32 + 0.2 + 0.6 * ((h >> 16) & 255) as f32 / 255.0) / 90.0,
        );
        let r = 0.0008 + 0.0009 * ((h >> 24) & 3) as f32;
        let d = ((u - cx).powi(2) + (v - cy).powi(2)).sqrt();
        let twinkle = (-d / (3.0 * r + px)).exp() * 0.35;
        c = add(
            mix(c, [0.95, 0.95, 1.0], inside(d - r, px) * 0.9),
            [twinkle; 3],
        );
    }
    // Two curtains of light: a bright lower edge with rays fading upward.
    for (base, amp, freq, phase, colour, top) in [
        (0.38, 0.07, 4.0, 0.0, [0.20, 1.00, 0.55], [0.55, 0.30, 0.95]),
        (0.26, 0.05, 6.5, 1.7, [0.30, 0.95, 0.80], [0.85, 0.35, 0.75]),
    ] {
        let edge = base + amp * (u * freq + phase).sin() + 0.02 * (u * 17.0 + phase).sin();
        let above = edge - v;
        let rays = 0.55 + 0.45 * (u * 90.0 + 3.0 * (u * 7.0 + phase).sin()).sin();
        let glow = if above > 0.0 {
            (-above / 0.16).exp() * rays
        } else {
            (above / 0.012).exp()
        };
        let tint = mix(colour, top, (above / 0.25).clamp(0.0, 1.0));
        c = add(c, scale(tint, glow * 0.75));
    }
    // Snowy hills and a row of pines.
    let hill = 0.80 + 0.03 * (u * 6.0 + 0.5).sin() + 0.015 * (u * 15.0).sin();
    let snow = mix([0.55, 0.65, 0.80], [0.80, 0.88, 0.95], (v - hill) * 4.0);
    c = mix(c, snow, inside(hill - v, px));
    // Pines stand on the hills, all below v = 0.5.
    for i in (0..9u32).filter(|_| v > 0.5) {
        let h = hash(i, 7);
        let x = (i as f32 + 0.2 + 0.6 * (h & 255) as f32 / 255.0) / 9.0;
        let height = 0.14 + 0.10 * ((h >> 8) & 255) as f32 / 255.0;
        let ground = 0.80 + 0.03 * (x * 6.0 + 0.5).sin() + 0.015 * (x * 15.0).sin() + 0.02;
        let top = ground - height;
        let t = (v - top) / height; // 0 at the tip, 1 at the ground
        if (0.0..=1.05).contains(&t) {
            // Three tiers of branches.
            let tier = (t * 3.0).fract();
            let half = height * (0.10 + 0.20 * t) * (0.55 + 0.45 * tier);
            let trunk = if t > 0.95 { height * 0.03 } else { 0.0 };
            let d = (u - x).abs() - half.max(trunk);
            c = mix(
                c,
                [0.01, 0.05, 0.05],
                inside(d, px) * inside(v - ground, px),
            );
        }
    }
    c
}

fn mandala(u: f32, v: f32, px: f32) -> Rgb {
    let (x, y) = (u * 2.0 - 1.0, v * 2.0 - 1.0);
    let r = (x * x + y * y).sqrt();
    let theta = y.atan2(x);
    let background = mix([0.04, 0.05, 0.16], [0.10, 0.04, 0.20], r * 0.7);
    let wavy = r * 7.0 + 0.35 * (8.0 * theta).cos();
    let ring = wavy.floor();
    if r > 0.97 || ring >= 7.0 {
        // Corner stars in the background.
        let corner = ((x.abs() - 1.0).powi(2) + (y.abs() - 1.0).powi(2)).sqrt();
        let petal = 0.22 + 0.06 * (12.0 * (y.abs() - 1.0).atan2(x.abs() - 1.0)).cos();
        return mix(
            background,
            hsv(0.12 + 0.1 * (x * y).signum(), 0.6, 0.9),
            inside(corner - petal, 2.0 * px),
        );
    }
    let frac = wavy - ring;
    let sector = ((theta + std::f32::consts::PI) / (std::f32::consts::TAU / 16.0)).floor() as i32;
    // Hue turns once around the circle, so no two petals look alike.
    let hue = 0.55 + ring * 0.137 + theta / std::f32::consts::TAU;
    let lighter = if (sector + ring as i32) % 2 == 0 {
        0.0
    } else {
        0.12
    };
    let mut c = hsv(hue, 0.70 - lighter, 0.80 + lighter);
    // Dark outlines between rings, and dots on every ring.
    let line = smoothstep(0.0, 0.06 + 7.0 * px, frac.min(1.0 - frac));
    c = scale(c, 0.25 + 0.75 * line);
    let dot_angle = ((theta * 8.0 / std::f32::consts::TAU).fract() - 0.5).abs();
    let dot = (dot_angle * std::f32::consts::TAU / 8.0 * r * 7.0).hypot(frac - 0.5);
    c = mix(c, [1.0, 0.97, 0.85], inside(dot - 0.12, 10.0 * px));
    // A bright centre.
    mix(c, [1.0, 0.85, 0.35], inside(r - 0.06, 2.0 * px))
}

fn bauhaus(u: f32, v: f32, px: f32) -> Rgb {
    const PALETTE: [Rgb; 6] = [
        [0.89, 0.20, 0.16], // red
        [0.98, 0.76, 0.13], // yellow
        [0.12, 0.32, 0.63], // blue
        [0.95, 0.93, 0.87], // paper
        [0.10, 0.10, 0.12], // ink
        [0.20, 0.58, 0.45], // green
    ];
    let cells = 5.0;
    let (gx, gy) = ((u * cells) as u32, (v * cells) as u32);
    let (fx, fy) = ((u * cells).fract(), (v * cells).fract());
    let h = hash(gx + 11, gy + 3);
    let back = PALETTE[(h % 6) as usize];
    let mut fore = PALETTE[((h >> 4) % 6) as usize];
    if fore == back {
        fore = PALETTE[((h % 6 + 3) % 6) as usize];
    }
    let cpx = px * cells;
    let shape = match (h >> 8) % 5 {
        // Circle.
        0 => inside(((fx - 0.5).powi(2) + (fy - 0.5).powi(2)).sqrt() - 0.34, cpx),
        // Quarter circle from a corner.
        1 => {
            let (cx, cy) = (((h >> 12) & 1) as f32, ((h >> 13) & 1) as f32);
            inside(((fx - cx).powi(2) + (fy - cy).powi(2)).sqrt() - 0.9, cpx)
        }
        // Triangle over the diagonal.
        2 => {
            let d = if (h >> 12) & 1 == 0 {
                fx + fy - 1.0
            } else {
                fx - fy
            };
            inside(d, cpx)
        }
        // Half disc on an edge.
        3 => inside(((fx - 0.5).powi(2) + fy.powi(2)).sqrt() - 0.5, cpx),
        // Stripes.
        _ => inside(
            (fx * 4.0).fract().min(1.0 - (fx * 4.0).fract()) - 0.25,
            cpx * 4.0,
        ),
    };
    let mut c = mix(back, fore, shape);
    // A thin ink grid.
    let grid = fx.min(1.0 - fx).min(fy.min(1.0 - fy));
    c = mix(c, PALETTE[4], inside(grid - 0.012, cpx));
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_renders_at_any_edge() {
        for b in BUILTINS {
            for edge in [16, 97, 256] {
                let p = render(b.id, edge).unwrap();
                assert_eq!(p.edge, edge);
                assert_eq!(p.rgba.len(), (edge * edge * 4) as usize);
                assert!(p.rgba.chunks(4).all(|px| px[3] == 255));
            }
        }
        assert_eq!(
            render("nope", 100),
            Err(PictureError::NoSuchBuiltin("nope".into()))
        );
        assert!(render("sunset", 8).is_err());
    }

    #[test]
    fn every_builtin_has_distinct_tiles() {
        // A puzzle picture needs variety: on a 4×4 cut, no two tiles have the same mean colour.
        for b in BUILTINS {
            let p = render(b.id, 128).unwrap();
            let means: Vec<[u32; 3]> = (0..16)
                .map(|cell| {
                    let t = p.tile_rgba(4, cell);
                    let mut sum = [0u32; 3];
                    for px in t.chunks(4) {
                        for k in 0..3 {
                            sum[k] += px[k] as u32;
                        }
                    }
                    sum.map(|s| s / (t.len() as u32 / 4))
                })
                .collect();
            let distinct: std::collections::HashSet<_> = means.iter().collect();
            assert!(distinct.len() >= 12, "{}: {:?}", b.id, means);
        }
    }
}
