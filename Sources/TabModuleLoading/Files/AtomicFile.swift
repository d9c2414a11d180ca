import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A file replaced whole or not at all: written to a temporary file (0600) beside it, synced, renamed
/// over it, and its directory synced. A crash leaves the old file or the new one, never half of one.
package enum AtomicFile {
    /// Why a write failed: the step (`cannot create …`, `cannot write …`) and its errno.
    package struct Failure: Error {
        /// The step that failed, naming the temporary file.
        package var step: String
        /// The errno of that step.
        package var code: Int32

        /// `step: strerror(code)`.
        package var description: String { "\(step): \(Errno(rawValue: code).description)" }
    }

    /// Writes `bytes` to `path` (whose directory must exist) through a temporary file in the same directory.
    package static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        var fd: Int32 = -1
        var temporary = ""
        for attempt in 0..<100 where fd < 0 {
            temporary = "\(path).\(getpid()).\(attempt).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd < 0 && errno != EEXIST { throw Failure(step: "cannot create \(temporary)", code: errno) }
        }
        guard fd >= 0 else { throw Failure(step: "cannot create \(temporary)", code: EEXIST) }
        // The umask may have taken bits away, never added any: set exactly 0600.
        _ = fchmod(fd, 0o600)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                close(fd)
                unlink(temporary)
                throw Failure(step: "cannot write \(temporary)", code: code)
            }
            written += count
        }
        // Durable before it becomes visible.
        let synced = fsync(fd) == 0 ? 0 : errno
        close(fd)
        guard synced == 0 else {
            unlink(temporary)
            throw Failure(step: "cannot sync \(temporary)", code: synced)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(step: "cannot rename \(temporary)", code: code)
        }
        let directoryFD = open(ModuleFileReader.parentDirectory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }
}
