//! The picture pipeline on a phone-camera-sized photo: decoding alone (the baseline) against
//! the whole pipeline (decode, orient, crop, Lanczos resize to 1080), and the built-in pictures.
use criterion::{criterion_group, criterion_main, Criterion};
use image::{codecs::jpeg::JpegEncoder, DynamicImage, RgbaImage};
use slidepuzzle_core::picture::{self, builtin, PictureLimits};

/// A 4000×3000 JPEG (12 Mpx, like a phone photo), drawn from a built-in picture.
fn photo() -> Vec<u8> {
    let p = builtin::render("aurora", 4000).expect("render");
    let full = RgbaImage::from_raw(4000, 4000, p.rgba).expect("buffer");
    let cropped = DynamicImage::ImageRgba8(full)
        .crop_imm(0, 500, 4000, 3000)
        .into_rgb8();
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 90)
        .encode_image(&cropped)
        .expect("encode");
    out
}

fn pictures(c: &mut Criterion) {
    let bytes = photo();
    let limits = PictureLimits::default();
    let mut g = c.benchmark_group("picture");
    g.sample_size(10);
    g.bench_function("decode 12 Mpx JPEG", |b| {
        b.iter(|| picture::decode(&bytes, &limits).expect("decode"))
    });
    g.bench_function("load 12 Mpx JPEG to 1080", |b| {
        b.iter(|| picture::load(&bytes, 1080, &limits).expect("load"))
    });
    for id in ["sunset", "aurora", "mandala", "bauhaus"] {
        g.bench_function(format!("builtin {id} 1080"), |b| {
            b.iter(|| builtin::render(id, 1080).expect("render"))
        });
    }
    g.finish();
}

criterion_group!(benches, pictures);
criterion_main!(benches);
