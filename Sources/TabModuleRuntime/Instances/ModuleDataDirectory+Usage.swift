import Glibc
import TabModuleLoading

extension ModuleDataDirectory {
    /// The soft limit of what one module keeps in its `data_dir`: not enforced (the module's writes go
    /// on), but reported on its tab and in the log when it is passed, so that a module filling the disk
    /// is seen before the disk is full.
    public static let softLimitBytes: UInt64 = 256 << 20

    /// The entries `usage(of:)` looks at before it stops counting (a tree of millions of files is over
    /// any limit that matters here, and counting it would stall the loop).
    static let usageEntryLimit = 100_000

    /// The bytes the files under `path` take on disk (their blocks), walked through descriptors without
    /// following a link, at most `usageEntryLimit` entries; nil when `path` cannot be opened.
    public static func usage(of path: String) -> UInt64? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var budget = usageEntryLimit
        return usage(ofOpen: fd, budget: &budget)
    }

    /// The blocks under the open directory `fd` (closed here).
    private static func usage(ofOpen fd: Int32, budget: inout Int) -> UInt64 {
        guard let stream = fdopendir(fd) else {
            close(fd)
            return 0
        }
        defer { closedir(stream) }
        var total: UInt64 = 0
        while budget > 0, let entry = readdir(stream) {
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
            let child = (name + [0]).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    openat(dirfd(stream), $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
            }
            if child >= 0 { total += usage(ofOpen: child, budget: &budget) }
        }
        return total
    }
}
