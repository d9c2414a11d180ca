extension DirectoryWatcher {
    /// One watched directory and the module files the watcher has seen in it.
    struct WatchedDirectory: Sendable {
        /// The directory as given to `watch(directory:)`, without trailing slashes.
        var path: String
        /// Module files seen (snapshot at watch time plus settled events), relative to `path`:
        /// `NAME.so`, or `D/D.so` of an installed bundle directory `D`.
        var known: Set<String>
        /// The watch on each bundle directory `D` (its files replaced in place), by `D`.
        var bundles: [String: Int32] = [:]
    }
}
