import ArgumentParser
import TabModules

/// A registry over a fresh private module cache, as every command that loads modules starts.
///
/// A cache that cannot be made is reported in one line and exits 1. The command removes the
/// cache when it ends (`defer { loading.cache.removeAll() }`).
struct CommandModules {
    /// The per-process copy directory.
    let cache: ModuleCache
    /// The registry loading through it.
    let registry: ModuleRegistry

    init(allowInsecurePermissions: Bool = false) throws {
        do {
            cache = try ModuleCache()
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        let options = ModuleLoadOptions(allowInsecurePermissions: allowInsecurePermissions)
        registry = ModuleRegistry(loader: ModuleLoader(cache: cache, options: options))
    }
}
