#if canImport(Glibc)
import Glibc
#endif

/// What identifies one version of a module file for the metadata cache: device, inode, size, and the
/// modification and status-change times in nanoseconds.
///
/// The change time moves with every write, rename over, `chmod` or `touch -m` back in time, so a file
/// rebuilt within the same second, or copied with its old mtime kept (`cp -p`), still gets a new stamp.
public struct ModuleFileStamp: Sendable, Hashable {
    /// `st_dev`.
    public var device: UInt64
    /// `st_ino`.
    public var inode: UInt64
    /// `st_size` in bytes.
    public var size: UInt64
    /// `st_mtim` in nanoseconds since the epoch.
    public var modified: Int64
    /// `st_ctim` in nanoseconds since the epoch.
    public var changed: Int64

    /// A stamp from its five fields (tests, the cache decoder).
    public init(device: UInt64, inode: UInt64, size: UInt64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of a `stat` result.
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = UInt64(max(info.st_size, 0))
        modified = Self.nanoseconds(info.st_mtim)
        changed = Self.nanoseconds(info.st_ctim)
    }

    /// The stamp of the file at `path` now (symlinks followed), or nil when it cannot be read.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        // Saturating: a file stamped far outside 1678–2262 must not trap.
        let (scaled, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return time.tv_sec < 0 ? .min : .max }
        let (sum, overflowed) = scaled.addingReportingOverflow(Int64(time.tv_nsec))
        return overflowed ? .max : sum
    }
}
