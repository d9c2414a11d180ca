import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Small whole-file reads and exclusive writes for keys, signatures and manifests: close-on-exec, no
/// following a final symbolic link, bounded in size, errors as `BundleError` lines.
package enum BundleFile {
    /// The bytes of the regular file at `path`, refused past `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(BundleError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw failure("cannot open", path: path, code: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot stat", path: path, code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw BundleError(.io, path: path, reason: "not a regular file", hint: "give the path of a file")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot read", path: path, code: errno) }
            if count == 0 { break }
            bytes += buffer.prefix(count)
            guard bytes.count <= limit else {
                throw BundleError(.io, path: path, reason: "larger than \(limit) bytes", hint: "check that this is the file you meant")
            }
        }
        return bytes
    }

    /// Writes `bytes` to a new file at `path` with exactly `mode`; refuses an existing file (or link).
    package static func create(_ path: String, bytes: [UInt8], mode: mode_t) throws(BundleError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else {
            if errno == EEXIST {
                throw BundleError(.io, path: path, reason: "already exists", hint: "remove it first, or choose another path with --output")
            }
            throw failure("cannot create", path: path, code: errno)
        }
        defer { close(fd) }
        // The umask may have taken bits away: set exactly `mode`.
        _ = fchmod(fd, mode)
        try writeAll(fd, bytes, path: path)
        guard fsync(fd) == 0 else { throw failure("cannot write", path: path, code: errno) }
    }

    /// Writes all of `bytes` to `fd`, retrying short writes.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(BundleError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw failure("cannot write", path: path, code: count < 0 ? errno : EIO) }
            written += count
        }
    }

    /// `"STEP: strerror"` as a `BundleError` about `path`.
    package static func failure(_ step: String, path: String, code: Int32) -> BundleError {
        BundleError(
            .io, path: path, reason: "\(step): \(Errno(rawValue: code).description)",
            hint: hint(for: code, otherwise: "check the path and its permissions"))
    }

    /// What to do about a write refused with `code` where a modules directory or its files are made: a
    /// read-only file system or a full disk are said as such, anything else is `otherwise`.
    package static func hint(for code: Int32, otherwise: String) -> String {
        switch code {
        case EROFS: "its file system is read-only; install into a writable place (set XDG_DATA_HOME, or pass --modules)"
        case ENOSPC, EDQUOT: "the disk is full; free some space and try again"
        default: otherwise
        }
    }
}
