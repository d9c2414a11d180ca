extension DirectoryWatcher {
    /// A module file with events whose settle window has not ended.
    struct PendingFile: Sendable {
        /// The watch descriptor of its directory.
        var watch: Int32
        /// The file name inside the directory.
        var name: String
        /// The full path reported in events.
        var path: String
        /// When to check the file next.
        var deadline: ContinuousClock.Instant
        /// What the file looked like at the last event or check (nil if it was absent).
        var sample: FileSample?
        /// How many checks found the file empty.
        var emptyChecks: Int
        /// Order of the first record, to report simultaneous events in arrival order.
        var order: Int
    }
}
