import Foundation
import InMemoryLogging
import TabHostTesting
import TabKit
import TabLayout
import TabModuleLoading
import TabModuleRuntime

/// The built example modules and the demo layout, loaded for real (libltdl, private cache copies).
final class TweetieModuleSupport {
    let cache: ModuleCopyDirectory
    let registry: ModuleRegistry
    let runtime: ModuleRuntime
    /// What the modules logged through the runtime's logger.
    let log = InMemoryLogHandler.everyLevel()

    /// Loads every module in `directories` into a private cache.
    init(directories: [ModuleDirectory]) throws {
        cache = try ModuleCopyDirectory()
        registry = ModuleRegistry(loader: ModuleLoader(copies: cache))
        registry.load(directories: directories)
        runtime = ModuleRuntime(registry: registry, logger: log.logger)
    }

    /// Loads the built examples (`libTabExample*.so` next to the test bundle).
    convenience init() throws {
        try self.init(directories: [ModuleDirectory(Products.directory, namePrefix: "libTabExample")])
    }

    /// A host over `layoutText`, started.
    func startHost(layoutText: String, file: String = "layout.json") throws -> ContainerHost {
        let layout = try Layout.parse(layoutText, file: file, knownModules: Set(registry.modules.map(\.name)))
        let host = ContainerHost(layout: layout, factory: runtime)
        host.start()
        return host
    }

    /// The demo layout shipped in the repository.
    static func demoLayout() throws -> String {
        try String(contentsOfFile: Fixture.repoRoot + "/Layouts/demo.json", encoding: .utf8)
    }

    /// The absolute path of an example's asset, as the loader resolves it.
    static func asset(_ product: String, _ file: String) -> String {
        Products.directory + "/TabHost_\(product).resources/assets/\(file)"
    }

    func close() { cache.removeAll() }
}
