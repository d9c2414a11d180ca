import FoundationEssentials
import TabHostConcurrency
import TabKit
import TabLayout
import TabModuleLoading

extension HostSession {
    /// Starts reading and parsing the layout file at `path` on a thread of its own, its module names
    /// unchecked (the modules are not known yet): `open` overlaps it with listing and `stat`ing the
    /// module directories. Nil (for the thread's value) when the file cannot be read or parsed:
    /// `readLayout` then finds the problem again.
    static func startReadingLayout(_ path: String) -> ThreadedResult<Layout?> {
        ThreadedResult {
            guard let bytes = try? BoundedFile.read(path, limit: Layout.maximumFileBytes) else { return nil }
            return try? Layout.parse(bytes: bytes, file: path, knownModules: nil)
        }
    }

    /// The layout file at `path`, or without one a tab container with one tab per content module found.
    /// `parsed`: the file as `startReadingLayout` parsed it, used when every module it names is known.
    static func readLayout(_ path: String?, registry: ModuleRegistry, parsed: Layout? = nil) throws -> Layout {
        guard let path else {
            return Layout.tabs(forModules: registry.moduleNames(kind: .content) { _ in true })
        }
        // Parsing with the names would have given the same layout.
        let refused = registry.refusedFileNames
        if let parsed, parsed.namesOnlyModules(where: { registry.hasModule(named: $0) || refused.contains($0) }) { return parsed }
        // A problem is found again here with the names checked: the first error in file order, as ever.
        let bytes = try BoundedFile.read(path, limit: Layout.maximumFileBytes)
        // The refused files' names may be placed too: their tabs say why (one bad file does not stop the host).
        return try Layout.parse(bytes: bytes, file: path, knownModules: registry.moduleNames, refusedModules: refused)
    }

    /// The layout file's problems other than `first` (what `readLayout` threw), in file order, as
    /// `tabhost check-layout` lists them: a run that stops at a bad layout says every problem at once.
    static func otherLayoutProblems(_ path: String?, registry: ModuleRegistry, besides first: TabKitError) -> [String] {
        guard let path, let bytes = try? BoundedFile.read(path, limit: Layout.maximumFileBytes) else { return [] }
        let problems = Layout.problems(
            bytes: bytes, file: path, knownModules: registry.moduleNames, refusedModules: registry.refusedFileNames)
        return problems.map(\.description).filter {
            $0 != first.description
        }
    }

    /// Content modules in the directories that `layout` does not place, by name: at start they
    /// get a tab in the container with `acceptsNewModules`, as files dropped in later do.
    static func unplacedContentModules(of registry: ModuleRegistry, layout: Layout) -> [String] {
        let placed = layout.placedModules
        return registry.moduleNames(kind: .content) { !placed.contains($0) }
    }
}
