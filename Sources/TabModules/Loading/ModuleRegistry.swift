/// The modules of one host, by name: the "NSClassFromString" that tabs are instantiated from.
///
/// Use on one thread. Loading never stops at a bad file: each gets an `Entry` with its error.
public final class ModuleRegistry {
    /// The outcome for one file or directory, in scan order.
    public struct Entry: Sendable {
        /// The file (or, for a directory error, the directory).
        public var path: String
        /// The accepted module, or nil.
        public var module: LoadedModule?
        /// Why it was refused, or nil.
        public var error: ModuleError?
        /// True when `path` is a directory that could not be scanned.
        public var isDirectory: Bool = false
    }

    /// Checks, copies and opens the files.
    public let loader: ModuleLoader
    /// Every file and directory outcome, in the order loaded.
    public private(set) var entries: [Entry] = []
    private var byName: [String: LoadedModule] = [:]
    /// The same modules by source file: loading 1,000 files must not scan the registry per file.
    private var byPath: [String: LoadedModule] = [:]

    /// Creates an empty registry that loads with `loader`.
    public init(loader: ModuleLoader) {
        self.loader = loader
    }

    /// The accepted modules, sorted by name.
    public var modules: [LoadedModule] { byName.values.sorted { $0.name < $1.name } }

    /// The errors of every refused file and unreadable directory, in order.
    public var errors: [ModuleError] { entries.compactMap(\.error) }

    /// The module named `name`, if one was accepted.
    public func module(named name: String) -> LoadedModule? { byName[name] }

    /// Loads every module file of `directories` (see `ModuleDiscovery`), recording an entry per
    /// file and per bad directory. Returns the new entries.
    @discardableResult
    public func load(directories: [ModuleDirectory]) -> [Entry] {
        let scan = ModuleDiscovery.scan(directories)
        var added = scan.errors.map { Entry(path: $0.path, module: nil, error: $0, isDirectory: true) }
        for file in scan.files {
            do throws(ModuleError) {
                let (module, _) = try load(file: file, recording: false)
                added.append(Entry(path: module.info.sourcePath, module: module, error: nil))
            } catch {
                added.append(Entry(path: error.path, module: nil, error: error))
            }
        }
        entries += added
        return added
    }

    /// Loads one file and registers its module. If the same file already provided a module, the
    /// new one replaces it and the old one is returned in `replaced` (still open: live instances
    /// may use it; close it when they are gone). A name another file already provides is refused
    /// with `duplicateName` (the first file wins).
    public func load(file: String) throws(ModuleError) -> (module: LoadedModule, replaced: LoadedModule?) {
        try load(file: file, recording: true)
    }

    /// Removes the module that `file` provided from lookup and returns it (not closed).
    @discardableResult
    public func unload(file: String) -> LoadedModule? {
        let path = ModuleFileReader.absolute(file)
        guard let module = byPath.removeValue(forKey: path) else { return nil }
        byName[module.name] = nil
        // The file is gone: drop its entry too, so the image closes once its last instance goes.
        entries.removeAll { $0.path == path && !$0.isDirectory }
        return module
    }

    private func load(file: String, recording: Bool) throws(ModuleError) -> (
        module: LoadedModule, replaced: LoadedModule?
    ) {
        do throws(ModuleError) {
            let module = try loader.load(file)
            let path = module.info.sourcePath
            if let other = byName[module.name], other.info.sourcePath != path {
                module.close()
                throw ModuleError(
                    .duplicateName, path: path,
                    reason: "module name \"\(module.name)\" is already provided by \(other.info.sourcePath)",
                    hint: "rename one of the modules or remove one file")
            }
            let replaced = byPath[path]
            if let replaced { byName[replaced.name] = nil }
            byName[module.name] = module
            byPath[path] = module
            if recording { record(Entry(path: path, module: module, error: nil)) }
            return (module, replaced)
        } catch {
            if recording { record(Entry(path: error.path, module: nil, error: error)) }
            throw error
        }
    }

    /// Keeps one entry per path: a reload replaces the file's entry, so entries (and the old
    /// images they hold) do not pile up over many reloads.
    private func record(_ entry: Entry) {
        if let index = entries.firstIndex(where: { $0.path == entry.path && !$0.isDirectory }) {
            if entry.module == nil, let module = entries[index].module, byName[module.name] === module {
                // A refused reload: the old module still serves; keep it reachable from its entry.
                entries[index].error = entry.error
            } else {
                entries[index] = entry
            }
        } else {
            entries.append(entry)
        }
    }

    /// The module that `file` currently provides, if any.
    public func module(file: String) -> LoadedModule? {
        let path = ModuleFileReader.absolute(file)
        return byPath[path]
    }

    /// Puts `module` back under its name (a reload was rolled back after the new version was
    /// registered), replacing whatever the same file provided meanwhile.
    public func reinstate(_ module: LoadedModule) {
        let path = module.info.sourcePath
        if let other = byPath[path] { byName[other.name] = nil }
        byName[module.name] = module
        byPath[path] = module
        if let index = entries.firstIndex(where: { $0.path == path && !$0.isDirectory }) {
            entries[index].module = module
        }
    }
}
