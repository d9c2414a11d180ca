import TabHostConcurrency

#if canImport(Glibc)
import Glibc
#endif

/// A private, per-process directory on tmpfs holding the copies the loader actually opens.
///
/// `dlopen` matches already-loaded images by path string and an overwritten mapped file crashes
/// its old code, so modules are never opened from the drop directory: each accepted file is
/// copied to `DIR/tabhost-PID/NAME.GEN.TOKEN.so` (mode 0700 directory, GEN never reused in a process,
/// TOKEN 16 random hexadecimal digits: a module's process, which may read the copy it was named but not
/// list the directory, cannot guess another module's copy).
public final class ModuleCopyDirectory: Sendable {
    /// The directory (`ROOT/tabhost-PID`, or `ROOT/tabhost-PID-N` for later ones in one process).
    public let directory: String

    /// Generations are process-wide so no two copies ever share a path.
    private static let nextGeneration = LockedValue<UInt64>(1)
    /// Counts directories made in this process, for unique names.
    private static let directoryCount = LockedValue<Int>(0)
    /// Set by `removeAll()`: the copies went with the directory, and the modules still open when their
    /// registry goes away afterwards (a command's end) have nothing left to remove.
    private let removed = LockedValue(false)

    /// Makes the directory under `root` (default: `defaultRoot()`), after sweeping the
    /// directories of dead processes there.
    public init(root: String? = nil) throws(ModuleError) {
        let root = root ?? Self.defaultRoot()
        Self.sweep(root: root)
        let pid = getpid()
        var attempt = Self.directoryCount.withLock { count in
            defer { count += 1 }
            return count
        }
        while true {
            let candidate = attempt == 0 ? "\(root)/tabhost-\(pid)" : "\(root)/tabhost-\(pid)-\(attempt)"
            if mkdir(candidate, 0o700) == 0 {
                _ = chmod(candidate, 0o700)  // mkdir applies the umask; make it exact
                directory = candidate
                return
            }
            let code = errno
            guard code == EEXIST else {
                throw ModuleError(
                    .cacheFailed, path: candidate,
                    reason: "cannot create the module cache directory: \(ModuleFileReader.errorText(code))",
                    hint: "set XDG_RUNTIME_DIR or TMPDIR to a writable directory")
            }
            // Left by an earlier process with our pid (pid namespaces): reclaim it if it is ours.
            if Self.isOwnDirectory(candidate) {
                Self.removeTree(candidate)
                continue
            }
            attempt += 1
        }
    }

    /// Where the directories of private copies go: `$XDG_RUNTIME_DIR` if writable, else `/dev/shm`, else `$TMPDIR` or `/tmp`.
    public static func defaultRoot() -> String {
        func usable(_ path: String) -> Bool {
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && access(path, W_OK | X_OK) == 0
        }
        // An unset or empty variable names nothing (`ModuleSearchPath.environment`).
        if let runtime = ModuleSearchPath.environment("XDG_RUNTIME_DIR"), usable(runtime) { return runtime }
        if usable("/dev/shm") { return "/dev/shm" }
        if let tmp = ModuleSearchPath.environment("TMPDIR"), usable(tmp) { return tmp }
        return "/tmp"
    }

    /// Removes `PREFIXPID…` directories under `root` (`tabhost-PID…` by default) whose process is gone
    /// and that we own. Returns the removed paths.
    @discardableResult
    public static func sweep(root: String, prefix: String = "tabhost-") -> [String] {
        var removed: [String] = []
        for name in entryNames(of: root) where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = Int32(digits), pid > 0, pid != getpid() else { continue }
            guard kill(pid, 0) == -1 && errno == ESRCH else { continue }
            let path = "\(root)/\(name)"
            guard isOwnDirectory(path) else { continue }
            removeTree(path)
            removed.append(path)
        }
        return removed
    }

    /// Copies `bytes` to a fresh `BASE.GEN.TOKEN.so` in this directory and returns its path and generation.
    func store(_ bytes: [UInt8], baseName: String) throws(ModuleError) -> (path: String, generation: UInt64) {
        let generation = Self.nextGeneration.withLock { next in
            defer { next += 1 }
            return next
        }
        let stem = baseName.hasSuffix(".so") ? String(baseName.dropLast(3)) : baseName
        let path = "\(directory)/\(stem).\(generation).\(Self.token()).so"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
        guard fd >= 0 else { throw copyError(path, errno) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                unlink(path)
                throw copyError(path, code)
            }
            written += count
        }
        return (path, generation)
    }

    /// 64 random bits as 16 hexadecimal digits, for a copy's name.
    static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        let bits = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 16 - bits.utf8.count) + bits
    }

    /// Whether `file` is the name of a copy of the module file `NAME.so` (`NAME.GEN.TOKEN.so`).
    public static func isCopy(_ file: String, of name: String) -> Bool {
        guard file.hasPrefix(name + "."), file.hasSuffix(".so") else { return false }
        let parts = file.dropFirst(name.count + 1).dropLast(3).split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[0].utf8.allSatisfy { (0x30...0x39).contains($0) }
            && parts[1].utf8.count == 16 && parts[1].utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Removes one private copy (after its image is closed); a path outside this directory is never removed.
    func remove(copyAt path: String) {
        guard !removed.withLock({ $0 }), path.hasPrefix(directory + "/") else { return }
        unlink(path)
    }

    /// Removes the directory and every copy in it; call once on exit.
    public func removeAll() {
        removed.withLock { $0 = true }
        Self.removeTree(directory)
    }

    private func copyError(_ path: String, _ code: Int32) -> ModuleError {
        ModuleError(
            .cacheFailed, path: path, reason: "cannot write the private copy: \(ModuleFileReader.errorText(code))",
            hint: "free space on \(ModuleFileReader.parentDirectory(of: directory)) or set XDG_RUNTIME_DIR")
    }

    /// A real directory (not a symlink) owned by this user.
    /// Whether `path` is a directory of this user's that no one else may open, not a link to one: only such
    /// a `tabhost-PID…` directory is one of our hosts' (another user may make one under a shared root such
    /// as `/dev/shm`, with a status file of its choosing).
    package static func isOwnPrivateDirectory(_ path: String) -> Bool {
        var info = stat()
        return isOwnDirectory(path, &info) && info.st_mode & 0o077 == 0
    }

    private static func isOwnDirectory(_ path: String) -> Bool {
        var info = stat()
        return isOwnDirectory(path, &info)
    }

    private static func isOwnDirectory(_ path: String, _ info: inout stat) -> Bool {
        lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid()
    }

    /// Removes a directory and what is in it, never following a link (`FileTreeRemoval`).
    private static func removeTree(_ path: String) {
        FileTreeRemoval.remove(path)
    }

    /// The names in a directory, without `.` and `..` (empty if it cannot be opened). Read in
    /// full before the caller removes anything, so removal never races the directory stream.
    private static func entryNames(of path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = DirectoryEntry.name(entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
