//! A PNG whose colour profile is a zlib bomb (3 MB that inflate to 600 MB), and one
//! with a 100 MB text chunk: both open within a small budget, the profile left unread and said.
use slidepuzzle_core::picture::MAX_PROFILE_BYTES;
use slidepuzzle_core::picture::{colour, decode_with_colour, upright_size, Colour, PictureLimits};

fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
    let mut c = (data.len() as u32).to_be_bytes().to_vec();
    c.extend_from_slice(kind);
    c.extend_from_slice(data);
    let mut crc = crc32(kind);
    crc = crc32_more(crc, data);
    c.extend_from_slice(&(!crc).to_be_bytes());
    c
}

fn crc32(bytes: &[u8]) -> u32 {
    crc32_more(0xFFFF_FFFF, bytes)
}

fn crc32_more(mut crc: u32, bytes: &[u8]) -> u32 {
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    crc
}

/// A 16×16 RGB PNG with `extra` chunks before its image data.
fn png(extra: &[u8]) -> Vec<u8> {
    let photo = image::RgbImage::from_fn(16, 16, |x, y| {
        image::Rgb([(x * 16) as u8, (y * 16) as u8, 128])
    });
    let mut plain = Vec::new();
    photo
        .write_to(
            &mut std::io::Cursor::new(&mut plain),
            image::ImageFormat::Png,
        )
        .unwrap();
    let ihdr_end = 8 + 25;
    [&plain[..ihdr_end], extra, &plain[ihdr_end..]].concat()
}

/// zlib data that inflates to `mb` megabytes of zeros, made a megabyte at a time.
fn zeros(mb: usize) -> Vec<u8> {
    let mut z = fdeflate::Compressor::new(Vec::new()).unwrap();
    let block = vec![0u8; 1 << 20];
    for _ in 0..mb {
        z.write_data(&block).unwrap();
    }
    z.finish().unwrap()
}

#[test]
fn a_zlib_bomb_profile_is_left_unread_within_the_budget() {
    let bomb = [b"bomb\0\0".as_slice(), &zeros(600)].concat();
    let file = png(&chunk(b"iCCP", &bomb));
    assert!(file.len() < 4 << 20, "{} bytes", file.len());
    // 64 MiB: far less than the profile, enough for the photo.
    let limits = PictureLimits {
        max_bytes: 64 << 20,
        ..PictureLimits::default()
    };
    let (image, said) = decode_with_colour(&file, &limits).unwrap();
    assert_eq!(image.width(), 16);
    assert_eq!(
        said,
        Colour::ProfileTooLarge {
            max_bytes: MAX_PROFILE_BYTES
        }
    );
    assert_eq!(
        said.to_string(),
        "a colour profile over 4 MiB, left unread: sRGB assumed"
    );
    assert_eq!(colour(&file, &limits).unwrap(), said);
    assert_eq!(upright_size(&file, &limits).unwrap(), (16, 16));
}

#[test]
fn a_profile_counts_against_the_budget() {
    // A 3 MiB "profile" (under the cap, not a real one) and a budget the photo alone fits.
    let data = [b"big\0\0".as_slice(), &zeros(3)].concat();
    let file = png(&chunk(b"iCCP", &data));
    let fits = PictureLimits {
        max_bytes: 2 << 20,
        ..PictureLimits::default()
    };
    assert!(decode_with_colour(&png(&[]), &fits).is_ok());
    assert!(matches!(
        decode_with_colour(&file, &fits),
        Err(slidepuzzle_core::PictureError::OverMemory { .. })
    ));
}

#[test]
fn a_huge_text_chunk_is_never_copied_and_the_photo_opens() {
    let mut text = b"Comment\0".to_vec();
    text.resize(20 << 20, b'x');
    let file = png(&chunk(b"tEXt", &text));
    let limits = PictureLimits {
        max_bytes: 8 << 20,
        ..PictureLimits::default()
    };
    assert_eq!(upright_size(&file, &limits).unwrap(), (16, 16));
    let (image, _) = decode_with_colour(&file, &limits).unwrap();
    assert_eq!(image.to_rgb8().get_pixel(3, 5).0, [48, 80, 128]);
}

/// A 16×16 JPEG with `segments` APP2 profile segments of `each` bytes right after its start.
fn jpeg_with_profile(segments: u8, each: usize) -> Vec<u8> {
    let photo = image::RgbImage::from_fn(16, 16, |x, y| {
        image::Rgb([(x * 16) as u8, (y * 16) as u8, 128])
    });
    let mut plain = Vec::new();
    photo
        .write_to(
            &mut std::io::Cursor::new(&mut plain),
            image::ImageFormat::Jpeg,
        )
        .unwrap();
    let mut file = plain[..2].to_vec();
    for k in 1..=segments {
        let len = (2 + 12 + 2 + each) as u16;
        file.extend_from_slice(&[0xFF, 0xE2]);
        file.extend_from_slice(&len.to_be_bytes());
        file.extend_from_slice(b"ICC_PROFILE\0");
        file.extend_from_slice(&[k, segments]);
        file.extend(std::iter::repeat_n(0u8, each));
    }
    file.extend_from_slice(&plain[2..]);
    file
}

#[test]
fn a_jpeg_profile_past_the_cap_is_left_out_before_the_decoder_reads_it() {
    // 70 segments of 64,000 bytes: 4.48 MB of profile, past the 4 MiB cap.
    let file = jpeg_with_profile(70, 64_000);
    let limits = PictureLimits {
        max_bytes: 8 << 20,
        ..PictureLimits::default()
    };
    let (image, said) = decode_with_colour(&file, &limits).unwrap();
    assert_eq!((image.width(), image.height()), (16, 16));
    assert_eq!(
        said,
        Colour::ProfileTooLarge {
            max_bytes: MAX_PROFILE_BYTES
        }
    );
    assert_eq!(colour(&file, &limits).unwrap(), said);
    assert_eq!(upright_size(&file, &limits).unwrap(), (16, 16));
    // Within the cap, the segments reach the decoder (zeros are no profile: unreadable).
    let small = jpeg_with_profile(2, 1_000);
    assert_ne!(
        colour(&small, &limits).unwrap(),
        Colour::ProfileTooLarge {
            max_bytes: MAX_PROFILE_BYTES
        }
    );
}
