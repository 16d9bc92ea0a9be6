//! The cache file: a 32-byte header, then the data exactly as in memory.
//!
//! Header (little-endian): magic `DAMASEGT`, format version (u32), most
//! pieces (u32), data length (u64), FNV-1a checksum of the data (u64). A
//! file whose header or checksum does not match is refused, never trusted.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: [u8; 8] = *b"DAMASEGT";
/// Changes whenever the layout, the value encoding or the rules change.
const FORMAT_VERSION: u32 = 1;
/// Bytes before the data.
pub(super) const HEADER_LEN: usize = 32;

fn invalid(path: &Path, why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("{} is not a valid table file: {why}", path.display()))
}

/// Reads the data of a table file made for `max_pieces` with `expected_len`
/// bytes of data; `InvalidData` if anything does not match.
pub(super) fn read(path: &Path, max_pieces: u32, expected_len: usize) -> io::Result<Vec<u8>> {
    let mut file = File::open(path)?;
    let mut header = [0u8; HEADER_LEN];
    file.read_exact(&mut header).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => invalid(path, "too short for its header"),
        _ => e,
    })?;
    let u32_at = |at: usize| u32::from_le_bytes(header[at..at + 4].try_into().expect("4 bytes"));
    let u64_at = |at: usize| u64::from_le_bytes(header[at..at + 8].try_into().expect("8 bytes"));
    if header[..8] != MAGIC {
        return Err(invalid(path, "wrong magic"));
    }
    if u32_at(8) != FORMAT_VERSION {
        return Err(invalid(path, "another format version"));
    }
    if u32_at(12) != max_pieces {
        return Err(invalid(path, "made for another number of pieces"));
    }
    if u64_at(16) != expected_len as u64 {
        return Err(invalid(path, "wrong data length"));
    }
    if file.metadata()?.len() != (HEADER_LEN + expected_len) as u64 {
        return Err(invalid(path, "truncated or too long"));
    }
    let mut data = vec![0u8; expected_len];
    file.read_exact(&mut data).map_err(|_| invalid(path, "truncated"))?;
    if checksum(&data) != u64_at(24) {
        return Err(invalid(path, "checksum mismatch"));
    }
    Ok(data)
}

/// Writes the data to a temporary file beside `path`, flushes it to disk
/// and renames it over `path`, so a reader sees the old file or the whole
/// new one, never a part.
pub(super) fn write_atomically(path: &Path, max_pieces: u32, data: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, format!("{} names no file", path.display())))?;
    let temp = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let result = (|| {
        let mut file = File::create(&temp)?;
        let mut header = Vec::with_capacity(HEADER_LEN);
        header.extend_from_slice(&MAGIC);
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(&max_pieces.to_le_bytes());
        header.extend_from_slice(&(data.len() as u64).to_le_bytes());
        header.extend_from_slice(&checksum(data).to_le_bytes());
        file.write_all(&header)?;
        file.write_all(data)?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        // Make the rename itself durable (best effort: not every system
        // can open a directory).
        if let Ok(dir) = File::open(&dir) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// 64-bit FNV-1a over the data, eight bytes at a time.
fn checksum(data: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut words = data.chunks_exact(8);
    for word in &mut words {
        hash = (hash ^ u64::from_le_bytes(word.try_into().expect("8 bytes"))).wrapping_mul(PRIME);
    }
    for &byte in words.remainder() {
        hash = (hash ^ byte as u64).wrapping_mul(PRIME);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::checksum;

    #[test]
    fn the_checksum_sees_any_single_changed_byte() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let sum = checksum(&data);
        for at in [0, 7, 8, 500, 995, 999] {
            let mut changed = data.clone();
            changed[at] ^= 1;
            assert_ne!(checksum(&changed), sum, "byte {at}");
        }
    }
}
