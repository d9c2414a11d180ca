import TabHostConcurrency

/// The metadata cache file read and decoded on a thread of its own while the host does the rest of its
/// start (listing and `stat`ing the module files, the log, the module host child), handed to
/// ``ModuleMetadataCache/init(path:trusted:logger:reading:)``. A thousand modules' entries take about a
/// third of the warm path to the first frame; on two cores they need not wait their turn.
public final class ModuleMetadataCacheReading: Sendable {
    /// What the thread found: the entries by path, nil for no file, or why the file cannot be trusted.
    ///
    /// Not a `Result`: making a `Result` type at run time checks that its failure is an `Error`, which
    /// scans every conformance record of the binary, before the command line is even parsed.
    enum Outcome: Sendable {
        case read([String: CachedModuleEntry]?)
        case failed(ModuleMetadataCacheError)

        /// The entries (nil for no file), or the reason thrown.
        func get() throws(ModuleMetadataCacheError) -> [String: CachedModuleEntry]? {
            switch self {
            case .read(let entries): entries
            case .failed(let error): throw error
            }
        }
    }

    private let reading: ThreadedResult<Outcome>
    /// The cache file it reads.
    public let path: String

    /// Starts reading the cache file at `path` (if no thread can be started, `finish()` reads it).
    public init(path: String) {
        self.path = path
        reading = ThreadedResult { ModuleMetadataCacheReading.entries(at: path) }
    }

    /// The reading ``startEarly(path:)`` began, until a command takes it.
    private static let early = LockedValue<ModuleMetadataCacheReading?>(nil)

    /// Starts reading the cache file at `path` before the command line is parsed, for the command to
    /// take with ``started(path:)``: parsing the arguments of a warm `tabhost run` takes one core for
    /// about as long as decoding the cache takes, so the decoding fits beside it on the other (figures
    /// in docs/contributing/performance-history.md).
    public static func startEarly(path: String) {
        discardEarlyReading()
        let reading = ModuleMetadataCacheReading(path: path)
        early.withLock { $0 = reading }
    }

    /// The reading of `path` that ``startEarly(path:)`` began, handed out once; else one started now.
    public static func started(path: String) -> ModuleMetadataCacheReading {
        let taken = early.withLock { slot -> ModuleMetadataCacheReading? in
            guard let reading = slot, reading.path == path else { return nil }
            slot = nil
            return reading
        }
        return taken ?? ModuleMetadataCacheReading(path: path)
    }

    /// Waits for an early reading that no command took (help, a usage error) and drops it, so the
    /// process never exits with the thread still decoding. True if there was one.
    @discardableResult
    public static func discardEarlyReading() -> Bool {
        let left = early.withLock { slot in
            defer { slot = nil }
            return slot
        }
        _ = left?.finish()
        return left != nil
    }

    /// Waits for the thread and returns what it read. Call from one thread.
    func finish() -> Outcome { reading.value() }

    /// The cache file at `path` read and decoded here, its entries by path.
    static func entries(at path: String) -> Outcome {
        do throws(ModuleMetadataCacheError) {
            guard let bytes = try ModuleMetadataCache.readBytes(path) else { return .read(nil) }
            return .read(try ModuleMetadataCacheFile.entriesByPath(decoding: bytes))
        } catch {
            return .failed(error)
        }
    }
}
