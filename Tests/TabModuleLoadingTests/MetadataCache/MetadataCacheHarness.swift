import Foundation
import InMemoryLogging
import TabHostTesting

@testable import TabModuleIsolation
@testable import TabModuleLoading

/// A module directory, a private copy root and a metadata cache file, all temporary; registries
/// made from it share the cache file as successive starts of a host would.
final class MetadataCacheHarness {
    let modules: Fixture
    let home: Fixture
    let log = InMemoryLogHandler.everyLevel()
    private var copyDirectories: [ModuleCopyDirectory] = []

    init() throws {
        modules = try Fixture()
        home = try Fixture()
    }

    deinit {
        for copies in copyDirectories { copies.removeAll() }
        modules.remove()
        home.remove()
    }

    /// The cache file (its directory is made by the first save).
    var cachePath: String { home.path("cache/tabhost/modules.cache") }

    /// Compiles a module named `name` into `FILE.so` (default `name.so`) with `title`.
    @discardableResult
    func compile(_ name: String, title: String = "Title", file: String? = nil, extra: String = "") throws -> String {
        var source = ModuleSource(name: name).with("title", "\"\(title)\"")
        source.extra = extra
        return try modules.compile((file ?? name) + ".so", source: source.text)
    }

    /// A registry as a fresh host start makes it: a new private copy directory, the cache file read anew
    /// (`threaded`: on its own thread while the registry lists the directories, as `tabhost run` does).
    func registry(scanner: ModuleScanner? = nil, trusted: Bool = true, threaded: Bool = false) throws -> ModuleRegistry {
        let copies = try ModuleCopyDirectory(root: home.directory)
        copyDirectories.append(copies)
        var loader = ModuleLoader(copies: copies)
        loader.scanner = scanner
        let registry = ModuleRegistry(loader: loader)
        if threaded {
            let (path, logger, reading) = (cachePath, log.logger, ModuleMetadataCacheReading(path: cachePath))
            registry.makeMetadataCache = { ModuleMetadataCache(path: path, trusted: trusted, logger: logger, reading: reading) }
        } else {
            registry.metadataCache = ModuleMetadataCache(path: cachePath, trusted: trusted, logger: log.logger)
        }
        return registry
    }

    /// One start: a registry that loads the module directory and saves the cache, and its entries.
    func start(scanner: ModuleScanner? = nil, trusted: Bool = true, threaded: Bool = false) throws -> (
        ModuleRegistry, [ModuleRegistry.Entry]
    ) {
        let registry = try registry(scanner: scanner, trusted: trusted, threaded: threaded)
        let entries = registry.load(directories: [ModuleDirectory(modules.directory)])
        registry.metadataCache?.save()
        return (registry, entries)
    }

    /// The entry of `name.so`.
    func entry(_ entries: [ModuleRegistry.Entry], _ name: String) -> ModuleRegistry.Entry? {
        entries.first { $0.path == modules.path(name + ".so") }
    }
}
