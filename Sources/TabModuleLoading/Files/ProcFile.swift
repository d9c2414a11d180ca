#if canImport(Glibc)
import Glibc
#endif

/// Reads a /proc file with read(2): /proc files say they are empty, so readers that size their buffer
/// from `stat` get nothing (and FileManager leaked its buffer on them under LeakSanitizer).
package enum ProcFile {
    /// The file's bytes, at most `limit`; nil when it cannot be opened.
    package static func bytes(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return Array(bytes.prefix(limit))
    }
}
