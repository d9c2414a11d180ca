import Glibc
import SystemPackage
import _CBundleShims

extension ModuleDataDirectory {
    /// Moves `name`'s directory aside to `ROOT/.NAME.unclaimed-STAMP` when it holds anything: called when a
    /// bundle of that name is installed for the first time, so that what a module run from elsewhere under
    /// the name wrote there before (settings, a server's address, tokens of its own choosing) is never read
    /// by the bundle as its own. Nothing is deleted, and no module can be given the new name as its directory
    /// (no module name starts with a dot). Returns where the files went, nil when there was nothing to move;
    /// throws one line when they are there and could not be moved.
    public func setAsideUnclaimed(forModule name: String) throws(ModuleDataDirectoryError) -> String? {
        let path = path(forModule: name)
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        // Empty: removed, not kept. A module running from elsewhere under the name still holds its
        // sandbox's rule on that directory, and would write into the bundle's had it stayed; a directory
        // removed takes no new file. One it filled meanwhile is moved aside below.
        if info.st_mode & S_IFMT == S_IFDIR, rmdir(path) == 0 || errno == ENOENT { return nil }
        // The stamp refused states are named by: UTC, sortable, nothing a shell minds.
        let stamp = RefusedStateStore.timestamp(RefusedStateStore.nowMilliseconds())
        let base = root + "/." + name + ".unclaimed-" + stamp
        // A second install of the name in the same millisecond (after a purge) gets a counter, never another's files.
        for attempt in 0..<100 {
            let target = attempt == 0 ? base : base + "-" + String(attempt)
            // A target made meanwhile is never replaced.
            if tabhost_rename_noreplace(AT_FDCWD, path, AT_FDCWD, target) == 0 { return target }
            guard errno == EEXIST else { break }
        }
        let reason = Errno(rawValue: errno).description
        throw ModuleDataDirectoryError(
            "data_dir: \(path) holds files no installed bundle of \(name) wrote, and they could not be moved aside (\(reason)); "
                + "move them away yourself before you run \(name)")
    }
}
