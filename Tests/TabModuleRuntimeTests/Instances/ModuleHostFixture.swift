import InMemoryLogging
import TabHostTesting
import TabKit
import TabLayout
import TabModuleLoading
import TabModuleRuntime
import Testing

/// One C module compiled at test time, loaded through the real loader into a `ContainerHost` built
/// from a layout: the setup of tests that watch a module's calls land on the model.
final class ModuleHostFixture {
    let fixture: Fixture
    let cacheRoot: Fixture
    let host: ContainerHost
    let runtime: ModuleRuntime
    /// What the module logged through the runtime's logger.
    let log = InMemoryLogHandler.everyLevel()

    /// `prepare` adds to the fixture directory (more modules, images) before its modules are loaded;
    /// `factory` makes the instances (by default `IsolationUnderTest` picks in process or out of process);
    /// the module's timers and ticks run by `clock`.
    init(
        file: String, source: String, layout: String, modules: Set<String>, prepare: (Fixture) throws -> Void = { _ in },
        factory: ((InMemoryLogHandler) -> any ModuleInstanceFactory)? = nil, clock: HostClock = .monotonic
    ) throws {
        fixture = try Fixture()
        cacheRoot = try Fixture()
        try fixture.compile(file, source: source)
        try prepare(fixture)
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory)))
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        try #require(registry.errors.isEmpty, "\(registry.errors)")
        runtime = ModuleRuntime(
            registry: registry, logger: log.logger, factory: factory?(log) ?? IsolationUnderTest.factory(logger: log.logger), clock: clock)
        host = ContainerHost(layout: try Layout.parse(layout, file: "layout.json", knownModules: modules), factory: runtime)
    }

    deinit {
        fixture.remove()
        cacheRoot.remove()
    }
}
