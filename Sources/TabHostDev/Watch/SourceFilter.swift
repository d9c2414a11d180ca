/// Which files and directories of a project are sources: a save to one starts a build. Build outputs,
/// hidden entries (`.build`, `.git`, `.swiftpm`, editors' `.#x` and `.x.swp`) and editor temp and
/// backup files are not, so a build never triggers itself and an editor's save counts once.
public enum SourceFilter {
    private static let ignoredSuffixes = [".o", ".so", ".a", ".d", ".swp", ".swx", ".swo", ".tmp", "~", ".partial"]
    private static let ignoredNames: Set<String> = ["4913", "Package.resolved", "build", "node_modules"]

    /// True when a change to `name` (a file or, with `isDirectory`, a directory) does not start a build.
    public static func isIgnored(_ name: String, isDirectory: Bool) -> Bool {
        if name.hasPrefix(".") || ignoredNames.contains(name) { return true }
        if isDirectory { return false }
        if name.hasPrefix("#") { return true }  // Emacs auto-save
        return ignoredSuffixes.contains { name.hasSuffix($0) }
    }
}
