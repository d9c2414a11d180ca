import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// Writing a new key pair's files: the directory made private when it is new, each file created (never
/// replaced) with exactly its mode.
public enum KeyFiles {
    /// Makes the directory `path` is in (and its parents) with mode 0700 where missing.
    public static func makeParentDirectory(of path: String) throws(BundleError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        if let failed = PrivateDirectories.make(String(path[..<slash])) {
            throw BundleError(
                .io, path: failed.path, reason: "cannot make the directory: \(failed.reason)",
                hint: BundleFile.hint(for: failed.code, otherwise: "check the path and its permissions"))
        }
    }

    /// Creates `path` holding `contents` with exactly `mode`; an existing file is refused.
    public static func create(_ path: String, contents: String, mode: mode_t) throws(BundleError) {
        try BundleFile.create(path, bytes: Array(contents.utf8), mode: mode)
    }
}
