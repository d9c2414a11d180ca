#if canImport(Glibc)
import Glibc
#endif

/// What identifies one version of a file on disk: inode, size and modification time.
///
/// After an inotify overflow the reloader compares stamps, so only files that really changed
/// are reloaded (a reload swaps every live instance, which is not free).
struct FileStamp: Sendable, Hashable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    /// The stamp of the file at `path` now, or nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}
