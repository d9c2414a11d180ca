import ArgumentParser
import Logging
import TabModules

/// A registry over a fresh private module cache, as every command that loads modules starts
/// (`tabhost-bench`'s included).
///
/// A cache that cannot be made is reported in one line and exits 1. The command removes the
/// cache when it ends (`defer { loading.cache.removeAll() }`).
package struct CommandModules {
    /// The per-process copy directory.
    package let cache: ModuleCache
    /// The registry loading through it.
    package let registry: ModuleRegistry

    /// `scan`: open every file in a scanner child first, so a file that crashes the loader is refused
    /// instead of ending the command. `metadataCache`: answer from the module metadata cache file (and
    /// keep it up to date), unless `rescan`, which loads every file again.
    package init(allowInsecurePermissions: Bool = false, scan: Bool = false, metadataCache: String? = nil, rescan: Bool = false)
        throws
    {
        // Read and decoded on its own thread (started before the arguments were parsed, or now) while
        // the directories are listed.
        let reading = metadataCache.map(ModuleMetadataCacheReading.started(path:))
        do {
            cache = try ModuleCache()
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        let options = ModuleLoadOptions(allowInsecurePermissions: allowInsecurePermissions)
        var loader = ModuleLoader(cache: cache, options: options)
        if scan {
            // These commands only read descriptors: this process never opens a module file.
            loader.scanner = ModuleScanner(
                hostOpensFiles: false, logger: Logger(label: "tabhost", factory: { _ in SwiftLogNoOpLogHandler() }))
        }
        registry = ModuleRegistry(loader: loader)
        if let metadataCache {
            registry.makeMetadataCache = {
                ModuleMetadataCache(
                    path: metadataCache, trusted: !rescan,
                    logger: Logger(label: "tabhost", factory: { _ in StandardErrorLogHandler() }), reading: reading)
            }
        }
    }
}
