extension DirectoryWatcher {
    /// The watch on a bundle directory `D` of a watched directory: which one, and `D`.
    struct BundleWatch: Sendable {
        /// The watch descriptor of the module directory that holds the bundle.
        var parent: Int32
        /// The bundle directory's name, `D`; its module file is `D/D.so`.
        var name: String
    }
}
