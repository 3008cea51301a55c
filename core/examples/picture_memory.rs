//! Peak memory of the picture pipeline's two entry points for a 48 MP photo, each in a fresh
//! process (peak RSS is per process):
//!
//! ```sh
//! cargo run --release -p slidepuzzle-core --example picture_memory -- make /tmp/48mp.jpg
//! cargo run --release -p slidepuzzle-core --example picture_memory -- bytes /tmp/48mp.jpg
//! cargo run --release -p slidepuzzle-core --example picture_memory -- pixels 8000
//! cargo run --release -p slidepuzzle-core --example picture_memory -- pixels 1366
//! ```
//!
//! `bytes` decodes the JPEG file and cuts a square (as `load_cropped`); `pixels N` hands over
//! an upright RGBA frame N pixels wide at the photo's 4:3 shape (as the iOS app does after
//! ImageIO decoded a HEIC photo no larger than needed; 8000 is the whole 48 MP frame). Each
//! prints the process's peak resident memory (VmHWM) after the call.
use slidepuzzle_core::picture::{from_pixels, load_cropped, Crop, PictureLimits};

fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::NAN);
    kb / 1024.0
}

/// A photo-like frame: smooth gradients with some texture, so JPEG has work to do.
fn frame(width: u32, height: u32) -> Vec<u8> {
    let mut rgba = Vec::with_capacity((width * height * 4) as usize);
    for y in 0..height {
        for x in 0..width {
            let t = ((x ^ y) & 15) as u8;
            rgba.extend_from_slice(&[
                (x * 255 / width) as u8 ^ t,
                (y * 255 / height) as u8,
                ((x + y) % 256) as u8,
                255,
            ]);
        }
    }
    rgba
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let crop = Some(Crop {
        x: 0.1,
        y: 0.05,
        side: 0.8,
    });
    let limits = PictureLimits::default();
    match args.first().map(String::as_str) {
        Some("make") => {
            let (w, h) = (8000, 6000);
            let rgb: Vec<u8> = frame(w, h)
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            let mut out = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
                .encode(&rgb, w, h, image::ExtendedColorType::Rgb8)
                .expect("encode");
            std::fs::write(&args[1], &out).expect("write");
            println!("wrote {} ({} MB)", args[1], out.len() >> 20);
        }
        Some("bytes") => {
            let bytes = std::fs::read(&args[1]).expect("read");
            let before = peak_mb();
            let p = load_cropped(&bytes, 1024, crop, &limits).expect("load");
            println!(
                "bytes: {}×{} picture; file {:.1} MB; peak before {before:.0} MB, after {:.0} MB",
                p.edge,
                p.edge,
                bytes.len() as f64 / 1e6,
                peak_mb()
            );
        }
        Some("pixels") => {
            let w: u32 = args[1].parse().expect("a width");
            let h = w * 3 / 4;
            let rgba = frame(w, h);
            let before = peak_mb();
            let p = from_pixels(w, h, &rgba, w * 4, crop, 1024, &limits).expect("pixels");
            println!(
                "pixels {w}×{h}: {}×{} picture; frame {:.0} MB; peak before {before:.0} MB, after {:.0} MB",
                p.edge,
                p.edge,
                rgba.len() as f64 / 1e6,
                peak_mb()
            );
        }
        _ => eprintln!("usage: picture_memory make FILE | bytes FILE | pixels WIDTH"),
    }
}
