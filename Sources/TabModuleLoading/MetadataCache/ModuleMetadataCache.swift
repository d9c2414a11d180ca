import Logging
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The module metadata cache: what each module file's descriptor declared (or why the file was
/// refused), by path and `ModuleFileStamp`, so a later start can list modules and draw tab items
/// without opening them (as GStreamer's `registry.bin`).
///
/// One file, `$XDG_CACHE_HOME/tabhost/modules.cache` by default, read with one `read` when made and
/// written atomically by `save()` (a temporary file, `fsync`, `rename`): two hosts saving at once
/// leave one whole file, never a torn one. A damaged file, one from another format or module ABI
/// version, or one others could write is discarded with one log line and rebuilt. Nothing here
/// replaces the checks made on a fresh `stat` (file type, permissions): the registry makes them
/// every time. Use on one thread (the registry's).
public final class ModuleMetadataCache {
    /// The cache file.
    public let path: String
    /// False (`--rescan`): lookups always miss, so every file is loaded again; what loading finds is
    /// still recorded and saved.
    public var isTrusted: Bool
    /// Why the file on disk was discarded when this cache was made, or nil.
    public private(set) var discardReason: String?
    /// Lookups answered from the cache, and lookups that missed (tests, benchmarks).
    public private(set) var statistics: (hits: Int, misses: Int) = (0, 0)
    /// True when entries changed since the file was read (`save()` writes only then).
    public private(set) var isDirty = false

    private let logger: Logger
    private var entries: [String: CachedModuleEntry] = [:]
    private var forgotten: Set<String> = []

    /// Reads the cache at `path` (nothing there is an empty cache), or takes what `reading` (started on
    /// the same path) read of it on its own thread. A file that cannot be trusted is discarded: one warning on `logger`, and the
    /// cache starts empty.
    public init(path: String, trusted: Bool = true, logger: Logger, reading: ModuleMetadataCacheReading? = nil) {
        self.path = path
        self.isTrusted = trusted
        self.logger = logger
        switch reading?.finish() ?? ModuleMetadataCacheReading.entries(at: path) {
        case .read(let read):
            entries = read ?? [:]
        case .failed(let error):
            discardReason = error.reason
            isDirty = true  // rewrite it even if nothing else changes
            logger.warning("\(path): discarded the module metadata cache (\(error.reason)); it is rebuilt from the module files")
        }
    }

    /// `$XDG_CACHE_HOME/tabhost/modules.cache`, or `$HOME/.cache/tabhost/modules.cache`; nil without either.
    public static func defaultPath() -> String? {
        // The XDG base directory rules: a relative XDG_CACHE_HOME is ignored.
        if let cache = ModuleSearchPath.environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/tabhost/modules.cache" }
        guard let home = ModuleSearchPath.environment("HOME") else { return nil }
        return home + "/.cache/tabhost/modules.cache"
    }

    /// Every entry, by path.
    public var allEntries: [CachedModuleEntry] { entries.values.sorted { $0.path < $1.path } }

    /// The entry for the version `stamp` of the file at `path`, or nil (another version, none, or
    /// the cache is not trusted).
    public func entry(for path: String, stamp: ModuleFileStamp) -> CachedModuleEntry? {
        guard isTrusted, let entry = entries[path], entry.stamp == stamp else {
            statistics.misses += 1
            return nil
        }
        statistics.hits += 1
        return entry
    }

    /// The entry kept for `path`, whatever its stamp (the registry compares stamps itself).
    public func entry(for path: String) -> CachedModuleEntry? { entries[path] }

    /// The entry kept for `path`, taken at its own stamp without the file's `stat` checks
    /// (`ModuleRegistry.defersCachedFileChecks`); counted as a hit. Nil when the cache is not trusted.
    func presumedEntry(for path: String) -> CachedModuleEntry? {
        guard isTrusted, let entry = entries[path] else { return nil }
        statistics.hits += 1
        return entry
    }

    /// Keeps what loading one version of a file gave. A refusal the file's bytes do not decide is not
    /// kept (and drops what was kept for the path).
    public func record(_ entry: CachedModuleEntry) {
        if let error = entry.error, !CachedModuleEntry.isCacheable(error.code) { return forget(path: entry.path) }
        forgotten.remove(entry.path)
        guard entries[entry.path] != entry else { return }
        entries[entry.path] = entry
        isDirty = true
    }

    /// Drops what is kept for `path` (the file is gone or gave an answer not worth keeping).
    public func forget(path: String) {
        forgotten.insert(path)
        if entries.removeValue(forKey: path) != nil { isDirty = true }
    }

