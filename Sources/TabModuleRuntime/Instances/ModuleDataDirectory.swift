import Glibc
import SystemPackage
import TabModuleLoading

/// Where modules keep their own files (`data_dir`, ABI 1.2): `ROOT/NAME`, ROOT being
/// `$XDG_DATA_HOME/tabhost/data` (else `~/.local/share/tabhost/data`).
///
/// Both sides of the process boundary use it: the host for in-process instances, the module-host
/// child for its own. The directory outlives versions and reinstalls of the module.
public struct ModuleDataDirectory: Sendable, Hashable {
    /// The directory every module's own directory is made in.
    public var root: String

    /// Module directories under `root`.
    public init(root: String) {
        self.root = root
    }

    /// The root the XDG base directory rules give: `$XDG_DATA_HOME/tabhost/data` when it is an
    /// absolute path, else `$HOME/.local/share/tabhost/data`; nil when neither is known.
    public static func fromEnvironment() -> ModuleDataDirectory? {
        if let data = getenv("XDG_DATA_HOME").map({ String(cString: $0) }), data.hasPrefix("/") {
            return ModuleDataDirectory(root: data + "/tabhost/data")
        }
        var home = getenv("HOME").map { String(cString: $0) }
        if home?.isEmpty ?? true, let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            home = String(cString: dir)
        }
        guard let home, home.hasPrefix("/") else { return nil }
        return ModuleDataDirectory(root: home + "/.local/share/tabhost/data")
    }

    /// The module file of the bundle `name` installed in the user's modules directory beside `root`
    /// (`ROOT/../modules/NAME/NAME.so`, where `tabhost install` puts it), when there is one.
    func installedBundleFile(named name: String) -> String? {
        let bundle = ModuleFileReader.parentDirectory(of: root) + "/modules/" + name
        var info = stat()
        guard lstat(bundle + "/manifest.json", &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return bundle + "/" + name + ".so"
    }

    /// The directory of module `name` (not made).
    public func path(forModule name: String) -> String {
        root + "/" + name
    }

    /// Makes the directory of module `name` (and its parents) with mode 0700 when it is missing (an
    /// existing one of the user's, readable by others, is narrowed to 0700), and returns its path. Throws one line (what, why, what to do) when it cannot be made, is not a
    /// directory, or is writable by group or others (it is not changed then: the user decides).
    ///
    /// `file`, the module file asking (nil: not checked): when a bundle of that name is installed in the
    /// user's modules directory beside `root`, or an installed bundle of that name claimed the directory
    /// first wherever it was installed (`checkClaim`), only that bundle's module file gets the directory.
    /// Another file declaring the name (run from a download, another directory, another session) would
    /// otherwise read and write what the installed module keeps there, whatever it was granted.
    public func make(forModule name: String, file: String? = nil) throws(ModuleDataDirectoryError) -> String {
        let path = path(forModule: name)
        if let file, let installed = installedBundleFile(named: name),
            ModuleFileReader.resolved(installed) != ModuleFileReader.resolved(file)
        {
            throw ModuleDataDirectoryError(
                "data_dir: \(path) is the installed \(name)'s (\(installed)), and \(file) is another file, so it gets none; "
                    + "give this module another name, or remove the installed one")
        }
        // The directory itself, when it exists but may not be trusted, is said below in the data_dir's terms.
        if let failed = PrivateDirectories.make(path), !(failed.path == path && failed.code == EPERM) {
            throw ModuleDataDirectoryError("data_dir: cannot make \(failed.path) (\(failed.reason)); check the permissions of its parent")
        }
        if let file { try checkClaim(forModule: name, file: file) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = Errno(rawValue: errno).description
            throw ModuleDataDirectoryError("data_dir: cannot read \(path) (\(reason)); check the permissions of its parent")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ModuleDataDirectoryError("data_dir: \(path) is not a directory; move it away so the host can make it")
        }
        guard info.st_uid == getuid() || info.st_uid == 0 else {
            throw ModuleDataDirectoryError(
                "data_dir: \(path) belongs to another user (uid \(info.st_uid)), so it is not used; move it away so the host can make it")
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw ModuleDataDirectoryError(
                "data_dir: \(path) is writable by others (mode \(mode)), so it is not used; run chmod 700 on it")
        }
        // Readable by others (made by hand, or by a version that did not insist): the user's module
        // data is private, so a directory of the user's own is narrowed to 0700.
        if info.st_mode & 0o077 != 0, info.st_uid == getuid() {
            _ = chmod(path, 0o700)
        }
        return path
    }
}
