import Foundation
import InMemoryLogging
import TabHostPoll
import TabHostTesting
import TabKit
import TabLayout
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// Every example module of the demo (C and the Swift one), from the build directory as the demo loads
/// them, runs unchanged in the default sandbox: its child confines itself, and its tab shows its own
/// screen, not a stopped one, with no error in the log.
@Suite(.serialized, .blocking)
struct ExamplesUnderSandboxTests {
    static let examples = [
        "accounts", "favourites", "accountmore", "detail", "clock", "launcher", "timeline", "compose", "search", "settings",
        "downloads", "followers", "counter",
    ]

    @Test func everyExampleRunsInTheDefaultSandbox() throws {
        let log = InMemoryLogHandler.everyLevel()
        let copies = try Fixture()
        defer { copies.remove() }
        let data = try Fixture()
        defer { data.remove() }
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: copies.directory)))
        registry.load(directories: [ModuleDirectory(Products.directory)])
        let found = Set(registry.modules.map(\.name))
        #expect(found.isSuperset(of: Self.examples), "missing: \(Set(Self.examples).subtracting(found)); build them with swift build")
        var settings = IsolatedHost.testSettings
        settings.hangTimeout = .seconds(5)
        settings.sandbox = .on
        settings.dataDirectory = ModuleDataDirectory(root: data.directory)
        let factory = OutOfProcessModuleInstanceFactory(settings: settings, logger: log.logger)
        defer { factory.shutdown() }
        let loop = PollEventLoop()
        factory.attach(to: loop)
        let runtime = ModuleRuntime(registry: registry, logger: log.logger, factory: factory)
        runtime.dataDirectory = settings.dataDirectory
        let tabs = Self.examples.enumerated().map { #"{"name": "t\#($0.offset)", "module": "\#($0.element)", "param": "Jack"}"# }
        let layout = #"{"root": {"tabs": [\#(tabs.joined(separator: ", "))], "capacity": 16}}"#
        let host = ContainerHost(layout: try Layout.parse(layout, file: "layout.json", knownModules: found), factory: runtime)
        host.start()
        for (index, name) in Self.examples.enumerated() {
            #expect(host.apply(.selectTab(index)), "\(name)")
            let texts = factory.settled { host.screen }.content.nodes.map { "\($0)" }
            #expect(!texts.isEmpty, "\(name) shows nothing")
            #expect(
                !texts.contains { $0.contains("stopped") || $0.contains("could not") || $0.contains("not responding") }, "\(name): \(texts)"
            )
        }
        for name in Self.examples {
            #expect(log.lines.contains { $0.hasPrefix("\(name) info: sandbox: landlock ABI") }, "\(name): \(log.lines)")
        }
        #expect(!log.lines.contains { $0.contains(" error: ") || $0.contains(" critical: ") }, "\(log.lines)")
        #expect(factory.moduleStates.isEmpty, "\(factory.moduleStates)")
    }
}