    /// Drops what is kept for module files of `directory` that are not among `present` (deleted since).
    public func forget(filesOf directory: ModuleDirectory, except present: Set<String>) {
        let base = directory.absolutePath
        let prefix = base == "/" ? "/" : base + "/"
        for path in entries.keys where path.hasPrefix(prefix) && !present.contains(path) {
            let name = path.dropFirst(prefix.count)
            if directory.isModuleRelativePath(name) { forget(path: path) }
        }
    }

    /// How many entries are kept for paths under `directory` (at any depth), compared by their bytes.
    public func entryCount(under directory: ModuleDirectory) -> Int {
        let base = directory.absolutePath
        var prefix = Array((base == "/" ? "/" : base + "/").utf8)
        return prefix.withUnsafeMutableBufferPointer { prefix in
            var count = 0
            for var path in entries.keys {
                let under = path.withUTF8 { bytes in
                    bytes.count > prefix.count && memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0
                }
                if under { count += 1 }
            }
            return count
        }
    }

    /// Writes the cache when it changed: merged with what another host saved meanwhile (its entries
    /// for files this one did not see), without files that no longer exist, atomically. Returns the
    /// failure (also logged), or nil.
    @discardableResult
    public func save() -> ModuleMetadataCacheError? {
        guard isDirty else { return nil }
        if let current = try? Self.read(path) {
            for entry in current.entries where entries[entry.path] == nil && !forgotten.contains(entry.path) {
                entries[entry.path] = entry
            }
        }
        for (file, _) in entries where ModuleFileStamp(path: file) == nil { entries[file] = nil }
        let bytes = ModuleMetadataCacheFile(entries: allEntries).encoded()
        do throws(ModuleMetadataCacheError) {
            try Self.writeAtomically(bytes, to: path)
            isDirty = false
            return nil
        } catch {
            logger.warning("\(path): cannot save the module metadata cache (\(error.reason)); modules are loaded afresh next time")
            return error
        }
    }

    // MARK: File

    /// The decoded file, nil when there is none; throws when it cannot be trusted.
    static func read(_ path: String) throws(ModuleMetadataCacheError) -> ModuleMetadataCacheFile? {
        try readBytes(path).map { bytes throws(ModuleMetadataCacheError) in try ModuleMetadataCacheFile(decoding: bytes) }
    }

    /// The file's bytes, nil when there is none; throws when it cannot be trusted (owner, mode, its
    /// directory's, size) or read.
    static func readBytes(_ path: String) throws(ModuleMetadataCacheError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw ModuleMetadataCacheError(.unreadable, "cannot open it: \(Errno(rawValue: code).description)")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ModuleMetadataCacheError(.unreadable, "not a regular file")
        }
        // Another user's or a shared writable file could claim anything about any module.
        guard info.st_uid == getuid(), !ModuleFileReader.writableByOthers(info.st_mode) else {
            throw ModuleMetadataCacheError(
                .unreadable, "owned by another user or writable by others (mode \(String(info.st_mode & 0o7777, radix: 8)))")
        }
        var directory = stat()
        let parent = ModuleFileReader.parentDirectory(of: path)
        if stat(parent, &directory) == 0, ModuleFileReader.writableByOthers(directory.st_mode) || directory.st_uid != getuid() {
            throw ModuleMetadataCacheError(.unreadable, "its directory \(parent) is not private to this user")
        }
        let size = Int(info.st_size)
        guard size <= ModuleMetadataCacheFile.maximumBytes else {
            throw ModuleMetadataCacheError(.tooLarge, "\(size) bytes, more than the \(ModuleMetadataCacheFile.maximumBytes) allowed")
        }
        // One read of the whole file (plus a spare byte: a file that grew meanwhile is read whole on the next start).
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            while count < size + 1 {
                let got = Glibc.read(fd, buffer.baseAddress! + count, size + 1 - count)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                count += got
            }
        }
        if failure != 0 { throw ModuleMetadataCacheError(.unreadable, "cannot read it: \(Errno(rawValue: failure).description)") }
        return bytes
    }

    /// Writes `bytes` to `path` through a temporary file in the same directory: `fsync`, `rename`.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ModuleMetadataCacheError) {
        let directory = ModuleFileReader.parentDirectory(of: path)
        try makeDirectories(directory)
        func failed(_ what: String, _ code: Int32) -> ModuleMetadataCacheError {
            ModuleMetadataCacheError(.unwritable, "\(what): \(Errno(rawValue: code).description)")
        }
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw failed(error.step, error.code)
        }
    }

    /// `mkdir -p` with mode 0700 for what it creates.
    private static func makeDirectories(_ directory: String) throws(ModuleMetadataCacheError) {
        var info = stat()
        if stat(directory, &info) == 0 { return }
        let parent = ModuleFileReader.parentDirectory(of: directory)
        if parent != directory && parent != "." && parent != "/" { try makeDirectories(parent) }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw ModuleMetadataCacheError(.unwritable, "cannot create \(directory): \(Errno(rawValue: errno).description)")
        }
    }
}
