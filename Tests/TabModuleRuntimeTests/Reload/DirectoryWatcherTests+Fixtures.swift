import Foundation
import Glibc
import TabModuleRuntime

extension DirectoryWatcherTests {
    /// A fresh temporary directory with a `mods` folder to watch and a `build` folder beside it; removed on deinit.
    final class Sandbox {
        let root: String
        let mods: String
        let build: String

        init() throws {
            var template = Array("\(NSTemporaryDirectory())/tabhost-watcher-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
            root = String(cString: made)
            mods = "\(root)/mods"
            build = "\(root)/build"
            try FileManager.default.createDirectory(atPath: mods, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: false)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Writes `bytes` to `path` with one open/write/close (truncating, or appending).
        func write(_ path: String, _ bytes: String, append: Bool = false) throws {
            let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
            let fd = open(path, flags, 0o644)
            guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            defer { close(fd) }
            let data = Array(bytes.utf8)
            guard data.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == data.count else {
                throw POSIXError(.EIO)
            }
        }

        /// Writes a "build" in `build/` and renames it to `destination` (an atomic replace).
        func renameBuild(to destination: String, _ bytes: String) throws {
            let temp = "\(build)/next-\(UUID().uuidString).so"
            try write(temp, bytes)
            try move(temp, destination)
        }

        /// `rename(2)`.
        func move(_ from: String, _ to: String) throws {
            guard rename(from, to) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }

        /// `unlink(2)`.
        func remove(_ path: String) throws {
            guard unlink(path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    /// Every event until nothing is pending any more (all file operations must be done before the call).
    ///
    /// Deterministic: once the queued records are read and no file is pending, no further event can come.
    static func settleAll(_ watcher: DirectoryWatcher, timeout: Duration = .seconds(10)) -> [ModuleFileEvent] {
        let end = ContinuousClock.now + timeout
        var events = watcher.drain()
        while let deadline = watcher.nextDeadline, ContinuousClock.now < end {
            // Wait only until the next settle check: with nothing pending, no event can come any more.
            let now = ContinuousClock.now
            events += watcher.waitForEvents(timeout: min(end, max(deadline, now)) - now)
        }
        return events + watcher.drain()
    }
}
