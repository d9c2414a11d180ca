import Glibc
import TabModuleLoading

extension ModuleDataDirectory {
    /// The soft limit of what one module keeps in its `data_dir`: not enforced (the module's writes go
    /// on), but reported on its tab and in the log when it is passed, so that a module filling the disk
    /// is seen before the disk is full.
    public static let softLimitBytes: UInt64 = 256 << 20

    /// The entries `usage(of:)` looks at before it stops counting (a tree of millions of files is over
    /// any limit that matters here, and counting it would stall the loop).
    package static let usageEntryLimit = 100_000

    /// Levels of directories `usage(of:)` descends (it holds one descriptor per level): a directory
    /// deeper than this is counted, what it holds is not. A module could make a tree thousands of levels
    /// deep, whose walk overflowed the host's stack or took all its descriptors.
    package static let usageDepthLimit = 64

    /// What `usage(of:)` found: the bytes counted, and whether that is all (false when the walk stopped at
    /// `usageEntryLimit` entries or left a directory below `usageDepthLimit` levels uncounted: a module could
    /// otherwise hide any amount there, so such a tree counts as over any soft limit).
    public struct Usage: Sendable, Equatable {
        /// The bytes the files counted take on disk (their blocks).
        public var bytes: UInt64
        /// Whether every entry was counted.
        public var complete: Bool
    }

    /// The bytes the files under `path` take on disk (their blocks), walked through descriptors without
    /// following a link, at most `usageEntryLimit` entries and `usageDepthLimit` levels; nil when `path`
    /// cannot be opened.
    public static func usage(of path: String) -> Usage? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0, let top = fdopendir(fd) else {
            if fd >= 0 { close(fd) }
            return nil
        }
        // A loop over a stack of open directories, not a recursion.
        var levels: [OpaquePointer] = [top]
        defer { for stream in levels { closedir(stream) } }
        var budget = usageEntryLimit
        var total: UInt64 = 0
        var complete = true
        while let stream = levels.last {
            guard budget > 0, let entry = readdir(stream) else {
                closedir(levels.removeLast())
                if budget == 0 {
                    complete = false
                    break
                }
                continue
            }
            let name = DirectoryEntry.nameBytes(entry)
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            budget -= 1
            var info = stat()
            let found = (name + [0]).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { fstatat(dirfd(stream), $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0 }
            }
            guard found else { continue }
            total += UInt64(max(0, info.st_blocks)) * 512
            guard info.st_mode & S_IFMT == S_IFDIR else { continue }
            guard levels.count < usageDepthLimit else {
                complete = false
                continue
            }
            let child = (name + [0]).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    openat(dirfd(stream), $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
            }
            guard child >= 0 else { continue }
            guard let opened = fdopendir(child) else {
                close(child)
                continue
            }
            levels.append(opened)
        }
        return Usage(bytes: total, complete: complete)
    }
}
