#if canImport(Glibc)
import Glibc
#endif

/// The metadata cache file read and decoded on a thread of its own while the host does the rest of its
/// start (the layout, the log, the module host child), handed to
/// ``ModuleMetadataCache/init(path:trusted:logger:reading:)``. A thousand modules' entries take about a
/// third of the warm path to the first frame; on two cores they need not wait their turn.
///
/// A POSIX thread joined by ``finish()``, not a dispatch queue: the join orders the thread's writes
/// before the reader's reads, for the program and for ThreadSanitizer alike.
public final class ModuleMetadataCacheReading: @unchecked Sendable {
    /// What the thread found: the entries by path, nil for no file, or why the file cannot be trusted.
    typealias Outcome = Result<[String: CachedModuleEntry]?, ModuleMetadataCacheError>

    private let path: String
    private var thread: pthread_t?
    // Written only by the thread before it ends, read only after `pthread_join`.
    private var outcome: Outcome?

    /// Starts reading the cache file at `path` (if no thread can be started, `finish()` reads it).
    public init(path: String) {
        self.path = path
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let reading = Unmanaged<ModuleMetadataCacheReading>.fromOpaque(context!).takeRetainedValue()
            reading.outcome = ModuleMetadataCacheReading.entries(at: reading.path)
            return nil
        }, context)
        if started == 0 {
            self.thread = thread
        } else {
            Unmanaged<ModuleMetadataCacheReading>.fromOpaque(context).release()
        }
    }

    deinit {
        guard let thread else { return }
        // The thread holds a reference while it runs, so the last one can go there, never joined.
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// Waits for the thread and returns what it read (reading here if it never started). Call once.
    func finish() -> Outcome {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        return outcome ?? Self.entries(at: path)
    }

    /// The cache file at `path` read and decoded here, its entries by path.
    static func entries(at path: String) -> Outcome {
        Result { () throws(ModuleMetadataCacheError) in
            guard let file = try ModuleMetadataCache.read(path) else { return nil }
            var entries: [String: CachedModuleEntry] = [:]
            entries.reserveCapacity(file.entries.count)
            for entry in file.entries { entries[entry.path] = entry }
            return entries
        }
    }
}
