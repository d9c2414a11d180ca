import SystemPackage
import _CBundleShims

#if canImport(Glibc)
import Glibc
#endif

/// A modules directory as `tabhost install`, `rollback` and `remove` lay it out (docs/internals/bundles.md):
/// `NAME/` an installed bundle, `.NAME.previous/` the version before, `.staging-XXXXXX/` an install in
/// progress, `.lock` held while the names change. Every change is one `rename` or `renameat2` exchange
/// under the lock, made through the directory's descriptor and never through a symbolic link, so a reader
/// sees the old bundle or the new one, and a crash leaves one of them.
public final class InstalledBundles {
    /// The directory.
    public let path: String
    /// The directory, open (names are resolved from it, never from `path` again).
    let fd: Int32

    /// The lock file's name.
    public static let lockName = ".lock"

    /// The name the version before the last install of `name` is kept under.
    public static func previousName(of name: String) -> String { ".\(name).previous" }

    /// The modules directory at `path`; made (0755, with its parents) when `create` and missing.
    public init(path: String, create: Bool) throws(BundleError) {
        if create { try Self.makeDirectories(path) }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT {
                throw BundleError(
                    .notInstalled, path: path, reason: "no such modules directory", hint: "install a bundle first, or check --modules")
            }
            throw BundleFile.failure("cannot open the modules directory", path: path, code: code)
        }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// The bundle installed as `name`, nil when there is none; throws when something else is there.
    public func bundle(named name: String) throws(BundleError) -> InstalledBundle? {
        try InstalledBundle.read(name, in: fd, path: path + "/" + name)
    }

    /// What is at `name`: nothing, an installed bundle, or a bundle directory whose `manifest.json` or
    /// `manifest.minisig` can no longer be read (damaged: it may still be replaced, rolled back or removed).
    /// Throws when something else is there (a link, a file, a directory without `manifest.json`).
    public func occupant(named name: String) throws(BundleError) -> InstalledBundleOccupant {
        do throws(BundleError) {
            return try bundle(named: name).map { .bundle($0) } ?? .none
        } catch  where [.malformedManifest, .invalidManifestField, .malformedSignature].contains(error.code) {
            return .damaged(error)
        }
    }

    /// The version kept before the last install of `name`, nil when there is none.
    public func previous(named name: String) throws(BundleError) -> InstalledBundle? {
        let previous = Self.previousName(of: name)
        return try InstalledBundle.read(previous, in: fd, path: path + "/" + previous)
    }

