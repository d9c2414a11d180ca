#if canImport(Glibc)
import Glibc
#endif

/// The name of a `readdir(3)` entry, read where it lies.
///
/// `d_name` is declared as 256 bytes, but the kernel and glibc pack entries by the length of their names, so
/// an entry at the end of glibc's buffer may end a few bytes after its name. Copying the field whole (as
/// `withUnsafeBytes(of: entry.pointee.d_name)` does) reads past the buffer: AddressSanitizer reported it
/// for a directory of 4,096 entries.
package enum DirectoryEntry {
    /// The entry's name, its bytes up to the terminating NUL.
    package static func nameBytes(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let start = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let count = strlen(start.assumingMemoryBound(to: CChar.self))
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The entry's name, decoded as UTF-8 (an invalid byte becomes U+FFFD).
    package static func name(_ entry: UnsafeMutablePointer<dirent>) -> String {
        String(decoding: nameBytes(entry), as: UTF8.self)
    }
}
