#if canImport(Glibc)
import Glibc
#endif

extension InstalledBundles {
    /// The names of the installed bundles, sorted: every directory that is not hidden and holds a
    /// `manifest.json` (what `tabhost update` with no names goes through). A plain `.so` is not listed.
    public func names() -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix("."), FileTree.type(of: name, in: fd) == S_IFDIR else { continue }
            let child = FileTree.openDirectory(name, in: fd)
            guard child >= 0 else { continue }
            let holdsManifest = faccessat(child, BundlePath.manifest, F_OK, AT_SYMLINK_NOFOLLOW) == 0
            close(child)
            if holdsManifest { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
