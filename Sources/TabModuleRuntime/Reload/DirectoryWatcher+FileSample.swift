import Glibc

extension DirectoryWatcher {
    /// What `stat` says about a file: enough to tell whether it changed during a settle window.
    struct FileSample: Sendable, Equatable {
        /// Size in bytes.
        var size: Int
        /// Modification time, seconds and nanoseconds.
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
        /// Inode number (a rename over the file changes it).
        var inode: UInt
        /// True for a regular file (after following symlinks).
        var isRegular: Bool

        /// Stats `path`; nil if it does not exist or cannot be stat'ed.
        static func of(_ path: String) -> FileSample? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return FileSample(
                size: Int(info.st_size),
                modifiedSeconds: Int(info.st_mtim.tv_sec),
                modifiedNanoseconds: Int(info.st_mtim.tv_nsec),
                inode: UInt(info.st_ino),
                isRegular: (info.st_mode & S_IFMT) == S_IFREG)
        }
    }
}
