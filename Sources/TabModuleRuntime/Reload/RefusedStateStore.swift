import Glibc
import SystemPackage
import TabModuleLoading

/// Where a reload keeps the state a new version's `restore_state` refused, so that starting the
/// new version fresh loses nothing: one file per instance, `DIRECTORY/NAME-VERSION-TIMESTAMP.state`
/// (the running version's `save_state` bytes as they were), mode 0600 in a 0700 directory, since
/// it holds what the module saved.
///
/// The session puts it beside the `--state` file (`STATEFILE.refused`); without one, under the
/// module data root's parent (`$XDG_DATA_HOME/tabhost/refused-state`), a place no module is granted.
public struct RefusedStateStore: Sendable, Hashable {
    /// The directory the files go in (made 0700 on first use).
    public let directory: String

    /// A store in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// The store beside the state file at `statePath`: `STATEFILE.refused`.
    public static func beside(stateFile statePath: String) -> RefusedStateStore {
        RefusedStateStore(directory: statePath + ".refused")
    }

    /// The store next to the module data root (`…/tabhost/data` → `…/tabhost/refused-state`).
    public static func beside(dataDirectory: ModuleDataDirectory) -> RefusedStateStore {
        // Split as the registry splits a listed file (FilePath's first use costs a warm start more).
        let parent = ModuleFileReader.parentDirectory(of: dataDirectory.root)
        return RefusedStateStore(directory: parent == "/" ? "/refused-state" : parent + "/refused-state")
    }

    /// Writes `bytes` as a new file for `module` at `version`; returns its path, or one line saying
    /// why it could not be written (the reload goes on: the user is told the state was not kept).
    public func keep(_ bytes: [UInt8], module: String, version: String?) -> Result<String, RefusedStateError> {
        if let failure = makeDirectory() { return .failure(failure) }
        let stamp = Self.timestamp(Self.nowMilliseconds())
        let base = "\(directory)/\(Self.safe(module))-\(Self.safe(version ?? "unversioned"))-\(stamp)"
        // Two refusals in the same millisecond (two instances of the module) get a counter.
        for attempt in 0..<1000 {
            let path = attempt == 0 ? base + ".state" : "\(base)-\(attempt).state"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                return .failure(RefusedStateError("cannot write \(path) (\(Errno(rawValue: errno)))"))
            }
            defer { close(fd) }
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
                if result < 0 {
                    if errno == EINTR { continue }
                    let reason = Errno(rawValue: errno)
                    unlink(path)
                    return .failure(RefusedStateError("cannot write \(path) (\(reason))"))
                }
                written += result
            }
            return .success(path)
        }
        return .failure(RefusedStateError("cannot write \(base).state (too many files of the same millisecond)"))
    }

    /// Makes the directory 0700 (and its parents) when missing; refuses one others can write to.
    private func makeDirectory() -> RefusedStateError? {
        if let failed = PrivateDirectories.make(directory) {
            return RefusedStateError("cannot make \(failed.path) (\(failed.reason))")
        }
        var info = stat()
        guard lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return RefusedStateError("\(directory) is not a directory")
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            return RefusedStateError("\(directory) is writable by others; run chmod 700 on it")
        }
        return nil
    }

    /// UTC, sortable, no characters a shell or another file system minds: 20261128T091502.123Z.
    static func timestamp(_ milliseconds: Int) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = String(milliseconds % 1000)
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))."
            + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    static func nowMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }

    /// A module's name or version as one path component: `/` and control characters become `_`.
    static func safe(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { $0 == "/" || $0.value < 0x20 || $0 == "\u{7f}" ? "_" : Character($0) })
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "_" : cleaned
    }
}
