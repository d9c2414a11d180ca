import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Reads files whose size has a stated limit (a layout, a state file) without ever holding more
/// than the limit and one byte: a file that is too large, or never ends (`/dev/zero`), is refused
/// with its own line instead of filling memory.
public enum BoundedFile {
    /// Why a file could not be read.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The `errno` of the failed `open` or `read`.
        public let code: Int32
        /// The system's text for `code` ("No such file or directory").
        public var description: String { Errno(rawValue: code).description }
    }

    /// At most `limit + 1` bytes of the file at `path`: more than `limit` bytes back means it is too large.
    /// A FIFO no process writes is read as empty: opened without `O_NONBLOCK` it made `check-layout` wait
    /// for a writer for ever, where `--layout <(…)` (a FIFO with its writer) still reads what it is sent.
    public static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw ReadError(code: errno) }
        defer { close(fd) }
        // Reads wait for data again: a writer that is slow to send is not an empty file.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
            if got < 0 {
                if errno == EINTR { continue }
                throw ReadError(code: errno)
            }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[0..<got])
        }
        return bytes
    }
}
