import Foundation
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// Timers (`set_timer`, `cancel_timer`): the scheduler's rules, and a real module's timers arriving
/// as TAB_EVENT_TIMER through the runtime, as `HostSession.pumpTicks` delivers them.
@Suite(.blocking)
struct ModuleTimerTests {
    private func ids(_ due: [DueWork]) -> [String] {
        due.compactMap { if case .timer(let id) = $0.work { id } else { nil } }
    }

    @Test func twoTimersAreToldApartAndFireInDeadlineOrder() {
        let ticks = TickScheduler()
        #expect(ticks.setTimer(1, id: "late", afterMilliseconds: 20, repeatMilliseconds: 0))
        #expect(ticks.setTimer(1, id: "early", afterMilliseconds: 10, repeatMilliseconds: 0))
        #expect(ticks.takeDue(now: .now).isEmpty)
        let due = ticks.takeDue(now: .now + .milliseconds(100))
        #expect(ids(due) == ["early", "late"])
        #expect(due.allSatisfy { ticks.claim($0) })
        #expect(ticks.nextDeadline == nil)  // one-shot timers are gone once fired
    }

    @Test func aCancelledTimerNeverFiresEvenWhenAlreadyTaken() {
        let ticks = TickScheduler()
        _ = ticks.setTimer(1, id: "a", afterMilliseconds: 0, repeatMilliseconds: 0)
        _ = ticks.setTimer(1, id: "b", afterMilliseconds: 0, repeatMilliseconds: 0)
        ticks.cancelTimer(1, id: "a")
        let due = ticks.takeDue(now: .now + .milliseconds(10))
        #expect(ids(due) == ["b"])
        // Due and taken, not yet delivered: a cancel now still wins.
        ticks.cancelTimer(1, id: "b")
        #expect(due.map { ticks.claim($0) } == [false])
    }

    @Test func aRepeatingTimerReschedulesAndAShortPeriodIsRaised() throws {
        let ticks = TickScheduler()
        let start = ContinuousClock.now
        _ = ticks.setTimer(1, id: "r", afterMilliseconds: 0, repeatMilliseconds: 1)
        #expect(ids(ticks.takeDue(now: .now + .milliseconds(1))) == ["r"])
        let next = try #require(ticks.nextDeadline)
        #expect(next >= start + .milliseconds(ModuleLimits.minimumTimerRepeatMilliseconds))
        #expect(ids(ticks.takeDue(now: next)) == ["r"])
        #expect(ticks.nextDeadline != nil)
        ticks.cancelTimer(1, id: "r")
        #expect(ticks.nextDeadline == nil)
    }

    @Test func theSameIDReplacesAndADueFiringOfTheOldOneNeverArrives() {
        let ticks = TickScheduler()
        _ = ticks.setTimer(1, id: "t", afterMilliseconds: 0, repeatMilliseconds: 0)
        let taken = ticks.takeDue(now: .now + .milliseconds(5))
        #expect(ticks.setTimer(1, id: "t", afterMilliseconds: 60_000, repeatMilliseconds: 0))
        #expect(taken.map { ticks.claim($0) } == [false])
        #expect(ticks.timerCount(1) == 1)
        #expect(ticks.takeDue(now: .now + .milliseconds(5)).isEmpty)
    }

    @Test func anInstanceHasAtMostTheLimitOfTimersAndCancelDropsThem() {
        let ticks = TickScheduler()
        for index in 0..<ModuleLimits.maximumTimers {
            #expect(ticks.setTimer(1, id: "t\(index)", afterMilliseconds: 1000, repeatMilliseconds: 0))
        }
        #expect(!ticks.setTimer(1, id: "one more", afterMilliseconds: 0, repeatMilliseconds: 0))
        #expect(ticks.setTimer(1, id: "t0", afterMilliseconds: 0, repeatMilliseconds: 0))  // a replacement fits
        #expect(ticks.setTimer(2, id: "t0", afterMilliseconds: 0, repeatMilliseconds: 0))  // another instance's own
        ticks.cancel(1)
        #expect(ticks.timerCount(1) == 0)
        #expect(ids(ticks.takeDue(now: .now + .milliseconds(5))) == ["t0"])
    }

