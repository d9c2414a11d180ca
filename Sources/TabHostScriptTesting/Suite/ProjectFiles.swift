import Glibc

/// The project files `tabhost test` reads and writes (its scripts, its snapshots) are the project's own:
/// a `tests/__snapshots__` that was a link to a directory elsewhere had the run print files from there
/// and `--update` write into it, and a script or a snapshot that was a link printed its target.
public enum ProjectFiles {
    /// Why `relative` (slash-separated, below `project`) may not be used, or nil: one of its components
    /// is a symbolic link. A component that does not exist ends the check (nothing to follow there).
    public static func linkProblem(_ relative: String, in project: String) -> String? {
        var path = project
        for component in relative.split(separator: "/") {
            path += "/" + component
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT == S_IFLNK {
                let shown = String(path.dropFirst(project.count + 1))
                return "\(shown) is a symbolic link; tabhost test reads and writes only the project's own files: put the file itself there"
            }
        }
        return nil
    }
}
