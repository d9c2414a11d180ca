import TabKit

/// Image confinement per module: what a module shows (image nodes, its tab's image, the image of a tab
/// it adds) must be a file it could read itself (`ModuleImageConfinement`); another is shown by its
/// alternative text, with one log line per path (under the module's log budget).
extension ModuleController {
    /// `tree` with the images this module may not read cut to their alternative text.
    func confineImages(_ tree: ViewTree) -> ViewTree {
        ModuleImageConfinement.confine(tree, within: imageDirectories, refused: logRefusedImage)
    }

    /// `path` when this module may read it, else nil (logged once).
    func confinedImage(_ path: String) -> String? {
        if ModuleImageConfinement.allows(path, within: imageDirectories) { return path }
        logRefusedImage(path)
        return nil
    }

    private var imageDirectories: [String] {
        if let readableDirectories { return readableDirectories }
        guard let runtime = moduleRuntime else { return [] }
        let directories = runtime.factory.readableDirectories(of: info, dataDirectory: runtime.dataDirectory)
        readableDirectories = directories
        return directories
    }

    private func logRefusedImage(_ path: String) {
        if refusedImages.count >= 1024 { refusedImages.removeAll() }
        guard refusedImages.insert(path).inserted else { return }
        // Under the module's own log budget: each new path is a line, and a module can name paths without end.
        moduleLog(
            level: .warning,
            message:
                "image \(path.debugDescription) not shown: the module cannot read it (only its own directory, its data directory and its read:/write: grants)"
        )
    }
}