    /// Runs `body` holding `.lock` exclusively (waiting for another install, rollback or remove to finish).
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        let lock = openat(fd, Self.lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard lock >= 0 else {
            let code = errno
            throw BundleError(
                .unsafeInstallDirectory, path: path + "/" + Self.lockName,
                reason: "cannot open the lock file: \(Errno(rawValue: code).description)",
                hint: BundleFile.hint(for: code, otherwise: "remove it if it is a link or not a file of yours, and try again"))
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw BundleFile.failure("cannot lock", path: path + "/" + Self.lockName, code: errno) }
        }
        defer { _ = flock(lock, LOCK_UN) }
        return try body()
    }

    /// A new private staging directory `.staging-XXXXXX` (0700) in the modules directory (one file system
    /// with the bundles, so placing it is one rename), locked and deleted when the returned object goes away.
    public func makeStaging() throws(BundleError) -> InstallStaging {
        var template = Array("\(path)/.staging-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            let code = errno
            throw BundleError(
                .io, path: path, reason: "cannot make a staging directory: \(Errno(rawValue: code).description)",
                hint: BundleFile.hint(for: code, otherwise: "check that the modules directory is yours and has free space"))
        }
        let staging = String(cString: made)
        let fd = FileTree.openDirectory(staging)
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            if fd >= 0 { close(fd) }
            FileTree.remove(staging)
            throw BundleFile.failure("cannot lock the staging directory", path: staging, code: code)
        }
        return InstallStaging(path: staging, fd: fd)
    }

    /// How old an unlocked staging directory must be before it counts as abandoned (it is locked a moment
    /// after `mkdtemp` makes it).
    public static let abandonedAfterSeconds = 60

    /// Deletes what killed installs and removals left: `.staging-*` directories no install holds locked
    /// (older than a minute), and, when `holdingLock`, every `.removed-*` (a removal runs under the lock).
    /// Returns the names deleted.
    @discardableResult
    public func sweepAbandoned(holdingLock: Bool = false) -> [String] {
        var swept: [String] = []
        let now = time(nil)
        for name in FileTree.names(in: fd) {
            if holdingLock && name.hasPrefix(".removed-") {
                FileTree.remove(name, in: fd)
                swept.append(name)
                continue
            }
            guard name.hasPrefix(".staging-") else { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFDIR,
                Int(now - info.st_mtim.tv_sec) >= Self.abandonedAfterSeconds
            else { continue }
            let staging = FileTree.openDirectory(name, in: fd)
            guard staging >= 0 else { continue }
            defer { close(staging) }
            guard flock(staging, LOCK_EX | LOCK_NB) == 0 else { continue }
            FileTree.remove(name, in: fd)
            swept.append(name)
        }
        return swept
    }

    /// Moves the staged bundle directory `staged` (on this file system) in as `name`; call it holding the
    /// lock. A first install is one rename; a reinstall exchanges the two directories atomically, and the
    /// version that was installed becomes `.NAME.previous` (the one before it is deleted). Returns the
    /// bundle that was replaced. Something at `name` that is not a bundle (a link above all) is refused.
    @discardableResult
    public func place(_ staged: String, as name: String) throws(BundleError) -> InstalledBundle? {
        let occupant = try occupant(named: name)
        let target = path + "/" + name
        guard occupant != .none else {
            guard tabhost_rename_noreplace(AT_FDCWD, staged, fd, name) == 0 else {
                throw BundleFile.failure("cannot move the staged bundle in", path: target, code: errno)
            }
            return nil
        }
        guard tabhost_rename_exchange(AT_FDCWD, staged, fd, name) == 0 else {
            throw BundleFile.failure("cannot exchange the staged bundle with the installed one", path: target, code: errno)
        }
        // The old version is at `staged` now: it replaces the previous one (which ends at `staged`, deleted).
        let previous = Self.previousName(of: name)
        if FileTree.type(of: previous, in: fd) != nil, tabhost_rename_exchange(AT_FDCWD, staged, fd, previous) == 0 {
            FileTree.remove(staged)
        } else if renameat(AT_FDCWD, staged, fd, previous) != 0 {
            FileTree.remove(staged)
        }
        return occupant.bundle
    }

    /// Exchanges `name` with `.NAME.previous` (so a second rollback returns); call it holding the lock.
    /// Returns the bundle now installed and the one it replaced.
    public func rollback(_ name: String) throws(BundleError) -> (now: InstalledBundle, was: InstalledBundle?) {
        let previousName = Self.previousName(of: name)
        guard let previous = try previous(named: name), previous.manifest.name == name else {
            throw BundleError(
                .notInstalled, path: path + "/" + name, reason: "no previous version to roll back to",
                hint: "a previous version is kept when a bundle is installed over another (tabhost install)")
        }
        let previousFD = FileTree.openDirectory(previousName, in: fd)
        let clean = previousFD >= 0 && FileTree.holdsOnlyFilesAndDirectories(previousFD)
        if previousFD >= 0 { close(previousFD) }
        guard clean else {
            throw BundleError(
                .unsafeInstallDirectory, path: previous.directory, reason: "holds a link or a file that is not regular",
                hint: "it is not as tabhost left it; remove it (rm -r \(previous.directory)) and install the version you want")
        }
        let current = try occupant(named: name)
        let exchanged =
            current == .none
            ? tabhost_rename_noreplace(fd, previousName, fd, name) : tabhost_rename_exchange(fd, previousName, fd, name)
        guard exchanged == 0 else {
            throw BundleFile.failure("cannot exchange with \(previousName)", path: path + "/" + name, code: errno)
        }
        let now = try bundle(named: name) ?? previous
        return (now, current.bundle)
    }

    /// Removes the bundle `name` (one rename away first, so no reader sees it half deleted) and the version
    /// kept before it; call it holding the lock. Returns what was removed (nil for a damaged bundle).
    @discardableResult
    public func remove(_ name: String) throws(BundleError) -> InstalledBundle? {
        let occupant = try occupant(named: name)
        let target = path + "/" + name
        guard occupant != .none else {
            throw BundleError(
                .notInstalled, path: target, reason: "no bundle of that name is installed", hint: "run tabhost list to see them")
        }
        var template = Array("\(path)/.removed-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw BundleFile.failure("cannot make a directory to remove it through", path: target, code: errno)
        }
        let removed = String(cString: made)
        // rename(2) replaces an empty directory: the bundle leaves its name in one step.
        guard renameat(fd, name, AT_FDCWD, removed) == 0 else {
            let code = errno
            _ = rmdir(removed)
            throw BundleFile.failure("cannot move it away", path: target, code: code)
        }
        FileTree.remove(removed)
        let previous = Self.previousName(of: name)
        if FileTree.type(of: previous, in: fd) != nil { FileTree.remove(previous, in: fd) }
        return occupant.bundle
    }

    /// `mkdir -p` (0755 for what it makes).
    private static func makeDirectories(_ path: String) throws(BundleError) {
        var info = stat()
        if stat(path, &info) == 0 { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectories(String(path[..<slash]))
        }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw BundleFile.failure("cannot make the modules directory", path: path, code: errno)
        }
    }
}
