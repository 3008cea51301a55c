//! Any bytes: the picture pipeline gives a square picture or a typed error, never a panic and
//! never an allocation past its budget (libFuzzer's -rss_limit_mb catches that).
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle_core::picture::{self, PictureLimits};

fuzz_target!(|data: &[u8]| {
    let limits = PictureLimits {
        max_pixels: 4_000_000,
        max_bytes: 64 << 20,
        ..PictureLimits::default()
    };
    if let Ok(p) = picture::load(data, 32, &limits) {
        assert_eq!(p.rgba.len(), 32 * 32 * 4);
    }
});
