import SystemPackage
import TabModuleBundle
import _CArchive

#if canImport(Glibc)
import Glibc
#endif

/// Writes a `.tabmod`: a tar (POSIX pax, plain files only, mode 0644, owner 0, time 0) compressed with gzip
/// or zstd, holding `manifest.json` first, then `manifest.minisig` when signed, then the files in the
/// manifest's order: the layout `BundleArchiveReader` requires.
public enum BundleArchiveWriter {
    /// One member: its path in the bundle and its bytes.
    public typealias Member = (path: String, bytes: [UInt8])

    /// Writes the members, in order, to a new file at `path` (an existing file is refused).
    public static func write(_ members: [Member], to path: String, compression: BundleCompression = .gzip) throws(BundleError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST {
                throw BundleError(.io, path: path, reason: "already exists", hint: "remove it first, or choose another path with --output")
            }
            throw BundleFile.failure("cannot create", path: path, code: errno)
        }
        defer { close(fd) }
        do throws(BundleError) {
            try write(members, fd: fd, path: path, compression: compression)
            guard fsync(fd) == 0 else { throw BundleFile.failure("cannot write", path: path, code: errno) }
        } catch {
            unlink(path)
            throw error
        }
    }

    private static func write(_ members: [Member], fd: Int32, path: String, compression: BundleCompression) throws(BundleError) {
        guard let archive = archive_write_new() else {
            throw BundleError(.io, path: path, reason: "libarchive could not allocate a writer", hint: "try again")
        }
        defer { archive_write_free(archive) }
        func check(_ status: Int32) throws(BundleError) {
            guard status == ARCHIVE_OK else {
                let detail = archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
                throw BundleError(.io, path: path, reason: "cannot write the archive: \(detail)", hint: "check the disk and try again")
            }
        }
        try check(archive_write_set_format_pax_restricted(archive))
        switch compression {
        case .gzip: try check(archive_write_add_filter_gzip(archive))
        case .zstd: try check(archive_write_add_filter_zstd(archive))
        }
        try check(archive_write_open_fd(archive, fd))
        for member in members {
            guard let entry = archive_entry_new() else {
                throw BundleError(.io, path: path, reason: "libarchive could not allocate an entry", hint: "try again")
            }
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, member.path)
            archive_entry_set_filetype(entry, UInt32(Glibc.S_IFREG))
            archive_entry_set_perm(entry, 0o644)
            archive_entry_set_size(entry, Int64(member.bytes.count))
            archive_entry_set_mtime(entry, 0, 0)
            try check(archive_write_header(archive, entry))
            let written = member.bytes.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
            guard written == member.bytes.count else {
                let detail = archive_error_string(archive).map { String(cString: $0) } ?? "short write"
                throw BundleError(.io, path: path, reason: "cannot write \(member.path): \(detail)", hint: "check the disk and try again")
            }
        }
        try check(archive_write_close(archive))
    }
}
