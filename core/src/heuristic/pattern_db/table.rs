//! A table's bytes: its own, or borrowed from bytes a caller holds whole (a file mapped into
//! memory, see `mapped.rs`), so that loading a database copies nothing.
use std::ops::{Deref, Range};
use std::sync::Arc;

/// Bytes held whole that tables may borrow for as long as they live: a mapped file, or a
/// buffer.
///
/// # Safety
/// `bytes` must give the same bytes, at the same place in memory, every time it is called for
/// as long as the implementor lives: a database's tables keep the slice's address and read it
/// without asking again.
pub unsafe trait SharedBytes: Send + Sync + 'static {
    /// The bytes.
    fn bytes(&self) -> &[u8];
}

// SAFETY: a `Vec` held behind an `Arc` is never changed, so its buffer stays where it is.
unsafe impl SharedBytes for Vec<u8> {
    fn bytes(&self) -> &[u8] {
        self
    }
}

/// One group's table: its bytes, read through a slice taken once when the table is made (a
/// lookup is the search's inner loop: going through the holder each time, a virtual call and a
/// range check, cost the generic IDA* 8 % on Korf's 40).
pub(super) struct Table {
    /// The first byte and the count, inside `holder`'s bytes.
    ptr: *const u8,
    len: usize,
    holder: Holder,
}

/// What keeps a table's bytes alive (and in place).
enum Holder {
    /// Its own buffer (its heap block does not move with the `Vec`).
    Owned(Vec<u8>),
    /// A range of bytes held whole (see [`SharedBytes`]).
    Shared(Arc<dyn SharedBytes>),
}

// SAFETY: the bytes `ptr` points into are owned by `holder` (a `Vec` or `Send + Sync` shared
// bytes) and never written after the table is made.
unsafe impl Send for Table {}
// SAFETY: as above: shared reads only.
unsafe impl Sync for Table {}

impl Table {
    /// `range` of `bytes`, borrowed; none when the range lies outside them.
    pub(super) fn shared(bytes: Arc<dyn SharedBytes>, range: Range<usize>) -> Option<Table> {
        let slice = bytes.bytes().get(range)?;
        let (ptr, len) = (slice.as_ptr(), slice.len());
        Some(Table {
            ptr,
            len,
            holder: Holder::Shared(bytes),
        })
    }
}

impl Deref for Table {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        // SAFETY: `ptr` and `len` were taken from bytes `holder` keeps alive and in place
        // (a `Vec`'s heap block, or shared bytes under `SharedBytes`' contract), never written.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl From<Vec<u8>> for Table {
    fn from(v: Vec<u8>) -> Table {
        Table {
            ptr: v.as_ptr(),
            len: v.len(),
            holder: Holder::Owned(v),
        }
    }
}

impl Clone for Table {
    fn clone(&self) -> Table {
        match &self.holder {
            Holder::Owned(v) => Table::from(v.clone()),
            Holder::Shared(bytes) => Table {
                ptr: self.ptr,
                len: self.len,
                holder: Holder::Shared(bytes.clone()),
            },
        }
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
        let kind = match self.holder {
            Holder::Owned(_) => "owned",
            Holder::Shared(_) => "shared",
        };
        write!(f, "Table({} bytes, {kind})", self.len())
    }
}
