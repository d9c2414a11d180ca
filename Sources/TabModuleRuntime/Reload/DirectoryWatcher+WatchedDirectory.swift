extension DirectoryWatcher {
    /// One watched directory and the module files the watcher has seen in it.
    struct WatchedDirectory: Sendable {
        /// The directory as given to `watch(directory:)`, without trailing slashes.
        var path: String
        /// Names of module files seen (snapshot at watch time plus settled events).
        var known: Set<String>
    }
}
