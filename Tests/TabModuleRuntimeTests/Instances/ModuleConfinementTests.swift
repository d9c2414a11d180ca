import Foundation
import TabHostTesting
import TabKit
import TabModuleLoading
import Testing

/// Every module call is checked against the runtime's `ThreadConfinement` in debug builds (as
/// swift-nio's `preconditionInEventLoop`): on the bound thread calls go through, off it they trap.
@Suite(.blocking)
struct ModuleConfinementTests {
    static func setup() throws -> ModuleHostFixture {
        try ModuleHostFixture(
            file: "probe.so", source: HostAPIProbeModule.source,
            layout: #"{"root": {"tabs": [{"name": "a", "module": "probe", "param": "A"}]}}"#, modules: ["probe"])
    }

    @Test func callsOnTheBoundThreadGoThrough() throws {
        let setup = try Self.setup()
        let confinement = ThreadConfinement()
        confinement.bind()
        setup.runtime.confinement = confinement
        setup.host.start()
        #expect(setup.host.screen.content.nodes.first == .section(title: "A"))
    }

    #if DEBUG
    @Test func aModuleCallOffTheBoundThreadTraps() async throws {
        // The child traps, so its fixtures are never removed by it: they go into one of this process's.
        let scratch = try Fixture()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [directory = scratch.directory as String] in
            setenv("TMPDIR", directory, 1)
            let setup = try Self.setup()
            let confinement = ThreadConfinement()
            // Bound to another thread, as when the session's loop thread is not the caller.
            let bound = DispatchSemaphore(value: 0)
            Thread {
                confinement.bind()
                bound.signal()
            }.start()
            bound.wait()
            setup.runtime.confinement = confinement
            setup.host.start()
        }
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(stderr.contains("probe create called off the session's loop thread"), "\(stderr)")
    }
    #endif
}
