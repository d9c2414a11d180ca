import TabModuleRuntime
import Testing

/// In process, `log` from a module's own thread is queued for the main loop: a thread logging without
/// end must not grow that queue without end (issue 36). Past `ModuleLimits.maximumQueuedLogLines`
/// waiting, lines are dropped and counted in one line; what the main loop took makes room again.
struct QueuedLogLimitTests {
    private static func logs(_ due: [DueWork]) -> [String] {
        due.compactMap { if case .log(_, let message) = $0.work { message } else { nil } }
    }

    @Test func pastTheQueuesLimitLogLinesAreDroppedAndCountedInOneLine() {
        let ticks = TickScheduler()
        for index in 0..<5000 { ticks.post(7, .log(.info, "line \(index)")) }
        let logs = Self.logs(ticks.takeDue(now: .now))
        let limit = ModuleLimits.maximumQueuedLogLines
        #expect(logs.count == limit + 1)
        #expect(logs.prefix(limit) == ArraySlice((0..<limit).map { "line \($0)" }))
        #expect(logs.last == "\(5000 - limit) log lines from other threads dropped (more than \(limit) were waiting for the main loop)")
        // Taken: the queue has room again, and nothing more is reported.
        ticks.post(7, .log(.info, "after"))
        #expect(Self.logs(ticks.takeDue(now: .now)) == ["after"])
    }

    /// The control: under the limit every line arrives, in order.
    @Test func underTheQueuesLimitEveryLogLineArrives() {
        let ticks = TickScheduler()
        for index in 0..<500 { ticks.post(7, .log(.info, "line \(index)")) }
        #expect(Self.logs(ticks.takeDue(now: .now)) == (0..<500).map { "line \($0)" })
    }

    /// Other work is not counted against the log lines; a flood of `invalidate` and `save_soon` merges
    /// into one of each per instance while one waits.
    @Test func otherWorkIsNotCountedAndInvalidatesMerge() {
        let ticks = TickScheduler()
        for index in 0..<(ModuleLimits.maximumQueuedLogLines + 10) { ticks.post(7, .log(.info, "line \(index)")) }
        for _ in 0..<2000 {
            ticks.post(7, .invalidate)
            ticks.post(7, .saveSoon)
            ticks.post(8, .invalidate)
        }
        let due = ticks.takeDue(now: .now)
        #expect(due.filter { $0.work == .invalidate }.map(\.instance) == [7, 8])
        #expect(due.filter { $0.work == .saveSoon }.count == 1)
        #expect(Self.logs(due).last?.hasPrefix("10 log lines from other threads dropped") == true)
        // Taken: the next one is delivered again.
        ticks.post(7, .invalidate)
        #expect(ticks.takeDue(now: .now).map(\.work) == [.invalidate])
    }

    /// A thread asking for ticks without end (issue 36): past `ModuleLimits.maximumPendingTicks` waiting,
    /// or `maximumTicksPerSecond` in a second, the rest are dropped and counted in one line. The control:
    /// under the bound every tick arrives.
    @Test func aTickFloodIsBoundedAndCountedInOneLine() async {
        let ticks = TickScheduler()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<5000 { ticks.schedule(9, afterMilliseconds: 0) } }
            }
        }
        let due = ticks.takeDue(now: .now)
        let pending = ModuleLimits.maximumPendingTicks
        #expect(due.filter { $0.work == .tick }.count == pending)
        #expect(Self.logs(due) == [ModuleLimits.tickDrop(20000 - pending)])
        let under = TickScheduler()
        for _ in 0..<100 { under.schedule(9, afterMilliseconds: 0) }
        #expect(under.takeDue(now: .now).filter { $0.work == .tick }.count == 100)
    }
}
