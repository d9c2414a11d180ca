import FoundationEssentials
import Glibc
import TabHostCore
import TabHostPoll
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import TerminalUI

/// One script's live session: the real module child under the default sandbox, the terminal front
/// end's decoder, router and renderer in memory, and the test clock. Drives the session as
/// `TerminalApp.handle` does, on this thread.
final class ScriptSession {
    let options: ScriptRunOptions
    let script: TestScript
    let scratch: String
    /// The screen's size (`size` changes it).
    var columns = 80
    var rows = 24
    /// What `--update` wrote.
    var notes: [String] = []
    /// What the last finished screen returned (`expect result`).
    var lastResult: String?

    private var live: Live
    private let renderer = ScreenRenderer(options: RenderOptions(useColor: true))
    private var router = InputRouter()
    private var decoder = InputDecoder()
    private(set) var frame: RenderedFrame?
    private(set) var screen: Screen?
    /// CPU time of each module child when last read, by pid.
    private var cpuTimes: [Int32: Duration] = [:]
    /// Refusals already reported (a refusal fails one step, not every later one).
    private var reportedRefusals: Set<String> = []

    /// What one opening of the session made.
    private struct Live {
        let opened: HostSession.Opened
        let loop: PollEventLoop
        let clock: TestClock
        let children: OutOfProcessModuleInstanceFactory?
        var session: HostSession { opened.session }
        var logPath: String { opened.logFile.path }
    }

    /// Opens the session `script` runs in, with its scratch directory `scratch` (data, log, layout).
    init(script: TestScript, options: ScriptRunOptions, scratch: String) throws(StepFailure) {
        self.options = options
        self.script = script
        self.scratch = scratch
        live = try Self.open(script: script, options: options, scratch: scratch)
    }

    private static func open(script: TestScript, options: ScriptRunOptions, scratch: String) throws(StepFailure) -> Live {
        let layoutPath = scratch + "/layout.json"
        var node = "{\"module\": \(jsonString(options.moduleName))"
        if let param = script.param { node += ", \"param\": \(jsonString(param))" }
        node += "}"
        let layout = "{\"root\": {\"stack\": \(node)}}\n"
        guard FileManager.default.createFile(atPath: layoutPath, contents: Data(layout.utf8)) else {
            throw StepFailure("cannot write \(layoutPath)")
        }
        // A call's wall time says little on a loaded machine (the CPU time check does that job): a step that
        // takes long fails by the settle time-out, not by the tab's "not responding".
        var settings = IsolationSettings(
            sandbox: .on, hangTimeout: options.settleTimeout, killTimeout: options.settleTimeout + .seconds(5))
        settings.dataDirectory = ModuleDataDirectory(root: scratch + "/data/tabhost/data")
        settings.sandboxLandlockABILimit = options.sandboxLandlockABILimit
        settings.sandboxReportsFileDenials = true
        // Only the script's grants: never the user's store, never what the module declares.
        settings.grants = ModuleGrantSource(storePath: nil, layout: [options.moduleName: script.grants])
        var configuration = SessionConfiguration(
            directories: [ModuleDirectory(options.moduleDirectory)], layoutPath: layoutPath, statePath: nil,
            logPath: scratch + "/tabhost.log", watch: false, isolation: .process, isolationSettings: settings,
            metadataCachePath: nil)
        let clock = TestClock()
        configuration.clock = clock.hostClock
        let loop = PollEventLoop()
        let opened: HostSession.Opened
        do {
            opened = try HostSession.open(configuration, loop: loop)
        } catch {
            throw StepFailure((error.earlier + [error.description] + error.later).map { "the session did not open: \($0)" })
        }
        // A guarded modal's second to answer runs by the test clock too (ABI 1.3).
        opened.session.host.clock = { clock.now }
        let factory = opened.session.runtime.factory
        let children = (factory as? MixedModuleInstanceFactory)?.outOfProcess ?? (factory as? OutOfProcessModuleInstanceFactory)
        return Live(opened: opened, loop: loop, clock: clock, children: children)
    }

    /// Starts the session and waits until the module has drawn its first screen.
    func start() throws(StepFailure) {
        live.session.subscribe { [weak self] screen in self?.screen = screen }
        live.session.start()
        try settle()
    }

    /// Ends the children and removes the private copies.
    func close() {
        live.children?.shutdown()
        live.opened.copies.removeAll()
    }

    // MARK: Steps

