import Glibc
import TabModuleBundle
import TabModuleBundleArchive
import _CArchive

/// Writes tar archives entry by entry with libarchive, any entry a hostile bundle could hold: links,
/// devices, FIFOs, setuid bits, absolute and `..` paths, in any order.
enum RawArchive {
    /// One entry.
    struct Entry {
        var path: String
        var bytes: [UInt8] = []
        var type = UInt32(Glibc.S_IFREG)
        var mode: UInt32 = 0o644
        var symlink: String?
        var hardlink: String?
    }

    /// How the tar is compressed (`none` is a plain tar, which bundles may not be).
    enum Filter { case gzip, zstd, none }

    /// Writes `entries` to `path`.
    static func write(_ entries: [Entry], to path: String, filter: Filter = .gzip) throws {
        guard let archive = archive_write_new() else { throw RawArchiveError("archive_write_new") }
        defer { archive_write_free(archive) }
        archive_write_set_format_pax_restricted(archive)
        switch filter {
        case .gzip: archive_write_add_filter_gzip(archive)
        case .zstd: archive_write_add_filter_zstd(archive)
        case .none: break
        }
        guard archive_write_open_filename(archive, path) == ARCHIVE_OK else { throw RawArchiveError("open \(path)") }
        for item in entries {
            let entry = archive_entry_new()
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, item.path)
            archive_entry_set_filetype(entry, item.type)
            archive_entry_set_perm(entry, item.mode)
            if let target = item.symlink { archive_entry_set_symlink(entry, target) }
            if let target = item.hardlink { archive_entry_set_hardlink(entry, target) }
            if item.type == UInt32(Glibc.S_IFCHR) { archive_entry_set_rdev(entry, dev_t(0x103)) }
            archive_entry_set_size(entry, Int64(item.bytes.count))
            guard archive_write_header(archive, entry) == ARCHIVE_OK else {
                throw RawArchiveError("header \(item.path): \(String(cString: archive_error_string(archive)))")
            }
            if !item.bytes.isEmpty { _ = item.bytes.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) } }
        }
        guard archive_write_close(archive) == ARCHIVE_OK else { throw RawArchiveError("close \(path)") }
    }
}

/// A raw archive could not be written.
struct RawArchiveError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
