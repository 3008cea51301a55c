//! Why a picture could not be made: one case per kind, each said in a person's words.
use thiserror::Error;

/// Why a picture could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PictureError {
    /// No bytes at all.
    #[error("the image is empty (0 bytes)")]
    Empty,
    /// The bytes are not a picture in any format the core knows.
    #[error("not a supported image: use JPEG, PNG, WebP or GIF")]
    UnknownFormat,
    /// A picture in a format the core knows but does not decode (HEIF, AVIF, TIFF, BMP, …): the
    /// platform's decoder may read it and hand its pixels to [`from_pixels`](super::from_pixels).
    #[error("not a supported image ({format}): use JPEG, PNG, WebP or GIF")]
    FormatNotRead {
        /// The format's name ("HEIF").
        format: String,
    },
    /// A JPEG, PNG, WebP or GIF that uses a feature of its format this decoder does not read.
    #[error("the {format} file uses a feature this app cannot read")]
    FeatureNotRead {
        /// The format's name ("PNG").
        format: &'static str,
    },
    /// The file's data is damaged (it is long enough, but does not decode).
    #[error("the {format} file is damaged{}", if *checksum { ": a checksum in it does not match" } else { "" })]
    Damaged {
        /// The format's name ("PNG").
        format: &'static str,
        /// Whether a checksum in it failed.
        checksum: bool,
    },
    /// The file ends before the image does.
    #[error("the image file is truncated")]
    Truncated,
    /// The picture could not be made from pixels that were read (encoding or resizing failed);
    /// the text says which, in a person's words.
    #[error("{0}")]
    Corrupt(String),
    /// The file is longer than any picture the budget takes.
    #[error(
        "the file is {} MiB, more than the {} MiB a picture may be",
        bytes.div_ceil(1 << 20),
        max_bytes >> 20
    )]
    FileTooLarge {
        /// The file's length.
        bytes: u64,
        /// The budget.
        max_bytes: u64,
    },
    /// More pixels than the budget allows.
    #[error("the image is {width}×{height} pixels, more than the {max_pixels} allowed")]
    TooManyPixels {
        /// Width from the header.
        width: u32,
        /// Height from the header.
        height: u32,
        /// The budget.
        max_pixels: u64,
    },
    /// Decoding would need more memory than the budget allows.
    #[error(
        "the image needs more than {} MiB of memory to prepare (it is too large or too deep)",
        max_bytes >> 20
    )]
    OverMemory {
        /// The budget.
        max_bytes: u64,
    },
    /// The header gives a zero width or height.
    #[error("the image has no pixels ({width}×{height})")]
    NoPixels {
        /// Width from the header.
        width: u32,
        /// Height from the header.
        height: u32,
    },
    /// The requested output edge is out of range.
    #[error("edge {edge} is out of range: {min} to {max} pixels")]
    EdgeOutOfRange {
        /// The requested edge.
        edge: u32,
        /// Smallest edge.
        min: u32,
        /// Largest edge.
        max: u32,
    },
    /// No built-in picture has that name.
    #[error("there is no built-in picture '{0}'")]
    NoSuchBuiltin(String),
    /// The chosen square cannot be cut from the picture; the text says why.
    #[error("the chosen square cannot be used: {0}")]
    BadCrop(String),
    /// Pixels handed over by a platform that do not make the picture they claim.
    #[error("the picture's pixels do not fit its size: {0}")]
    BadPixels(String),
}
