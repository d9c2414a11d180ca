#if canImport(Glibc)
import Glibc
#endif

/// Removes directory trees through descriptors (`openat`, `unlinkat`, `O_NOFOLLOW`), never following a
/// symbolic link, wherever the host removes something another party could write to: a module's data
/// directory, a test's, the directories of private copies. A path string walked twice could be swapped
/// for a link between the looks, and the host would delete whatever the link names.
///
/// The walk is a loop, not a recursion, and holds at most `maximumOpenLevels` directories open: a module
/// can make a tree thousands of levels deep in its data directory, which overflowed the stack or ran out
/// of descriptors. A directory met below that depth is moved up to the top of the tree being removed
/// (a rename within it, which follows nothing) and removed in a later pass.
package enum FileTreeRemoval {
    /// Directories held open at once during one removal.
    package static let maximumOpenLevels = 32

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
        if removeEntry(name, in: parent, flags: 0) { return }
        let top = openDirectory(name, in: parent)
        if top >= 0 {
            empty(top)
            close(top)
        }
        _ = removeEntry(name, in: parent, flags: AT_REMOVEDIR)
    }

    /// One open directory of the walk: its names, and how many of them were handled.
    private struct Level {
        var fd: Int32
        var names: [[UInt8]]
        var next = 0
    }

    /// Passes over one tree at most: each goes `maximumOpenLevels` deeper into what was moved up, and a
    /// module still writing into the tree cannot keep the removal going for ever.
    static let maximumPasses = 10_000

    /// Removes what the open directory `top` holds, in passes until one finds nothing to do.
    private static func empty(_ top: Int32) {
        var moved = 0
        var progress = true
        var passes = 0
        while progress && passes < maximumPasses {
            passes += 1
            progress = false
            var levels = [Level(fd: top, names: names(in: top))]
            while let level = levels.last {
                guard level.next < level.names.count else {
                    levels.removeLast()
                    guard let parent = levels.last else { break }
                    close(level.fd)
                    if removeEntry(parent.names[parent.next - 1], in: parent.fd, flags: AT_REMOVEDIR) { progress = true }
                    continue
                }
                let name = level.names[level.next]
                levels[levels.count - 1].next += 1
                if removeEntry(name, in: level.fd, flags: 0) {
                    progress = true
                    continue
                }
                guard levels.count < maximumOpenLevels else {
                    if moveUp(name, from: level.fd, to: top, counter: &moved) { progress = true }
                    continue
                }
                let child = openDirectory(name, in: level.fd)
                guard child >= 0 else { continue }
                levels.append(Level(fd: child, names: names(in: child)))
            }
        }
    }

    /// Moves the directory `name` of `fd` to the top of the tree under a name not taken there. An empty
    /// directory of that name is replaced, which loses nothing: everything there is being removed.
    private static func moveUp(_ name: [UInt8], from fd: Int32, to top: Int32, counter: inout Int) -> Bool {
        for _ in 0..<16 {
            counter += 1
            let target = Array(".tabhost-removing-\(counter)".utf8) + [0]
            let moved = name.withUnsafeBufferPointer { from in
                target.withUnsafeBufferPointer { to in
                    from.withMemoryRebound(to: CChar.self) { from in
                        to.withMemoryRebound(to: CChar.self) { to in renameat(fd, from.baseAddress!, top, to.baseAddress!) }
                    }
                }
            }
            if moved == 0 { return true }
        }
        return false
    }

    private static func removeEntry(_ name: [UInt8], in fd: Int32, flags: Int32) -> Bool {
        name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { unlinkat(fd, $0.baseAddress!, flags) == 0 }
        }
    }

    private static func openDirectory(_ name: [UInt8], in fd: Int32) -> Int32 {
        name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { openat(fd, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
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
        // The copy shares its offset with `fd`, which an earlier pass left at the end.
        rewinddir(stream)
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = DirectoryEntry.nameBytes(entry)
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name + [0]) }
        }
        return names
    }
}
