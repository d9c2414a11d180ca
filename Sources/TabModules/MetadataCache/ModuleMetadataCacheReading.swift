import TabHostConcurrency

/// The metadata cache file read and decoded on a thread of its own while the host does the rest of its
/// start (listing and `stat`ing the module files, the log, the module host child), handed to
/// ``ModuleMetadataCache/init(path:trusted:logger:reading:)``. A thousand modules' entries take about a
/// third of the warm path to the first frame; on two cores they need not wait their turn.
public final class ModuleMetadataCacheReading: Sendable {
    /// What the thread found: the entries by path, nil for no file, or why the file cannot be trusted.
    typealias Outcome = Result<[String: CachedModuleEntry]?, ModuleMetadataCacheError>

    private let reading: ThreadedResult<Outcome>

    /// Starts reading the cache file at `path` (if no thread can be started, `finish()` reads it).
    public init(path: String) {
        reading = ThreadedResult { ModuleMetadataCacheReading.entries(at: path) }
    }

    /// Waits for the thread and returns what it read. Call from one thread.
    func finish() -> Outcome { reading.value() }

    /// The cache file at `path` read and decoded here, its entries by path.
    static func entries(at path: String) -> Outcome {
        Result { () throws(ModuleMetadataCacheError) in
            guard let bytes = try ModuleMetadataCache.readBytes(path) else { return nil }
            return try ModuleMetadataCacheFile.entriesByPath(decoding: bytes)
        }
    }
}
