import SystemPackage
import TabModuleBundle

#if canImport(Glibc)
import Glibc
#endif

/// The private directory a bundle is unpacked into: made with `mkdtemp` (0700), filled only through
/// descriptors opened with `O_NOFOLLOW` and `O_EXCL`, so nothing written there can land outside it.
enum StagingDirectory {
    /// A new directory `PARENT/.staging-XXXXXX`; the parent must exist.
    static func make(in parent: String, bundle: String) throws(BundleError) -> String {
        var template = Array("\(parent)/.staging-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw BundleError(
                .io, path: bundle, reason: "cannot make a staging directory in \(parent): \(Errno(rawValue: errno).description)",
                hint: "check that \(parent) exists and is writable")
        }
        return String(cString: made)
    }

    /// Creates the regular file `path` (relative, already checked by `BundlePath`) under `root`, making its
    /// directories (0700) on the way, and returns its descriptor for writing (0600).
    static func createFile(_ path: String, under root: Int32) -> Result<Int32, Errno> {
        let components = path.split(separator: "/").map(String.init)
        var directory = dup(root)
        guard directory >= 0 else { return .failure(Errno(rawValue: errno)) }
        defer { close(directory) }
        for component in components.dropLast() {
            if mkdirat(directory, component, 0o700) != 0 && errno != EEXIST { return .failure(Errno(rawValue: errno)) }
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return .failure(Errno(rawValue: errno)) }
            close(directory)
            directory = next
        }
        let fd = openat(directory, components.last ?? path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        return fd >= 0 ? .success(fd) : .failure(Errno(rawValue: errno))
    }
}
