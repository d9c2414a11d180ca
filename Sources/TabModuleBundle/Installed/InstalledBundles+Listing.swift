#if canImport(Glibc)
import Glibc
#endif

extension InstalledBundles {
    /// The names of the installed bundles, in byte order: every directory that is not hidden and holds a
    /// `manifest.json` (what `tabhost update` with no names goes through). A plain `.so` is not listed.
    public func names() -> [String] {
        FileTree.names(in: fd).filter { name in
            guard !name.hasPrefix("."), FileTree.type(of: name, in: fd) == S_IFDIR else { return false }
            let child = FileTree.openDirectory(name, in: fd)
            guard child >= 0 else { return false }
            defer { close(child) }
            return faccessat(child, BundlePath.manifest, F_OK, AT_SYMLINK_NOFOLLOW) == 0
        }
    }
}
