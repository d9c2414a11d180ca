import Dispatch
import Logging
import Synchronization
import TabModuleRuntime
import _CHostShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Descriptors 1 and 2 of this process, taken from the terminal while the terminal front end owns it: a
/// module running in the host's process (`--isolation none`) that writes to stdout or stderr would
/// otherwise draw over the screen at any rate it likes. What is written there goes to the log as an
/// isolated child's output does (`stream: output`, one line per line, long lines split at 4 KiB), where
/// the log file's per-module budget and escaping apply. The terminal front end writes to its own copy
/// of the terminal (`Terminal.open()`), so the host's frames are unaffected. A session starts one before
/// the first in-process module code runs (`SessionConfiguration.capturesInProcessOutput`); the host's own
/// lines for the user go to `hostStandardError`, the terminal's descriptor it replaced.
public final class StandardOutputCapture {
    private let saved: (output: Int32, error: Int32)
    private let finished = DispatchSemaphore(value: 0)

    /// What the log names as the writer: an in-process module's write cannot be told from another's.
    public static let writerName = "in-process"

    /// Where the host's own lines for standard error go (a refused file, a front end that cannot start):
    /// descriptor 2, or while a capture holds it, the copy of the terminal's descriptor 2 it saved, so the
    /// user still reads them there and not only in the log.
    public static var hostStandardError: Int32 { hostError.load(ordering: .acquiring) }
    private static let hostError = Atomic<Int32>(STDERR_FILENO)

    /// Redirects descriptors 1 and 2 into a pipe read by a thread of its own, which logs each line to
    /// `logger`; nil, with both left as they were, when a descriptor could not be made.
    public init?(logger: Logger) {
        var ends: [Int32] = [-1, -1]
        guard tabhost_host_pipe(&ends) == 0 else { return nil }
        let output = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        let error = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        guard output >= 0, error >= 0, dup2(ends[1], STDOUT_FILENO) >= 0, dup2(ends[1], STDERR_FILENO) >= 0 else {
            for fd in [ends[0], ends[1], output, error] where fd >= 0 { close(fd) }
            return nil
        }
        close(ends[1])
        saved = (output, error)
        Self.hostError.store(error, ordering: .releasing)
        let readEnd = ends[0]
        let finished = finished
        // Dispatch, not Foundation's Thread: Foundation (with its ICU data) would be mapped at every start.
        DispatchQueue(label: "tabhost stdout capture").async {
            Self.relay(from: readEnd, to: logger)
            close(readEnd)
            finished.signal()
        }
    }

    /// Gives descriptors 1 and 2 back to the terminal and waits until every line written before was logged
    /// (a module thread that still holds the pipe keeps it open: the wait ends after a second then).
    public func stop() {
        fflush(nil)
        _ = dup2(saved.output, STDOUT_FILENO)
        _ = dup2(saved.error, STDERR_FILENO)
        Self.hostError.store(STDERR_FILENO, ordering: .releasing)
        close(saved.output)
        close(saved.error)
        _ = finished.wait(timeout: .now() + 1)
    }

    private static func relay(from fd: Int32, to logger: Logger) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var line: [UInt8] = []
        func log() {
            let text = String(decoding: line, as: UTF8.self)
            line.removeAll(keepingCapacity: true)
            logger.info("\(text)", metadata: ["module": "\(writerName)", "stream": "output"])
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                if byte == UInt8(ascii: "\n") || line.count >= ModuleLimits.maximumLogLineBytes {
                    log()
                    if byte == UInt8(ascii: "\n") { continue }
                }
                line.append(byte)
            }
        }
        if !line.isEmpty { log() }
    }
}
