import TabKit
import TabModuleLoading

/// Which image files a module may show: only those it could read itself (its own directory, its data
/// directory, its `read:` and `write:` grants), judged per module when its rendering comes in, so an
/// image node never makes the host serve or read a file that only another module, or the host, may read.
/// The front ends' own bound (the session's module and data directories, no link followed) still applies.
public enum ModuleImageConfinement {
    /// Whether `path` lies below one of `directories` (absolute, and no empty, `.` or `..` component
    /// after the directory): judged by its text; the web server opens it without following a link.
    public static func allows(_ path: String, within directories: [String]) -> Bool {
        guard path.hasPrefix("/") else { return false }
        return directories.contains { directory in
            var root = directory
            while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
            let prefix = root == "/" ? "/" : root + "/"
            guard root.hasPrefix("/"), path.hasPrefix(prefix) else { return false }
            let parts = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
        }
    }

    /// `tree` with every image node whose path the module may not read shown by its alternative text
    /// alone (an empty path, which no front end loads); `refused` hears each such path.
    public static func confine(_ tree: ViewTree, within directories: [String], refused: (String) -> Void) -> ViewTree {
        func confine(_ node: ViewNode) -> ViewNode {
            switch node {
            case .image(let path, let alt) where !path.isEmpty && !allows(path, within: directories):
                refused(path)
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return .image(path: "", alt: alt ?? "[image: \(name)]")
            case .styled(let style, let inner): return .styled(style, confine(inner))
            default: return node
            }
        }
        guard tree.nodes.contains(where: { if case .image = $0.unstyled { true } else { false } }) else { return tree }
        var confined = tree
        confined.nodes = tree.nodes.map(confine)
        return confined
    }

    /// The directories a module may read by default: its own directory and its data directory.
    public static func ownDirectories(of info: ModuleInfo, dataDirectory: ModuleDataDirectory?) -> [String] {
        [ModuleFileReader.parentDirectory(of: info.sourcePath)] + (dataDirectory.map { [$0.path(forModule: info.name)] } ?? [])
    }
}