    /// Carries out `step`; throws what failed.
    func perform(_ step: TestStep) throws(StepFailure) {
        // Screens that leave the tree during the step may have finished with a result.
        let before = live.session.host.visibleChain
        defer {
            for controller in before where !live.session.host.contains(controller) {
                if let result = controller.context.finishResult { lastResult = result }
            }
        }
        switch step.action {
        case .size(let columns, let rows):
            self.columns = columns
            self.rows = rows
            draw()
        case .press(let keys):
            for key in keys {
                handle(decoder.feed(key.bytes) + decoder.flush())
                try settle()
            }
        case .type(let text):
            handle(decoder.feed(Array(text.utf8)) + decoder.flush())
            try settle()
        case .click(let label):
            try click(label)
            try settle()
        case .wait(let duration):
            try advance(by: duration)
        case .reload:
            try reload()
        case .restart:
            close()
            live = try Self.open(script: script, options: options, scratch: scratch)
            router = InputRouter()
            decoder = InputDecoder()
            try start()
        default:
            try ScriptExpectation(session: self).check(step.action)
        }
    }

    /// Why the script cannot be tested under this kernel's sandbox (`# SKIP`); nil when it can. Known
    /// once the module's child has started.
    var skipReason: String? {
        guard let report = live.children?.sandboxReport(of: options.moduleName) else { return nil }
        return SandboxNeeds.skipReason(grants: script.grants, report: report)
    }

    /// A note on what this kernel's sandbox cannot make fail the script; nil when nothing.
    var sandboxNote: String? {
        live.children?.sandboxReport(of: options.moduleName).flatMap(SandboxNeeds.note(report:))
    }

    /// Text the module logged (its lines in the session's log, without time stamps).
    var moduleLog: [String] {
        guard let data = FileManager.default.contents(atPath: live.logPath), let text = Optional(String(decoding: data, as: UTF8.self))
        else {
            return []
        }
        let tag = "[\(options.moduleName)] "
        return text.split(separator: "\n").compactMap { line in
            guard let range = line.firstRange(of: tag) else { return nil }
            return String(line[range.upperBound...])
        }
    }

    /// The label of the focused item; nil when nothing is focused.
    var focusLabel: String? {
        guard let screen, let focus = frame?.focus, focus < screen.content.focusables.count else { return nil }
        return ScreenLabels.label(of: screen.content.focusables[focus], in: screen.content)
    }

    /// The whole screen as text.
    var screenText: String { frame?.grid.text ?? "" }

    // MARK: Driving

    /// What `TerminalApp.handle` does with decoded input.
    private func handle(_ events: [InputEvent]) {
        for event in events {
            let current = screen ?? live.session.screen
            for command in router.handle(event, on: current) {
                guard case .perform(let action) = command else { continue }
                live.session.perform(action)
                if case .focus = action { continue }
                let next = live.session.screen
                router.prepare(for: next)
                screen = next
                reportFocus(on: next)
            }
        }
    }

    private func reportFocus(on screen: Screen) {
        if let report = router.takeFocusReport(on: screen) { live.session.perform(report) }
    }

    private func click(_ label: String) throws(StepFailure) {
        let current = screen ?? live.session.screen
        let matches = ScreenLabels.clickTargets(label, on: current)
        guard let action = matches.first else {
            throw StepFailure(["nothing titled \"\(label)\" to click; the screen held:"] + ScreenDump.lines(screenText))
        }
        guard matches.count == 1 else {
            throw StepFailure("\(matches.count) items titled \"\(label)\": click needs exactly one")
        }
        live.session.perform(action)
        let next = live.session.screen
        router.prepare(for: next)
        screen = next
        reportFocus(on: next)
    }

    private func reload() throws(StepFailure) {
        guard let module = live.session.runtime.registry.info(named: options.moduleName) else {
            throw StepFailure("reload: \(options.moduleName) is not loaded")
        }
        let reports = live.session.reloader.apply(.changed(module.sourcePath))
        if let refused = reports.first(where: { $0.kind == .refused }) { throw StepFailure("reload refused: \(refused.message)") }
        try settle()
    }

    /// Moves the test clock by `duration`, stopping at each timer's deadline on the way so that
    /// timers fire in order and the module settles after each.
    private func advance(by duration: Duration) throws(StepFailure) {
        let ticks = live.session.runtime.ticks
        let target = live.clock.now + duration
        var firings = 0
        while let next = ticks.nextDeadline, next <= target {
            live.clock.move(to: next)
            ticks.wakeLoop()
            try settle()
            firings += 1
            // A module that keeps setting timers due at once would never let the clock reach `target`.
            guard firings < 10_000 else { throw StepFailure("wait: more than 10000 timer firings") }
        }
        live.clock.move(to: target)
        ticks.wakeLoop()
        try settle()
    }

