/// A module file the registry took from the metadata cache without its `stat` checks, at a session's
/// start (`ModuleRegistry.defersCachedFileChecks`): its path, the version the cache knew, and whether
/// its directory's permissions were checked for it. The session makes the checks after its first frame.
public struct PresumedModuleFile: Sendable, Hashable {
    /// The file's absolute path, as the registry lists it.
    public let path: String
    /// The version the metadata cache knew, under which the registry took the file.
    public let stamp: ModuleFileStamp
    /// The directory's permissions were checked for this file when it was listed.
    let directoryChecked: Bool

    /// What the skipped checks find now.
    public enum Finding: Sendable, Hashable {
        /// The file passes them at the version the cache knew.
        case unchanged
        /// The file is another version, or the checks refuse it now: load it as a changed file.
        case changed
        /// The file is gone.
        case gone
    }

    /// Makes the checks `load(directories:)` skipped (type, size, permissions, version).
    public func check(options: ModuleLoadOptions) -> Finding {
        do throws(ModuleError) {
            let (_, fresh) = try ModuleFileReader.checkStat(path, options: options, directoryChecked: directoryChecked)
            return fresh == stamp ? .unchanged : .changed
        } catch {
            return error.code == .notFound ? .gone : .changed
        }
    }
}
