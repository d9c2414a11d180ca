import Glibc
import TabModuleLoading

extension ModuleDataDirectory {
    /// The file beside the module directories that says which installed bundle `name`'s directory belongs
    /// to (`ROOT/.NAME.bundle`, 0600; no module name starts with a dot). A module's process may write only
    /// in its own directory, never here.
    public func claimPath(forModule name: String) -> String {
        root + "/." + name + ".bundle"
    }

    /// The directory of the installed bundle `file` is the module file of (`DIR/NAME/NAME.so` beside a
    /// `manifest.json`), links resolved; nil for any other file.
    static func bundleDirectory(of file: String) -> String? {
        guard let parts = ModuleFileReader.bundleParts(of: ModuleFileReader.resolved(file)) else { return nil }
        var info = stat()
        guard lstat(parts.directory + "/manifest.json", &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return parts.directory
    }

    /// Checks `file`'s right to `name`'s directory against its claim, and claims it for `file`'s bundle when
    /// no one has: the first installed bundle of a name to use the directory keeps it, wherever it was
    /// installed (`--modules DIR`), and another file declaring the name, run from anywhere, gets none.
    /// Files that are not installed bundles claim nothing (a module you build and run yourself).
    func checkClaim(forModule name: String, file: String) throws(ModuleDataDirectoryError) {
        let claim = claimPath(forModule: name)
        if let owner = Self.readClaim(claim) {
            guard owner != Self.bundleDirectory(of: file) else { return }
            throw ModuleDataDirectoryError(
                "data_dir: \(path(forModule: name)) belongs to the bundle installed at \(owner), and \(file) is not it, so it "
                    + "gets none; give this module another name (or, if that bundle moved, remove \(claim))")
        }
        // Unclaimed: only a file at an installed bundle's own path claims. Its shape is told from the path
        // first, without a system call: most modules started are plain files, and a child's start is timed.
        guard ModuleFileReader.mayBeBundleModuleFile(file), let bundle = Self.bundleDirectory(of: file) else { return }
        // Claimed meanwhile by another host or an install: decide by what it wrote.
        if !Self.writeClaim(bundle, at: claim), Self.readClaim(claim) != nil { try checkClaim(forModule: name, file: file) }
    }

    /// Claims `name`'s directory for the bundle installed at `bundleDirectory`, unless one is claimed
    /// already (`tabhost install`: a same-named module run from elsewhere before the bundle's first run
    /// would otherwise find the directory unclaimed). Best effort: without it the bundle claims on first use.
    /// Returns whether this call claimed it (false when it was claimed already, or could not be).
    @discardableResult
    public func claim(forModule name: String, bundleDirectory: String) -> Bool {
        guard PrivateDirectories.make(root) == nil else { return false }
        return Self.writeClaim(ModuleFileReader.resolved(bundleDirectory), at: claimPath(forModule: name))
    }

    /// Whether `name`'s directory is claimed by a bundle (any bundle).
    public func isClaimed(forModule name: String) -> Bool {
        Self.readClaim(claimPath(forModule: name)) != nil
    }

    /// Writes the claim file `path` naming `bundle` whole or not at all, unless it exists: the line goes to
    /// a fresh file beside it, linked to `path` (which fails when `path` exists), so that no reader ever
    /// finds a claim half written and takes the directory for unclaimed. Returns whether it wrote it.
    private static func writeClaim(_ bundle: String, at path: String) -> Bool {
        var random = SystemRandomNumberGenerator()
        let temporary = path + "." + String(random.next() as UInt64, radix: 16)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { unlink(temporary) }
        let bytes = Array((bundle + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return written == bytes.count && link(temporary, path) == 0
    }

    /// The bundle directory a claim file names: the user's own regular file, not a link, one line.
    private static func readClaim(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { return nil }
        var bytes = [UInt8](repeating: 0, count: 4097)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 1, count < bytes.count, bytes[count - 1] == UInt8(ascii: "\n") else { return nil }
        return String(decoding: bytes[..<(count - 1)], as: UTF8.self)
    }
}
