//! A table's bytes: its own, or borrowed from bytes a caller holds whole (a file mapped into
//! memory, see `mapped.rs`), so that loading a database copies nothing.
use std::ops::Deref;
use std::sync::Arc;

/// Bytes held whole that tables may borrow for as long as they live: a mapped file, or a
/// buffer. Implementors give the same bytes every time.
pub trait SharedBytes: Send + Sync + 'static {
    /// The bytes.
    fn bytes(&self) -> &[u8];
}

impl SharedBytes for Vec<u8> {
    fn bytes(&self) -> &[u8] {
        self
    }
}

/// One group's table.
#[derive(Clone)]
pub(super) enum Table {
    Owned(Vec<u8>),
    /// `len` bytes of `bytes` from `start`.
    Shared {
        bytes: Arc<dyn SharedBytes>,
        start: usize,
        len: usize,
    },
}

impl Deref for Table {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Table::Owned(v) => v,
            Table::Shared { bytes, start, len } => &bytes.bytes()[*start..*start + *len],
        }
    }
}

impl From<Vec<u8>> for Table {
    fn from(v: Vec<u8>) -> Table {
        Table::Owned(v)
    }
}

impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        **self == **other
    }
}

impl Eq for Table {}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self {
            Table::Owned(_) => "owned",
            Table::Shared { .. } => "shared",
        };
        write!(f, "Table({} bytes, {kind})", self.len())
    }
}