    /// Waits until the module has settled: the loop has nothing ready, the host nothing to draw, and
    /// every thread of the module's child is asleep (so what its own threads `invalidate` has arrived
    /// and been handled); a child with a thread that never sleeps counts as settled once it has drawn no
    /// new frame for `quietPeriod`. Then draws; fails on a crash, a hang, a slow call or a time-out.
    ///
    /// The one place that says what "settled" means, for `tabhost test` and `ModuleTester` alike.
    func settle() throws(StepFailure) {
        let clock = ContinuousClock()
        let deadline = clock.now + options.settleTimeout
        var lastChange = clock.now
        var lastScreen = screen
        var idleRounds = 0
        while true {
            // The child's state first, then the loop: a message a thread sent before it went to sleep is
            // already readable when the loop polls.
            let idle = childrenIdle()
            // A call the host posted to a child and has no answer for yet (a slow event) is work in flight,
            // however long it runs: the step waits for it (its time-out, a hang or a crash end it).
            let posted = !live.session.runtime.factory.settle(until: clock.now)
            do {
                try live.loop.runOnce(timeout: .zero)
            } catch {
                throw StepFailure("the event loop failed: \(error.description)")
            }
            if screen != lastScreen || live.session.host.needsRender || ticksDue() {
                lastScreen = screen
                lastChange = clock.now
                idleRounds = 0
                continue
            }
            idleRounds = idle && !posted ? idleRounds + 1 : 0
            if idleRounds >= 2 || (!posted && clock.now - lastChange >= options.quietPeriod) { break }
            if clock.now > deadline {
                try checkChildren()
                let why = posted ? "a call to it had no answer" : "it kept drawing new frames"
                throw StepFailure("the module did not settle within \(options.settleTimeout) (\(why))")
            }
            do {
                try live.loop.runOnce(timeout: .milliseconds(1))
            } catch {
                throw StepFailure("the event loop failed: \(error.description)")
            }
        }
        screen = live.session.screen
        draw()
        try checkChildren()
    }

    /// True when a tick, timer or call from a module's thread is due by the test clock (and wakes the
    /// loop to deliver it).
    private func ticksDue() -> Bool {
        let ticks = live.session.runtime.ticks
        guard let next = ticks.nextDeadline, next <= ticks.now else { return false }
        ticks.wakeLoop()
        return true
    }

    /// True when no thread of any module child is running or runnable.
    private func childrenIdle() -> Bool {
        guard let children = live.children else { return true }
        return children.childProcesses.allSatisfy { ChildProcessTree.isIdle($0.pid) }
    }

    /// Draws the current screen as the terminal would, at the script's size.
    private func draw() {
        let current = screen ?? live.session.screen
        router.prepare(for: current)
        reportFocus(on: current)
        let frame = renderer.render(
            current, width: columns, height: rows, focus: router.focus, scroll: router.scroll, interaction: router.interaction,
            followFocus: router.followsFocus)
        router.didRender(frame)
        self.frame = frame
        screen = current
    }

    private func checkChildren() throws(StepFailure) {
        guard let children = live.children else { return }
        // The child reports what its sandbox refused that a permission would allow (a program, the network,
        // a file: `read:PATH`, `write:PATH`).
        let refused = children.deniedPermissions[options.moduleName] ?? []
        if let permission = refused.first(where: { !reportedRefusals.contains($0) }) {
            reportedRefusals.insert(permission)
            throw StepFailure("the sandbox refused what `grant \(permission)` would allow; the script does not grant it")
        }
        for (_, pid) in children.childProcesses {
            guard let total = ChildProcessTree.cpuTime(of: pid) else { continue }
            let used = total - (cpuTimes[pid] ?? .zero)
            cpuTimes[pid] = total
            if used > options.slowCall {
                throw StepFailure(
                    "the module used \(used.milliseconds) ms of CPU time in this step (more than \(options.slowCall.milliseconds) ms: --slow)"
                )
            }
        }
        if let state = children.moduleStates.first(where: { $0.module == options.moduleName }) {
            let what = state.state == .stopped ? "the module crashed" : "the module is not responding"
            throw StepFailure("\(what): \(state.reason)")
        }
    }

    private static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
