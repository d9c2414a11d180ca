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

    /// Ticks and other work are not counted against the log lines.
    @Test func otherWorkIsNeverDropped() {
        let ticks = TickScheduler()
        for index in 0..<(ModuleLimits.maximumQueuedLogLines + 10) { ticks.post(7, .log(.info, "line \(index)")) }
        for _ in 0..<2000 { ticks.post(7, .invalidate) }
        let due = ticks.takeDue(now: .now)
        #expect(due.filter { $0.work == .invalidate }.count == 2000)
        #expect(Self.logs(due).last?.hasPrefix("10 log lines from other threads dropped") == true)
    }
}
