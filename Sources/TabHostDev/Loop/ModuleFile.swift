/// Names of the files `DevLoop` writes into the watched module directory.
enum ModuleFile {
    /// A hidden sibling of `path` that no module directory loads (hidden, and not ending in `.so`).
    static func partialPath(for path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." + path + ".partial" }
        return String(path[...slash]) + "." + path[path.index(after: slash)...] + ".partial"
    }
}
