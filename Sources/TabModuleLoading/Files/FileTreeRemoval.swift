#if canImport(Glibc)
import Glibc
#endif

/// Removes directory trees through descriptors (`openat`, `unlinkat`, `O_NOFOLLOW`), never following a
/// symbolic link, wherever the host removes something another party could write to: a module's private
/// temporary directory, the directories of private copies. A path string walked twice could be swapped
/// for a link between the looks, and the host would delete whatever the link names.
package enum FileTreeRemoval {
    /// Removes `path` and everything under it; a link at `path` or anywhere below is removed, never
    /// followed. Names are used as the bytes they are (a name that is not UTF-8 is removed too).
    package static func remove(_ path: String) {
        let parent = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? "."
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.index(after: $0)...]) } ?? path
        let directory = open(parent.isEmpty ? "/" : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        defer { close(directory) }
        remove(Array(name.utf8) + [0], in: directory)
    }

    /// Removes the entry `name` (NUL-terminated bytes) of the open directory `parent`, and its contents.
    package static func remove(_ name: [UInt8], in parent: Int32) {
        name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                guard let name = text.baseAddress else { return }
                if unlinkat(parent, name, 0) == 0 { return }
                let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if fd >= 0 {
                    for child in names(in: fd) { remove(child, in: fd) }
                    close(fd)
                }
                _ = unlinkat(parent, name, AT_REMOVEDIR)
            }
        }
    }

    /// The names in the open directory `fd`, NUL-terminated, without `.` and `..`.
    private static func names(in fd: Int32) -> [[UInt8]] {
        let copy = dup(fd)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = DirectoryEntry.nameBytes(entry)
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name + [0]) }
        }
        return names
    }
}
