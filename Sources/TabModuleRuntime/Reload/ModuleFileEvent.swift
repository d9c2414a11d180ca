/// One settled change to a module file (`*.so`) in a watched directory, as reported by `DirectoryWatcher`.
///
/// Paths are the watched directory as given to `DirectoryWatcher.watch(directory:)`, a `/`, and the file name,
/// or for an installed bundle directory `D`, `D/D.so` (the directory renamed in, exchanged or removed).
public enum ModuleFileEvent: Sendable, Hashable, CustomStringConvertible {
    /// A module file the watcher had not seen appeared and settled (non-empty, size stable).
    case added(String)
    /// A module file the watcher had seen was rewritten or replaced and settled again.
    case changed(String)
    /// A module file the watcher had seen is gone (deleted, or renamed out of the directory).
    case removed(String)
    /// Events were lost (inotify queue overflow): list the directory again and compare with what is loaded.
    case rescan(String)
    /// A file or directory the watcher gave up on; `reason` is one line saying why and what to do.
    case dropped(String, reason: String)

    /// The file or directory the event is about.
    public var path: String {
        switch self {
        case .added(let path), .changed(let path), .removed(let path), .rescan(let path), .dropped(let path, _):
            return path
        }
    }

    /// A one-line rendering, e.g. `added /mods/clock.so`.
    public var description: String {
        switch self {
        case .added(let path): return "added \(path)"
        case .changed(let path): return "changed \(path)"
        case .removed(let path): return "removed \(path)"
        case .rescan(let path): return "rescan \(path)"
        case .dropped(let path, let reason): return "dropped \(path): \(reason)"
        }
    }
}
