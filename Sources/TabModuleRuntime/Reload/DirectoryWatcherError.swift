import Glibc
import SystemPackage

/// Why `DirectoryWatcher` could not start or could not watch a directory.
///
/// `description` is one line: the path, the reason, and what to do.
public struct DirectoryWatcherError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An opaque error code; compare with the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// `inotify_init1` failed (usually the per-user instance limit).
        public static let inotifyUnavailable = Code("inotifyUnavailable")
        /// The directory does not exist.
        public static let missingDirectory = Code("missingDirectory")
        /// The path exists but is not a directory.
        public static let notADirectory = Code("notADirectory")
        /// The directory cannot be read by this user.
        public static let permissionDenied = Code("permissionDenied")
        /// The per-user inotify watch limit is reached.
        public static let watchLimitReached = Code("watchLimitReached")
        /// `inotify_add_watch` failed for another reason (see `errno`).
        public static let watchFailed = Code("watchFailed")

        /// The code's name, e.g. `missingDirectory`.
        public var description: String { rawValue }
    }

    /// What went wrong, as an opaque code.
    public let code: Code
    /// The directory concerned, if any.
    public let path: String?
    /// The `errno` the failing call set.
    public let errno: Int32
    /// One line: the path, the reason, and what to do.
    public let description: String

    /// The error for a failed `inotify_init1`.
    static func initFailed(errno err: Int32) -> DirectoryWatcherError {
        let hint =
            err == EMFILE
            ? "too many inotify instances for this user; raise fs.inotify.max_user_instances or close other watchers"
            : "\(Errno(rawValue: err).description); check that the kernel supports inotify"
        return DirectoryWatcherError(
            code: .inotifyUnavailable, path: nil, errno: err, description: "inotify: cannot start watching: \(hint)")
    }

    /// The error for a failed `inotify_add_watch` on `path`.
    static func watchFailed(path: String, errno err: Int32) -> DirectoryWatcherError {
        switch err {
        case ENOENT:
            return DirectoryWatcherError(
                code: .missingDirectory, path: path, errno: err,
                description: "\(path): no such directory; create it or pass an existing module directory")
        case ENOTDIR:
            return DirectoryWatcherError(
                code: .notADirectory, path: path, errno: err,
                description: "\(path): not a directory; pass the directory that holds the .so modules")
        case EACCES:
            return DirectoryWatcherError(
                code: .permissionDenied, path: path, errno: err,
                description: "\(path): permission denied; make the directory readable by this user")
        case ENOSPC:
            return DirectoryWatcherError(
                code: .watchLimitReached, path: path, errno: err,
                description: "\(path): inotify watch limit reached; raise fs.inotify.max_user_watches")
        default:
            return DirectoryWatcherError(
                code: .watchFailed, path: path, errno: err,
                description: "\(path): cannot watch: \(Errno(rawValue: err).description); check the path and its permissions")
        }
    }
}
