extension DirectoryWatcher {
    /// How long files must stay quiet before they are reported, and when to give up on empty files.
    public struct Configuration: Sendable, Hashable {
        /// Quiet time after a close-after-write, a delete or a rename-out before the file is checked.
        ///
        /// The window restarts with every new event for the same file (debounce), and the file must
        /// have the same non-zero size and modification time at the start and the end of the window.
        public var settle: Duration
        /// Quiet time after a file is renamed *into* the directory (`IN_MOVED_TO`).
        ///
        /// `rename()` is atomic: the file is complete when it appears, so this can be much shorter
        /// than `settle` (zero reports it on the next `poll`); it still waits for the rest of a
        /// burst already queued, and a zero-size file still waits for content.
        public var renameSettle: Duration
        /// How many checks a zero-size file survives before it is reported as `.dropped`.
        public var emptyFileChecks: Int
        /// The file name suffix of module files.
        public var fileSuffix: String

        /// Creates a configuration; the defaults suit a host (50 ms settle, renames at once, 20 empty checks).
        public init(
            settle: Duration = .milliseconds(50),
            renameSettle: Duration = .zero,
            emptyFileChecks: Int = 20,
            fileSuffix: String = ".so"
        ) {
            self.settle = settle
            self.renameSettle = renameSettle
            self.emptyFileChecks = emptyFileChecks
            self.fileSuffix = fileSuffix
        }
    }
}
