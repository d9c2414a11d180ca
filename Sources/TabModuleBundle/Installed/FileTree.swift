import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// Walks and removes directory trees through descriptors, never following a symbolic link: what installs,
/// rollbacks and removals do to the modules directory, where anyone who can write it may have planted one.
package enum FileTree {
    /// The names in the open directory `fd` (without `.` and `..`), in byte order.
    package static func names(in fd: Int32) -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(stream) }
        // The copy shares the descriptor's position: start from the top whatever an earlier listing read.
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = DirectoryEntry.name(entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Opens the directory `name` under `parent` (nil: `name` is a path) without following a link.
    package static func openDirectory(_ name: String, in parent: Int32 = AT_FDCWD) -> Int32 {
        openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    /// Removes `name` under `parent` and everything in it; a link is removed, never followed.
    package static func remove(_ name: String, in parent: Int32 = AT_FDCWD) {
        FileTreeRemoval.remove(Array(name.utf8) + [0], in: parent)
    }

    /// The file type of `name` under `parent` (`S_IFDIR`, `S_IFLNK`, …), not following a link; nil when
    /// there is nothing there (or it cannot be looked at).
    package static func type(of name: String, in parent: Int32) -> mode_t? {
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Whether the tree under the open directory `fd` holds only directories and regular files (no link,
    /// device, FIFO or socket), to at most `depth` levels.
    package static func holdsOnlyFilesAndDirectories(_ fd: Int32, depth: Int = 32) -> Bool {
        guard depth > 0 else { return false }
        for name in names(in: fd) {
            switch type(of: name, in: fd) {
            case S_IFREG: continue
            case S_IFDIR:
                let child = openDirectory(name, in: fd)
                guard child >= 0 else { return false }
                defer { close(child) }
                if !holdsOnlyFilesAndDirectories(child, depth: depth - 1) { return false }
            default: return false
            }
        }
        return true
    }

    /// Gives the tree under the open directory `fd` the modes of an installed bundle: directories 0755,
    /// files 0644, and `executable` (a name at the top) 0755. Links are not followed (a staged tree has none).
    package static func setInstalledModes(_ fd: Int32, executable: String?) throws(BundleError) {
        guard fchmod(fd, 0o755) == 0 else { throw BundleFile.failure("cannot set the mode of a staged directory", path: ".", code: errno) }
        for name in names(in: fd) {
            if type(of: name, in: fd) == S_IFDIR {
                let child = openDirectory(name, in: fd)
                guard child >= 0 else { throw BundleFile.failure("cannot open a staged directory", path: name, code: errno) }
                defer { close(child) }
                try setInstalledModes(child, executable: nil)
            } else {
                let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
                guard file >= 0 else { throw BundleFile.failure("cannot open a staged file", path: name, code: errno) }
                defer { close(file) }
                guard fchmod(file, name == executable ? 0o755 : 0o644) == 0 else {
                    throw BundleFile.failure("cannot set the mode of a staged file", path: name, code: errno)
                }
            }
        }
    }

    /// The bytes of the regular file `name` under `parent` (not a link), at most `limit`; nil when it is
    /// missing, not a regular file or larger.
    package static func read(_ name: String, in parent: Int32, limit: Int) -> [UInt8]? {
        let fd = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += buffer.prefix(count)
            if bytes.count > limit { return nil }
        }
    }
}
