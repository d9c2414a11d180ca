import FoundationEssentials
import TabKit
import TabModuleLoading

/// The `--state` file: the selection and every stack's path, written atomically, 0600 (it holds the
/// modules' saved states, which may be worth as much as what the user typed into them).
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

    /// Writes `data` through a temporary file (0600) and a rename; the one-line reason on failure.
    public func save(_ data: Data) -> String? {
        do {
            try AtomicFile.write(Array(data), to: path)
            return nil
        } catch {
            return "\(path): cannot write the saved state (\(error.description)); check the directory exists and is writable"
        }
    }

    /// The saved bytes, or nil when there is no file yet (or it cannot be read). At most one byte
    /// past `RestorationState.maximumFileBytes` is read: decoding refuses such a file in one line.
    public func load() -> Data? {
        (try? BoundedFile.read(path, limit: RestorationState.maximumFileBytes)).map { Data($0) }
    }
}
