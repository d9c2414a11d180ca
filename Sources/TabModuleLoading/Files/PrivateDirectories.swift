#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Directories the host keeps for itself (its log, its state, a module's data), made 0700.
package enum PrivateDirectories {
    /// A directory on the way that could not be made or may not be trusted.
    package struct Failure: Error, Sendable, Equatable {
        /// The directory.
        package var path: String
        /// The `errno` of the failed call; `EPERM` for a directory that exists but may not be trusted.
        package var code: Int32
        /// Why, in words (the error's text, or who else could change the directory).
        package var reason: String
    }

    /// Makes `path` and each missing parent with mode 0700; returns the directory that could not be made
    /// or used and why, or nil.
    ///
    /// Every directory on the way, made or found, must be the user's or root's, and not writable by
    /// others unless sticky (`/tmp`), as sshd's `StrictModes` asks: another user who could add or rename
    /// an entry in one (a `.local` made first in a shared directory, a link in place of the log) would
    /// choose where the host writes. Existing directories are otherwise left as they are.
    package static func make(_ path: String) -> Failure? {
        var made = path.hasPrefix("/") ? "" : "."
        let user = geteuid()
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0 && errno != EEXIST {
                return Failure(path: made, code: errno, reason: String(cString: strerror(errno)))
            }
            var info = stat()
            guard stat(made, &info) == 0 else { return Failure(path: made, code: errno, reason: String(cString: strerror(errno))) }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                return Failure(path: made, code: ENOTDIR, reason: "not a directory")
            }
            guard info.st_uid == user || info.st_uid == 0 else {
                return Failure(path: made, code: EPERM, reason: "owned by another user (uid \(info.st_uid))")
            }
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0 && info.st_mode & S_ISVTX == 0 {
                let mode = String(info.st_mode & 0o7777, radix: 8)
                return Failure(path: made, code: EPERM, reason: "writable by others (mode \(mode)); run chmod go-w on it")
            }
        }
        return nil
    }
}
