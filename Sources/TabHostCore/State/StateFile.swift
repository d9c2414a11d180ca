import FoundationEssentials
import TabKit
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// The `--state` file: the selection, every stack's path and the presented modals, written
/// atomically and private to the user (0600: it holds what modules saved).
///
/// The session writes it shortly after each user action as well as on quit, so a host ended by
/// SIGTERM or a closed terminal (SIGHUP) still comes back where the user was.
public struct StateFile: Sendable, Hashable {
    /// Where the file is.
    public let path: String

    /// A state file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// Writes `data` through a 0600 temporary file and a rename (a file left 0644 by an older
    /// version is replaced by a 0600 one); the one-line reason on failure.
    public func save(_ data: Data) -> String? {
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(Array(data), to: path)
            return nil
        } catch {
            return "\(path): cannot write the saved state (\(error.description)); check the directory exists, is writable and has space"
        }
    }

    /// Moves the file to a name beside it that no save writes (`PATH.SUFFIX`, or `PATH.SUFFIX-2` and on when
    /// that is taken), so that a session starting anew from a file it cannot use (damaged, or written by a
    /// newer TabHost) does not overwrite what it held. The new path, or nil when it could not be moved.
    public func setAside(as suffix: String) -> String? {
        for attempt in 1...100 {
            let target = path + "." + suffix + (attempt == 1 ? "" : "-\(attempt)")
            // A link never replaces a file (EEXIST), where a rename would.
            if link(path, target) == 0 {
                unlink(path)
                return target
            }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// The saved bytes, or nil when there is no file yet (or it cannot be read). At most one byte
    /// past `RestorationState.maximumFileBytes` is read: decoding refuses such a file in one line.
    public func load() -> Data? {
        (try? BoundedFile.read(path, limit: RestorationState.maximumFileBytes)).map { Data($0) }
    }
}
