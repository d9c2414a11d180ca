import Foundation
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// The threading rules of ABI 1.2: `invalidate`, `schedule_tick`, `set_timer`, `cancel_timer`,
/// `save_soon` and `log` work from a module's own thread (performed on the loop); any other call
/// from there is ignored with one log line naming it, never a trap.
@Suite(.blocking)
struct ABI12ThreadingTests {
    private static let ignored =
        "called from another thread; ignored (only invalidate, set_timer, cancel_timer, schedule_tick, save_soon and log "
        + "are safe off the main thread)"

    @Test func offThreadCallsAreQueuedForTheLoopOrIgnoredWithALine() throws {
        let setup = try DirectModuleFixture()
        _ = setup.instance.render()
        setup.run("thread")
        // Nothing reached the delegate from the module's thread.
        #expect(setup.recorder.invalidations == 0 && setup.recorder.saves == 0 && setup.recorder.pushes == [])
        #expect(setup.recorder.titles == [] && setup.recorder.logs == [])
        let due = setup.ticks.takeDue(now: .now + .milliseconds(5))
        let id = setup.instance.id
        #expect(due.allSatisfy { $0.instance == id })
        // In the order the thread made them (the timer, kept apart, may tie with its neighbour).
        #expect(
            due.map(\.work).filter { $0 != .timer("th") } == [
                .invalidate, .log(.info, "from a thread"), .saveSoon, .tick, .log(.warning, "push \(Self.ignored)"),
                .log(.warning, "set_title \(Self.ignored)"), .log(.warning, "text \(Self.ignored)"), .log(.info, "push refused"),
            ])
        #expect(due.map(\.work).contains(.timer("th")))
        // The second push made no second line.
        #expect(due.count == 9)
    }

    @Test func aModulesThreadInvalidatesAndSetsATimerOnABoundLoopWithoutACrash() throws {
        let setup = try ModuleHostFixture(
            file: "abi.so", source: ABI12Module.source(),
            layout: #"{"root": {"tabs": [{"name": "a", "module": "abi", "param": "log"}]}}"#, modules: ["abi"],
            factory: { _ in InProcessModuleInstanceFactory() })
        // Bound as a session binds them: before this change, invalidate from the thread trapped here.
        setup.host.confinement.bind()
        let confinement = ThreadConfinement()
        confinement.bind()
        setup.runtime.confinement = confinement
        setup.host.start()
        _ = setup.host.screen
        setup.host.visibleController.handle(.action("thread"))
        #expect(setup.log.lines == [])
        usleep(2000)
        setup.runtime.deliverDueTicks()
        #expect(
            setup.log.lines == [
                "abi info: from a thread", "abi warning: push \(Self.ignored)", "abi warning: set_title \(Self.ignored)",
                "abi warning: text \(Self.ignored)", "abi info: push refused",
            ])
        let controller = try #require(setup.host.visibleController as? ModuleController)
        let notes = controller.instance.render().nodes.compactMap { if case .text(let line) = $0 { line } else { nil } }
        #expect(notes.contains("type=9 action=th value=- focus=- key=0x0 full=1"))
        #expect(notes.contains("type=3 action=- value=- focus=- key=0x0 full=1"))
        #expect(setup.host.screen.title == "ABI")  // set_title from the thread was ignored
    }
}