    /// A module's instances together hold at most `maximumTimersPerModule` timers (sixty-four tabs with
    /// sixty-four screens each held a quarter of a million, and every `set_timer` walked them all); another
    /// module's are not held back by them, and a cancelled or fired one makes room.
    @Test func aModulesInstancesTogetherHaveAtMostTheModulesLimit() {
        let ticks = TickScheduler()
        let perInstance = ModuleLimits.maximumTimers
        let instances = ModuleLimits.maximumTimersPerModule / perInstance
        for instance in 0..<UInt64(instances) {
            for index in 0..<perInstance {
                #expect(
                    ticks.setTimerOrRefuse(instance, module: "storm", id: "t\(index)", afterMilliseconds: 1000, repeatMilliseconds: 0)
                        == nil)
            }
        }
        let refusal = ticks.setTimerOrRefuse(UInt64(instances), module: "storm", id: "t0", afterMilliseconds: 0, repeatMilliseconds: 0)
        #expect(refusal == "this module's tabs have \(ModuleLimits.maximumTimersPerModule) timers set already; cancel one first")
        #expect(ticks.setTimerOrRefuse(1000, module: "clock", id: "t0", afterMilliseconds: 0, repeatMilliseconds: 0) == nil)
        ticks.cancelTimer(0, id: "t0")
        #expect(ticks.setTimerOrRefuse(UInt64(instances), module: "storm", id: "t0", afterMilliseconds: 0, repeatMilliseconds: 0) == nil)
        // A one-shot timer that fired makes room too, and a destroyed instance frees all of its.
        #expect(ids(ticks.takeDue(now: .now + .milliseconds(10))).sorted() == ["t0", "t0"])
        #expect(ticks.timerCount(UInt64(instances)) == 0)
        ticks.cancel(1)
        #expect(ticks.timerCount(1) == 0)
        for index in 0..<perInstance {
            #expect(ticks.setTimerOrRefuse(2000, module: "storm", id: "u\(index)", afterMilliseconds: 1000, repeatMilliseconds: 0) == nil)
        }
    }

    // MARK: A real module

    private func host(clock: HostClock = .monotonic) throws -> ModuleHostFixture {
        let setup = try ModuleHostFixture(
            file: "abi.so", source: ABI12Module.source(),
            layout: #"{"root": {"tabs": [{"name": "a", "module": "abi", "param": "log"}]}}"#, modules: ["abi"],
            factory: { _ in InProcessModuleInstanceFactory() }, clock: clock)
        setup.host.start()
        return setup
    }

    private func timerNotes(_ setup: ModuleHostFixture) throws -> [String] {
        let controller = try #require(setup.host.visibleController as? ModuleController)
        return controller.instance.render().nodes.compactMap {
            if case .text(let line) = $0, line.hasPrefix("type=9 ") { line.split(separator: " ")[1].dropFirst(7).description } else { nil }
        }
    }

    /// Moves the runtime's clock `steps` times by 10 ms, delivering what is due after each, as the
    /// session's loop does when its clock moves.
    private func pump(_ setup: ModuleHostFixture, _ clock: ManualClock, steps: Int) {
        for _ in 0..<steps {
            clock.advance(by: .milliseconds(10))
            setup.runtime.deliverDueTicks()
        }
    }

    @Test func aModulesTimersArriveAsTimerEventsWithTheirIDs() throws {
        let clock = ManualClock()
        let setup = try host(clock: clock.hostClock)
        let controller = setup.host.visibleController
        controller.handle(.action("timer x 0 0"))
        controller.handle(.action("timer y 1 0"))  // cancelled by x's handler before it is delivered
        controller.handle(.action("timer gone 0 0"))
        controller.handle(.action("cancel gone"))
        // A millisecond later by the runtime's clock, so x is due first, and its handler cancels y.
        clock.advance(by: .milliseconds(1))
        controller.handle(.action("timer rep 0 10"))
        controller.handle(.action("timer once 30 0"))
        setup.runtime.deliverDueTicks()
        pump(setup, clock, steps: 8)
        controller.handle(.action("cancel rep"))
        let fired = try timerNotes(setup)
        #expect(fired.first == "x")
        #expect(!fired.contains("y") && !fired.contains("gone"))
        #expect(fired.filter { $0 == "once" }.count == 1)
        // At 1, 11, … 81 ms by the runtime's clock: exactly, since only the test moves it.
        #expect(fired.filter { $0 == "rep" }.count == 9, "\(fired)")
        pump(setup, clock, steps: 4)
        #expect(try timerNotes(setup).count == fired.count)  // cancelled: no more
        #expect(setup.log.lines == [])
    }

    @Test func pastTheLimitSetTimerIsIgnoredWithOneLogLine() throws {
        let setup = try host()
        setup.host.visibleController.handle(.action("timers"))
        #expect(setup.log.lines == ["abi warning: set_timer t64 ignored: 64 timers are set already; cancel one first"])
        #expect(setup.runtime.ticks.timerCount((setup.host.visibleController as? ModuleController)?.instance.id ?? 0) == 64)
    }

    /// A module's ticks and timer firings reach it at most `maximumTimedEventsPerSecond` a second, all its
    /// tabs together: sixty-four timers every 10 ms in each of sixty-four tabs kept the host's loop busy
    /// with that module alone. The control: timers within the budget all fire.
    @Test(arguments: [(timers: 8, skipped: false), (timers: 40, skipped: true)])
    func aModulesTimedEventsAreBoundedPerSecond(timers: Int, skipped: Bool) throws {
        let clock = ManualClock()
        let setup = try host(clock: clock.hostClock)
        let controller = setup.host.visibleController
        for index in 0..<timers { controller.handle(.action("timer t\(index) 10 10")) }
        var delivered = 0
        for _ in 0..<100 {  // one second of the runtime's clock
            clock.advance(by: .milliseconds(10))
            delivered += setup.runtime.deliverDueTicks()
        }
        let limit = ModuleLimits.maximumTimedEventsPerSecond
        #expect(delivered == (skipped ? limit : timers * 100), "\(delivered)")
        // The next second's first firing says how many were skipped in this one.
        clock.advance(by: .milliseconds(10))
        _ = setup.runtime.deliverDueTicks()
        let lines = setup.log.lines.filter { $0.contains("skipped") }
        let line =
            "abi warning: \(timers * 100 - limit) ticks and timer firings skipped (more than \(limit) a second "
            + "for this module's tabs together)"
        #expect(lines == (skipped ? [line] : []), "\(setup.log.lines)")
    }
}
