import TabHostConcurrency

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
        /// The metadata cache's answer for a file not opened yet (accepted), or nil.
        public var cachedInfo: ModuleInfo? {
            get { if case .accepted(let info) = cachedOutcome?.outcome { info } else { nil } }
            set { cachedOutcome = newValue.map { CachedOutcomeBox(.accepted($0)) } }
        }
        /// `cachedInfo` as the cache holds it: the entry shares the cache's boxed outcome rather than
        /// holding a copy of the metadata (a start makes one entry for each of a thousand modules).
        var cachedOutcome: CachedOutcomeBox? = nil
        /// True when the outcome came from the metadata cache, not from loading the file.
        public var fromCache: Bool = false

        /// The accepted module's metadata, loaded or from the cache.
        public var info: ModuleInfo? { module?.info ?? cachedInfo }
    }

    /// Checks, copies and opens the files.
    public let loader: ModuleLoader
    /// The module file names each scanned directory held, by the directory's absolute path (no trailing
    /// slash): what the directory watcher starts from, so it does not list and stat them again.
    private var listings: [String: [String]] = [:]
    /// Every file and directory outcome, in the order loaded.
    public private(set) var entries: [Entry] = []
    private var byName: [String: LoadedModule] = [:]
    /// The same modules by source file: loading 1,000 files must not scan the registry per file.
    private var byPath: [String: LoadedModule] = [:]
    /// Modules accepted from the metadata cache and not opened yet, by name; opened on first use.
    private var cachedByName: [String: CachedModuleEntry] = [:]
    /// The names of `cachedByName` by file, made from it when first needed (nil until then): a start
    /// registers a thousand cached modules without hashing their paths, and opens one by name.
    private var cachedNameByPath: [String: String]?
    private var openFailures: [String: ModuleError] = [:]
    /// The files refused during one `load(directories:)` for a name another file declares: each name and
    /// file, for `withdrawContestedNames`.
    private var contestedClaims: [(name: String, path: String)] = []

    /// What each file's descriptor said or why it was refused, by path and stamp: with it, `load(directories:)`
    /// opens no file whose version it knows, and `module(named:)` opens such a module on first use.
    /// Made by `makeMetadataCache` on first use when that is set.
    public var metadataCache: ModuleMetadataCache? {
        get {
            if let make = makeMetadataCache {
                makeMetadataCache = nil
                storedMetadataCache = make()
            }
            return storedMetadataCache
        }
        set {
            makeMetadataCache = nil
            storedMetadataCache = newValue
        }
    }
    /// Makes `metadataCache` when it is first used: `load(directories:)` uses it only once the
    /// directories are listed, so a cache being read on another thread (``ModuleMetadataCacheReading``)
    /// is joined only then.
    public var makeMetadataCache: (() -> ModuleMetadataCache)?
    private var storedMetadataCache: ModuleMetadataCache?
    /// Whether there is a metadata cache, without making it.
    private var hasMetadataCache: Bool { makeMetadataCache != nil || storedMetadataCache != nil }
    /// Called when a module accepted from the metadata cache is opened and its file turned out to have
    /// changed since (as a hot reload of a changed file would report it): the cached metadata, and the
    /// new version or why it was refused.
    public var onCachedModuleChanged: ((ModuleInfo, Result<LoadedModule, ModuleError>) -> Void)?
    /// Set before `load(directories:)` at a session's start: a listed file that the trusted metadata cache
    /// knows is registered from its cached entry without its `stat` checks, and kept in `presumedFiles`
    /// for the session to check after its first frame. No code of such a file runs before it is checked:
    /// a tab that opens the module checks the file then (`module(named:)`), as for any cached module.
    public var defersCachedFileChecks = false
    /// The files `load(directories:)` took from the metadata cache without their `stat` checks
    /// (`defersCachedFileChecks`), in the order listed; emptied by `takePresumedFiles()`.
    public private(set) var presumedFiles: [PresumedModuleFile] = []

    /// Creates an empty registry that loads with `loader`.
    public init(loader: ModuleLoader) {
        self.loader = loader
    }

    /// The opened modules, sorted by name (not those only the metadata cache knows: see `infos`).
    public var modules: [LoadedModule] { byName.values.sorted { $0.name < $1.name } }

    /// Every accepted module's metadata, opened or from the metadata cache, sorted by name.
    public var infos: [ModuleInfo] {
        (byName.values.map(\.info) + cachedByName.values.compactMap(\.info)).sorted { $0.name < $1.name }
    }

    /// The names of the accepted modules of `kind` that `include` keeps, sorted: no metadata is copied
    /// (a run without a layout asks this of every module at start).
    public func moduleNames(kind: ModuleKind, where include: (String) -> Bool) -> [String] {
        moduleNames(kind: kind) { name, _ in include(name) }
    }

    /// The names of the accepted modules of `kind` that `include` keeps, given each one's name and module
    /// file (`ModuleInfo.sourcePath`), sorted: a caller that decides by the file looks up no metadata by name.
    public func moduleNames(kind: ModuleKind, whereFile include: (_ name: String, _ file: String) -> Bool) -> [String] {
        var names: [String] = []
        for module in byName.values where module.info.kind == kind && include(module.name, module.info.sourcePath) {
            names.append(module.name)
        }
        // An accepted entry's path is its metadata's `sourcePath`. Read in place: a `for` over the
        // dictionary would copy each entry out and destroy it.
        let entries = cachedByName.values
        for index in entries.indices where entries[index].info?.kind == kind {
            let name = cachedByName.keys[index]
            if include(name, entries[index].path) { names.append(name) }
        }
        names.sort()
        return names
    }

    /// The names of the non-empty regular module files `directory` held when `load(directories:)` last
    /// scanned it (as a directory watcher's snapshot would find them then), or nil if it was not scanned.
    /// Names are relative to the directory: `NAME.so`, or `D/D.so` for a bundle directory `D`.
    public func listedFileNames(in directory: ModuleDirectory) -> Set<String>? {
        guard let files = listings[directory.absolutePath] else { return nil }
        // Only refused entries can be files a snapshot would not list; the others cost a nil check.
        var notModules = Set<String>()
        for entry in entries {
            guard let code = entry.error?.code, Self.notModuleFileCodes.contains(code) else { continue }
            notModules.insert(entry.path)
        }
        var names = Set<String>(minimumCapacity: files.count)
        let path = directory.absolutePath
        let nameOffset = path == "/" ? 1 : path.utf8.count + 1
        for file in files where notModules.isEmpty || !notModules.contains(file) {
            // From the contiguous bytes where the path has them: the generic slicing of a String.UTF8View
            // costs several times more, for each of a thousand files as a session starts.
            let name = file.utf8.withContiguousStorageIfAvailable { bytes in
                String(decoding: UnsafeBufferPointer(rebasing: bytes[min(nameOffset, bytes.count)...]), as: UTF8.self)
            }
            names.insert(name ?? String(Substring(file.utf8.dropFirst(nameOffset))))
        }
        return names
    }

    /// Refusals of paths that are not non-empty regular files (a directory snapshot skips those).
    private static let notModuleFileCodes: Set<ModuleError.Code> = [.emptyFile, .notRegularFile, .notFound]

    /// The names of every accepted module, opened or from the metadata cache.
    public var moduleNames: Set<String> {
        // Sized once: a layout of 1,000 tabs asks this at start, and growing the set rehashes it.
        var names = Set<String>(minimumCapacity: byName.count + cachedByName.count)
        names.formUnion(byName.keys)
        names.formUnion(cachedByName.keys)
        return names
    }

    /// Whether a module named `name` was accepted (opened or cached); `moduleNames.contains(name)`
    /// without building the set. Looked up by index: a subscript would copy each entry out and destroy it.
    public func hasModule(named name: String) -> Bool {
        byName.index(forKey: name) != nil || cachedByName.index(forKey: name) != nil
    }

    /// The errors of every refused file and unreadable directory, in order.
    public var errors: [ModuleError] { entries.compactMap(\.error) }

    /// The module named `name`, if one was accepted; a module the metadata cache accepted is opened now
    /// (checked afresh; see `onCachedModuleChanged` for a file that changed since).
    public func module(named name: String) -> LoadedModule? {
        if let module = byName[name] { return module }
        guard let cached = cachedByName[name], let info = cached.info else { return nil }
        cachedByName[name] = nil
        cachedNameByPath?[cached.path] = nil
        do throws(ModuleError) {
            let (module, _) = try load(file: cached.path, known: cached, recording: true)
            if module.fileStamp != cached.stamp { onCachedModuleChanged?(info, .success(module)) }
        } catch {
            openFailures[name] = error
            onCachedModuleChanged?(info, .failure(error))
        }
        return byName[name]
    }

    /// Why the module named `name`, accepted from the metadata cache, could not be opened when first
    /// used (its file changed or broke since), or nil.
    public func openFailure(named name: String) -> ModuleError? { byName[name] == nil ? openFailures[name] : nil }

    /// The version of each accepted module's file as loading (or the metadata cache lookup) saw it, by path.
    public var fileStamps: [String: ModuleFileStamp] {
        var stamps = byPath.mapValues(\.fileStamp)
        for entry in cachedByName.values { stamps[entry.path] = entry.stamp }
        return stamps
    }

    /// The metadata of the module named `name` without opening it, if one was accepted.
    public func info(named name: String) -> ModuleInfo? { byName[name]?.info ?? cachedByName[name]?.info }

    /// The metadata of the module that `file` provides (opened or cached), if any.
    public func info(file: String) -> ModuleInfo? {
        let path = ModuleFileReader.absolute(file)
        return byPath[path]?.info ?? cachedNamesByPath()[path].flatMap { cachedByName[$0]?.info }
    }

    /// Loads every module file of `directories` (see `ModuleDiscovery`), recording an entry per
    /// file, per bad directory and per bundle directory without its module file (as that file's refusal). Returns the new entries. With a `metadataCache`, a file whose
    /// version the cache knows is only `stat`ed (its type and permissions checked afresh); the
    /// others are loaded, the reading, checks and private copy running ahead on a worker thread.
    @discardableResult
    public func load(directories: [ModuleDirectory]) -> [Entry] {
        contestedClaims = []
        var added: [Entry] = []
        // Each directory's permissions are checked once for all its files (the files' own every time).
        var files: [ListedFile] = []
        var listed: [(directory: ModuleDirectory, files: [String])] = []
        // With the cache, each directory is opened for its files' `fstatat`s (discovery joined its
        // absolute path and each name with one slash).
        var opened: [Int32] = []
        defer { opened.forEach(ModuleFileReader.closeDirectory) }
        for directory in directories {
            do throws(ModuleError) {
                let listing = try ModuleDiscovery.listing(in: directory)
                let found = listing.files
                let path = directory.absolutePath
                listings[path] = found
                added += listing.problems.map { Entry(path: $0.path, module: nil, error: $0) }
                var handle: (fd: Int32, nameOffset: Int)?
                if hasMetadataCache && !found.isEmpty, let fd = ModuleFileReader.openDirectory(path) {
                    handle = (fd, path == "/" ? 1 : path.utf8.count + 1)
                    opened.append(fd)
                }
                let secure =
                    if found.isEmpty {
                        false
                    } else if let handle {
                        ModuleFileReader.directoryIsSecure(descriptor: handle.fd)
                    } else {
                        ModuleFileReader.directoryIsSecure(path)
                    }
                // A bundle's file (`D/D.so`) has a directory of its own, checked with the file.
                let nameOffset = path == "/" ? 1 : path.utf8.count + 1
                files += found.map { file in
                    // Over the contiguous bytes: the generic walk of a String.UTF8View costs several times more.
                    let own = file.utf8.withContiguousStorageIfAvailable { !$0[min(nameOffset, $0.count)...].contains(UInt8(ascii: "/")) }
                    return (file, secure && (own ?? !file.utf8.dropFirst(nameOffset).contains(UInt8(ascii: "/"))), handle)
                }
                listed.append((directory, found))
            } catch {
                added.append(Entry(path: error.path, module: nil, error: error, isDirectory: true))
            }
        }
        // Optional, so that each lookup is moved out in turn (`take()`), not copied and destroyed later.
        var lookups: [Lookup?]
        if defersCachedFileChecks, let metadataCache, metadataCache.isTrusted {
            cachedByName.reserveCapacity(cachedByName.count + files.count)
            lookups = files.map { file in presumedLookUp(file, in: metadataCache) }
        } else {
            // Every file is `stat`ed before the first use of the cache, which joins a cache read on another
            // thread: a thousand `stat`s are the time that read needs.
            let checks = hasMetadataCache ? Self.checkStats(of: files, options: loader.options) : nil
            if metadataCache != nil {
                cachedByName.reserveCapacity(cachedByName.count + files.count)
            }
            lookups = checks?.map { lookUp($0) } ?? files.map { .miss(path: $0.path, stamp: nil) }
        }
        if let metadataCache { forgetDeletedFiles(of: listed, lookups: lookups, in: metadataCache) }
        // An entry is large: grown by doubling, the array would copy them all several times into new pages.
        added.reserveCapacity(added.count + lookups.count)
        let misses = lookups.compactMap { lookup in lookup?.isMiss == true ? lookup?.path : nil }
        let pipeline = misses.count > 1 ? ModulePreparePipeline(files: misses, loader: loader) : nil
        // Prepared files after the one being opened that were announced already: each is announced once.
        var announced = 0
        for index in lookups.indices {
            guard let lookup = lookups[index].take() else { continue }
            switch consume lookup {
            case .refused(let error):
                added.append(Entry(path: error.path, module: nil, error: error))
            case .cached(let entry):
                added.append(register(entry))
            case .miss(let path, let stamp):
                let prepared = pipeline?.next() ?? Result { () throws(ModuleError) in try loader.prepare(path) }
                // The next files' scans run while this one's is waited for.
                announced = max(announced - 1, 0)
                while announced < ModuleLoader.announcedAhead, let ahead = pipeline?.peek(skipping: announced) {
                    if case .success(let file) = ahead { loader.announce(file) }
                    announced += 1
                }
                do throws(ModuleError) {
                    let (module, _) = try load(prepared: prepared, stamp: stamp, recording: false)
                    added.append(Entry(path: module.info.sourcePath, module: module, error: nil))
                } catch {
                    added.append(Entry(path: error.path, module: nil, error: error))
                }
            }
        }
        // The first load's entries share the array rather than copy it.
        if entries.isEmpty { entries = added } else { entries += added }
        if !contestedClaims.isEmpty { withdrawContestedNames(from: &added) }
        noteRefusedFileNames(of: added)
        return added
    }

    /// The names of refused module files as their files give them (`NAME.so`, `NAME/NAME.so`), where no
    /// module of that name was accepted: a layout may place them, and the tab says why the module
    /// cannot be opened (`openFailure(named:)`). Without them a layout naming a module whose file broke
    /// stopped the whole host as an unknown module, unless the metadata cache happened to know the name.
    public private(set) var refusedFileNames: Set<String> = []

    private func noteRefusedFileNames(of added: [Entry]) {
        for entry in added where entry.module == nil && !entry.isDirectory {
            guard let error = entry.error, let name = Self.moduleName(ofFile: entry.path), !hasModule(named: name),
                openFailures[name] == nil
            else { continue }
            openFailures[name] = error
            refusedFileNames.insert(name)
        }
    }

    /// `NAME` of a module file `…/NAME.so`, when it is a module name.
    private static func moduleName(ofFile path: String) -> String? {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard file.hasSuffix(ModuleNameRules.fileSuffix) else { return nil }
        let name = String(file.dropLast(ModuleNameRules.fileSuffix.count))
        return ModuleNameRules.nameProblem(name) == nil ? name : nil
    }

    /// Takes every name two or more listed files declare from all of them, the file that was registered
    /// first included. A name is what a layout's grants (`isolation`, `permissions`) and a module's data
    /// directory are bound to: had the first file in byte order kept it, any module dropped beside
    /// another could declare that one's name, sort first, and run with its grants and data. Which of the
    /// files is the one the user meant cannot be told, so neither loads, and each says why.
    private func withdrawContestedNames(from added: inout [Entry]) {
        let claims = contestedClaims
        contestedClaims = []
        var files: [String: [String]] = [:]
        for claim in claims { files[claim.name, default: []].append(claim.path) }
        for (name, refused) in files {
            var claimants = refused
            if let module = byName[name] {
                let path = module.info.sourcePath
                byName[name] = nil
                byPath[path] = nil
                module.close()
                claimants.insert(path, at: 0)
            } else if let path = cachedByName[name]?.path {
                cachedByName[name] = nil
                cachedNameByPath?[path] = nil
                claimants.insert(path, at: 0)
            }
            for path in claimants {
                let others = claimants.filter { $0 != path }.joined(separator: ", ")
                let error = ModuleError(
                    .duplicateName, path: path, reason: "module name \"\(name)\" is also declared by \(others)",
                    hint: "a name belongs to one file: rename one of the modules or remove the others (none of them loads meanwhile)")
                for index in added.indices where added[index].path == path && !added[index].isDirectory {
                    added[index] = Entry(path: path, module: nil, error: error)
                }
                for index in entries.indices where entries[index].path == path && !entries[index].isDirectory {
                    entries[index] = Entry(path: path, module: nil, error: error)
                }
            }
        }
    }

    /// Takes `presumedFiles` (the session checks each once).
    public func takePresumedFiles() -> [PresumedModuleFile] {
        defer { presumedFiles = [] }
        return presumedFiles
    }

    /// The cache's entry for a listed file, taken without the file's `stat` checks and noted in
    /// `presumedFiles`; the checked lookup for a file the cache does not know (or whose image is gone).
    private func presumedLookUp(_ file: ListedFile, in metadataCache: ModuleMetadataCache) -> Lookup {
        guard let entry = metadataCache.presumedEntry(for: file.path), !Self.imageIsGone(of: entry) else {
            return lookUp(checkStat(file.path, in: file.directory, directoryChecked: file.directoryChecked))
        }
        presumedFiles.append(PresumedModuleFile(path: file.path, stamp: entry.stamp, directoryChecked: file.directoryChecked))
        return .cached(entry)
    }

    /// Drops the metadata cache's entries for module files of the `listed` directories that are gone. When
    /// every entry the cache has under a directory answered one of its listed files (`lookups`, in the order
    /// of the listings' files), none is gone: the usual warm start hashes no path for this.
    private func forgetDeletedFiles(
        of listed: [(directory: ModuleDirectory, files: [String])], lookups: [Lookup?], in metadataCache: ModuleMetadataCache
    ) {
        var start = 0
        for (directory, found) in listed {
            // By index: iterating the elements would copy each lookup (and its cached entry) to test it.
            var answered = 0
            for index in start..<(start + found.count) where lookups[index]?.isCached == true { answered += 1 }
            start += found.count
            if answered > 0 && metadataCache.entryCount(under: directory) == answered { continue }
            metadataCache.forget(filesOf: directory, except: Set(found))
        }
    }

    /// The entry for one file as `load(directories:)` makes it (from the metadata cache when it knows
    /// this version), recorded like one; for `tabhost inspect FILE`.
    public func entry(file: String) -> Entry {
        let entry: Entry
        switch lookUp(file) {
        case .refused(let error):
            entry = Entry(path: error.path, module: nil, error: error)
        case .cached(let cached):
            entry = register(cached)
        case .miss(let path, let stamp):
            do throws(ModuleError) {
                let prepared = Result { () throws(ModuleError) in try loader.prepare(path) }
                let (module, _) = try load(prepared: prepared, stamp: stamp, recording: false)
                entry = Entry(path: module.info.sourcePath, module: module, error: nil)
            } catch {
                entry = Entry(path: error.path, module: nil, error: error)
            }
        }
        entries.append(entry)
        // One file looked at alone contests no name for good.
        contestedClaims = []
        return entry
    }

    /// A file's fresh `stat` checks, then the metadata cache's answer for that version.
    private enum Lookup {
        case refused(ModuleError)
        case cached(CachedModuleEntry)
        case miss(path: String, stamp: ModuleFileStamp?)

        var isMiss: Bool { if case .miss = self { true } else { false } }
        var isCached: Bool { if case .cached = self { true } else { false } }
        var path: String {
            switch self {
            case .refused(let error): error.path
            case .cached(let entry): entry.path
            case .miss(let path, _): path
            }
        }
    }

    private func lookUp(_ file: String) -> Lookup {
        guard hasMetadataCache else { return .miss(path: file, stamp: nil) }
        return lookUp(checkStat(file))
    }

    /// A file's fresh `stat` checks: its absolute path and version, or why it is refused. `directory`:
    /// the file's directory, open, and where the file's name starts in `file` (`fstatat` on the name).
    private func checkStat(
        _ file: String, in directory: (fd: Int32, nameOffset: Int)? = nil, directoryChecked: Bool = false
    ) -> Result<(path: String, stamp: ModuleFileStamp), ModuleError> {
        Self.checkStat(file, in: directory, directoryChecked: directoryChecked, options: loader.options)
    }

    private static func checkStat(
        _ file: String, in directory: (fd: Int32, nameOffset: Int)?, directoryChecked: Bool, options: ModuleLoadOptions
    ) -> Result<(path: String, stamp: ModuleFileStamp), ModuleError> {
        Result { () throws(ModuleError) in
            guard let directory else {
                return try ModuleFileReader.checkStat(file, options: options, directoryChecked: directoryChecked)
            }
            return try ModuleFileReader.checkStat(file, in: directory, options: options, directoryChecked: directoryChecked)
        }
    }

    /// The `stat` checks of `files`, in order. Past `parallelStatThreshold` files the second half is
    /// checked on a thread of its own meanwhile: a `stat` is mostly the kernel's path walk, and a warm
    /// start makes one per module file before it can show anything.
    private static func checkStats(
        of files: [ListedFile], options: ModuleLoadOptions
    ) -> [Result<(path: String, stamp: ModuleFileStamp), ModuleError>] {
        let check = { (file: ListedFile) in
            checkStat(file.path, in: file.directory, directoryChecked: file.directoryChecked, options: options)
        }
        guard files.count >= parallelStatThreshold else { return files.map(check) }
        let half = files.count / 2
        let second = ThreadedResult { files[half...].map(check) }
        return files[..<half].map(check) + second.value()
    }

    /// A listed module file: its absolute path, whether its directory's permissions were checked for it,
    /// and its directory, open for `fstatat` (with where the file's name starts in the path).
    private typealias ListedFile = (path: String, directoryChecked: Bool, directory: (fd: Int32, nameOffset: Int)?)

    /// How many listed files (of every directory) it takes before half of their `stat`s go to another thread.
    static let parallelStatThreshold = 256

    /// The metadata cache's answer for a file whose `stat` checks passed (or the refusal they gave).
    private func lookUp(_ checks: Result<(path: String, stamp: ModuleFileStamp), ModuleError>) -> Lookup {
        let checked: (path: String, stamp: ModuleFileStamp)
        switch checks {
        case .success(let success): checked = success
        case .failure(let error): return .refused(error)
        }
        guard let entry = metadataCache?.entry(for: checked.path, stamp: checked.stamp) else {
            return .miss(path: checked.path, stamp: checked.stamp)
        }
        if Self.imageIsGone(of: entry) { return .miss(path: checked.path, stamp: checked.stamp) }
        return .cached(entry)
    }

    /// The image is another file: it must still exist, or the module is loaded (and refused) afresh.
    private static func imageIsGone(of entry: CachedModuleEntry) -> Bool {
        guard let image = entry.info?.imagePath else { return false }
        return ModuleFileStamp(path: image) == nil
    }

    /// Registers a cached outcome (refused, or accepted and opened on first use), with the
    /// first-file-wins rule for names.
    private func register(_ cached: consuming CachedModuleEntry) -> Entry {
        guard let info = cached.info else {
            return Entry(path: cached.path, module: nil, error: cached.error, fromCache: true)
        }
        let path = cached.path
        // One hash of the name in the common case (a start registers every cached module here): an
        // opened module of that name is only possible once something was opened, and a cached one is
        // put back when the insert finds it.
        if !byName.isEmpty, let other = byName[info.name]?.info, other.sourcePath != path {
            contestedClaims.append((info.name, path))
            return Entry(
                path: path, module: nil, error: Self.duplicate(info.name, path: path, first: other.sourcePath), fromCache: true)
        }
        let outcome = cached.box
        // The entry moves into the dictionary (its last use).
        if let other = cachedByName.updateValue(consume cached, forKey: info.name), other.path != path {
            cachedByName[info.name] = other
            contestedClaims.append((info.name, path))
            return Entry(path: path, module: nil, error: Self.duplicate(info.name, path: path, first: other.path), fromCache: true)
        }
        cachedNameByPath?[path] = info.name
        return Entry(path: path, module: nil, error: nil, cachedOutcome: outcome, fromCache: true)
    }

    /// Drops a cached, not yet opened module of `path`; returns its name.
    @discardableResult
    private func forgetCached(path: String) -> String? {
        guard let name = cachedNamesByPath()[path] else { return nil }
        cachedByName[name] = nil
        cachedNameByPath?[path] = nil
        return name
    }

    /// `cachedNameByPath`, made now if it was not.
    private func cachedNamesByPath() -> [String: String] {
        if let cachedNameByPath { return cachedNameByPath }
        var names = [String: String](minimumCapacity: cachedByName.count)
        for (name, entry) in cachedByName { names[entry.path] = name }
        cachedNameByPath = names
        return names
    }

    private static func duplicate(_ name: String, path: String, first: String) -> ModuleError {
        ModuleError(
            .duplicateName, path: path, reason: "module name \"\(name)\" is already provided by \(first)",
            hint: "rename one of the modules or remove one file")
    }

    /// Loads one file and registers its module. If the same file already provided a module, the
    /// new one replaces it and the old one is returned in `replaced` (still open: live instances
    /// may use it; close it when they are gone). A name another file already provides is refused
    /// with `duplicateName` (the first file wins).
    public func load(file: String) throws(ModuleError) -> (module: LoadedModule, replaced: LoadedModule?) {
        try load(file: file, known: nil, recording: true)
    }

    /// Removes the module that `file` provided from lookup and returns it (not closed).
    @discardableResult
    public func unload(file: String) -> LoadedModule? {
        let path = ModuleFileReader.absolute(file)
        metadataCache?.forget(path: path)
        if forgetCached(path: path) != nil { entries.removeAll { $0.path == path && !$0.isDirectory } }
        guard let module = byPath.removeValue(forKey: path) else { return nil }
        byName[module.name] = nil
        // The file is gone: drop its entry too, so the image closes once its last instance goes.
        entries.removeAll { $0.path == path && !$0.isDirectory }
        return module
    }

    private func load(file: String, known: CachedModuleEntry?, recording: Bool) throws(ModuleError) -> (
        module: LoadedModule, replaced: LoadedModule?
    ) {
        let path = ModuleFileReader.absolute(file)
        // A cached, not yet opened module of this file gives way to what the file holds now (the one
        // `module(named:)` opens, `known`, is already let go of).
        if known == nil { forgetCached(path: path) }
        let stamp = ModuleFileStamp(path: path)
        let prepared = Result { () throws(ModuleError) in try loader.prepare(path) }
        return try load(prepared: prepared, known: known, stamp: stamp, recording: recording)
    }

    /// Opens a prepared file and registers its module, recording the outcome in the metadata cache
    /// (a refusal under `stamp`, the version `stat` saw before reading).
    private func load(
        prepared: Result<PreparedModuleFile, ModuleError>, known: CachedModuleEntry? = nil, stamp: ModuleFileStamp?,
        recording: Bool
    ) throws(ModuleError) -> (module: LoadedModule, replaced: LoadedModule?) {
        do throws(ModuleError) {
            let module = try loader.open(prepared.get(), known: known)
            let path = module.info.sourcePath
            // Accepted on its own: which file wins a name is decided afresh each time.
            metadataCache?.record(CachedModuleEntry(path: path, stamp: module.fileStamp, outcome: .accepted(module.info)))
            if let other = info(named: module.name), other.sourcePath != path {
                module.close()
                // A reload (`recording`) of a file into a name another file serves is refused, and that one runs on.
                if !recording { contestedClaims.append((module.name, path)) }
                throw Self.duplicate(module.name, path: path, first: other.sourcePath)
            }
            let replaced = byPath[path]
            if let replaced { byName[replaced.name] = nil }
            byName[module.name] = module
            byPath[path] = module
            if recording { record(Entry(path: path, module: module, error: nil)) }
            return (module, replaced)
        } catch {
            recordRefusal(error, stamp: stamp)
            if recording { record(Entry(path: error.path, module: nil, error: error)) }
            throw error
        }
    }

    /// Keeps a refusal the file's bytes decide under the version `stat` saw; forgets the file otherwise.
    private func recordRefusal(_ error: ModuleError, stamp: ModuleFileStamp?) {
        guard let metadataCache, error.module == nil else { return }
        if let stamp, CachedModuleEntry.isCacheable(error.code) {
            metadataCache.record(CachedModuleEntry(path: error.path, stamp: stamp, outcome: .refused(error)))
        } else if error.code != .duplicateName && error.code != .cacheFailed {
            metadataCache.forget(path: error.path)
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
