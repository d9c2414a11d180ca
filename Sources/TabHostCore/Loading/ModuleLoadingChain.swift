import Logging
import TabModuleIsolation
import TabModuleLoading

/// The loading chain every command and every session starts with, built in this one place: a fresh
/// directory of private copies, the loader over it (behind a scanner child when one is given), the
/// registry, and the module metadata cache when a path is given (made on the registry's first use).
///
/// Remove the copies when the command or session ends (`copies.removeAll()`).
public struct ModuleLoadingChain {
    /// This process's directory of private copies (the files libltdl opens).
    public let copies: ModuleCopyDirectory
    /// The registry loading through it.
    public let registry: ModuleRegistry

    /// `scanner`: opens each file in a child first, so a file that crashes the dynamic loader is refused
    /// instead of ending this process. `metadataCachePath`: answer from the metadata cache file there
    /// (and keep it current), unless `trusted` is false (`--rescan`): then every file is loaded again.
    /// `reading`: the cache file already being read on a thread of its own. `keepsScannedCopies` false: no
    /// module runs from its copy (a command that only reads descriptors), so each copy the scanner alone
    /// opened is removed once its report is in.
    public init(
        options: ModuleLoadOptions, scanner: ModuleScanner? = nil, metadataCachePath: String? = nil, trusted: Bool = true,
        reading: ModuleMetadataCacheReading? = nil, keepsScannedCopies: Bool = true, logger: Logger
    ) throws(ModuleError) {
        copies = try ModuleCopyDirectory()
        var loader = ModuleLoader(copies: copies, options: options)
        loader.scanner = scanner
        loader.keepsScannedCopies = keepsScannedCopies
        registry = ModuleRegistry(loader: loader)
        if let metadataCachePath {
            registry.makeMetadataCache = {
                ModuleMetadataCache(path: metadataCachePath, trusted: trusted, logger: logger, reading: reading)
            }
        }
    }
}
