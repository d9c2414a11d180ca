import ArgumentParser
import FoundationEssentials
import Logging
import TabHostCommandLine
import TabHostCore
import TabHostPoll
import TabKit
import TabLayout
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost-bench isolation`: what running modules in child processes costs, beside the same
/// measurements in process, in one run.
///
/// Two content modules are the two tabs of a host, made in process (`mode=none`) and out of process
/// (`mode=process`). Per mode it reports the render round trip (the visible controller's `render`,
/// microseconds), the tab switch (`apply(.selectTab)` plus `ContainerHost.screen`, which renders the
/// newly visible module: microseconds) and the switch as a terminal composes it (plus a 200×60 frame and
/// its diff). Then, out of process only: child start to first render (a new
/// child, `create`, `render`; milliseconds) and the RSS, PSS and private dirty memory of one child
/// (KiB), for `--first` and, when given, for `--swift` (a Swift module such as the Counter example).
///
/// Out of process, the render round trip asks the child each time (`OutOfProcessModuleInstance.renderNow`: a
/// drawn tab takes its kept view, which costs nothing). With `--spinner` (Scripts/bench-baseline/spin_probe.c),
/// a third line (`mode=spinning`): event → pushed frame (the probe's "tick" action until its FRAME is applied,
/// microseconds), then the tab switch and its composition between the two other modules, first while every
/// module answers, then while the probe spins forever in `event` (same run, same host).
///
/// With `--sandbox`, the out-of-process measurements run twice in the same run, with
/// `IsolationSettings.sandbox` `.off` and `.on` (a third line, `mode=process sandbox=on`), and the
/// child starts alternate between the two start by start, so that whatever else the machine does
/// falls on both alike; `sandbox_cost_p50_ms` is the median of the paired differences.
struct BenchIsolationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isolation",
        abstract: "Times render round trips, tab switches and child starts in process and out of process (key=value output).")

    @Option(help: "A content module (.so), the first tab.")
    var first: String

    @Option(help: "Another content module (.so) with another name, the second tab.")
    var second: String

    @Option(help: "A Swift module (.so) whose child's memory is measured too.")
    var swift: String?

    @Option(help: "Timed render round trips and tab switches per mode.")
    var iterations = 2000

    @Option(help: "Timed child starts.")
    var starts = 50

    @Flag(help: "Also measure out of process with the kernel sandbox on, alternating with it off.")
    var sandbox = false

    @Option(help: "The spinning probe (.so, Scripts/bench-baseline/spin_probe.c): event → frame, and switches while it spins.")
    var spinner: String?

    func run() throws {
        let loading = try ModuleLoadingChain.forCommand()
        defer { loading.copies.removeAll() }
        let registry = loading.registry
        var modules: [LoadedModule] = []
        for path in [first, second] + (swift.map { [$0] } ?? []) + (spinner.map { [$0] } ?? []) {
            do {
                modules.append(try registry.load(file: path).module)
            } catch {
                writeStandardError(error.description)
                throw ExitCode(1)
            }
        }
        let quiet = Logger(label: "tabhost", factory: { _ in SwiftLogNoOpLogHandler() })
        let variants: [(ModuleIsolation, SandboxMode)] = [(.none, .off), (.process, .off)] + (sandbox ? [(.process, .on)] : [])
        for (isolation, sandboxMode) in variants {
            let factory: any ModuleInstanceFactory =
                isolation == .process
                ? Self.settings(sandbox: sandboxMode).moduleChildren(logger: quiet)
                : InProcessModuleInstanceFactory()
            let runtime = ModuleRuntime(registry: registry, logger: quiet, factory: factory)
            let tabs = modules.prefix(2).map { LayoutTab(name: $0.name, module: $0.name) }
            let host = ContainerHost(layout: Layout(root: .tabs(LayoutTabContainer(tabs: tabs))), factory: runtime)
            host.start()
            _ = host.apply(.selectTab(1))
            _ = host.apply(.selectTab(0))
            let renders = measure(iterations) {
                let visible = (host.visibleController as? ModuleController)?.instance
                if let isolated = visible as? OutOfProcessModuleInstance { _ = isolated.renderNow() } else { _ = visible?.render() }
            }
            let switches = switchTabs(host, composing: false)
            let compositions = switchTabs(host, composing: true)
            BenchMeasure.report([
                "mode": isolation.rawValue,
                "sandbox": sandboxMode.rawValue,
                "render_p50_us": BenchMeasure.format(BenchMeasure.percentile(renders, 50) * 1000),
                "render_p99_us": BenchMeasure.format(BenchMeasure.percentile(renders, 99) * 1000),
                "switch_p50_us": BenchMeasure.format(BenchMeasure.percentile(switches, 50) * 1000),
                "switch_p99_us": BenchMeasure.format(BenchMeasure.percentile(switches, 99) * 1000),
                "compose_p50_us": BenchMeasure.format(BenchMeasure.percentile(compositions, 50) * 1000),
            ])
        }
        if let spinning = spinner != nil ? modules.last : nil {
            try reportSpinning(modules: Array(modules.prefix(2)) + [spinning], registry: registry, logger: quiet)
        }
        try reportChildren(modules: modules, logger: quiet)
    }

    /// `mode=spinning`: event → pushed frame on the probe, then switches between the two other tabs
    /// while every module answers and while the probe spins (no loop runs here, so each posted call
    /// is waited for: the spin's own event gives up at the hang timeout and the probe spins on).
    private func reportSpinning(modules: [LoadedModule], registry: ModuleRegistry, logger: Logger) throws {
        let factory = Self.settings(sandbox: .off).moduleChildren(logger: logger)
        defer { factory.shutdown() }
        let runtime = ModuleRuntime(registry: registry, logger: logger, factory: factory)
        let tabs = modules.map { LayoutTab(name: $0.name, module: $0.name) }
        let host = ContainerHost(layout: Layout(root: .tabs(LayoutTabContainer(tabs: tabs))), factory: runtime)
        host.start()
        _ = host.apply(.selectTab(2))
        _ = host.screen
        let frames = measure(iterations) { host.visibleController.handle(.action("tick")) }
        _ = host.apply(.selectTab(0))
        let answering = switchTabs(host, composing: false)
        _ = host.apply(.selectTab(2))
        host.visibleController.handle(.action("spin"))
        _ = host.apply(.selectTab(0))
        let spinning = switchTabs(host, composing: false)
        let composed = switchTabs(host, composing: true)
        let ms = { (values: [Double], percentile: Int) in BenchMeasure.format(BenchMeasure.percentile(values, percentile) * 1000) }
        BenchMeasure.report([
            "mode": "spinning",
            "frame_p50_us": ms(frames, 50), "frame_p99_us": ms(frames, 99),
            "answering_switch_p50_us": ms(answering, 50), "answering_switch_p99_us": ms(answering, 99),
            "spinning_switch_p50_us": ms(spinning, 50), "spinning_switch_p99_us": ms(spinning, 99),
            "spinning_compose_p50_us": ms(composed, 50), "spinning_compose_p99_us": ms(composed, 99),
        ])
    }

    /// Child start to first render (with the sandbox off, and on when asked, alternating), and one
    /// child's memory per module measured.
    private func reportChildren(modules: [LoadedModule], logger: Logger) throws {
        let environment = ModuleInstanceEnvironment(ticks: TickScheduler(), confinement: nil)
        let modes: [SandboxMode] = sandbox ? [.off, .on] : [.off]
        var pairs = try pairedStarts(modes: modes, keys: ("start", "sandbox_start", "sandbox_cost_p50_ms")) { mode in
            try Self.timedStart(of: modules[0], in: Self.settings(sandbox: mode).moduleChildren(logger: logger), environment: environment)
        }
        pairs += try spareStarts(module: modules[0], modes: modes, environment: environment, logger: logger)
        let measured = [("c", modules[0])] + (modules.count > 2 ? [("swift", modules[2])] : [])
        for (label, module) in measured {
            let factory = IsolationSettings(sandbox: .off).moduleChildren(logger: logger)
            let instance = try factory.makeInstance(of: module, environment: environment, delegate: nil)
            _ = instance.render()
            guard let pid = factory.childProcesses.first?.pid else { continue }
            let memory = Self.memory(of: pid)
            pairs += [
                ("\(label)_child_rss_kib", "\(memory.rss)"), ("\(label)_child_pss_kib", "\(memory.pss)"),
                ("\(label)_child_private_kib", "\(memory.privateDirty)"),
            ]
            instance.destroy()
        }
        let line = pairs.map { "\($0.0)=\($0.1)" }.joined(separator: " ") + "\n"
        _ = Array(line.utf8).withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// Child start from the spare child, as `tabhost run` opens a tab: a factory on a loop, whose spare
    /// child is started and left to get ready (the loop runs 30 ms, untimed) before the start is timed
    /// as above; the loop does not run during it, as the next spare waits for the children to be idle.
    private func spareStarts(
        module: LoadedModule, modes: [SandboxMode], environment: ModuleInstanceEnvironment, logger: Logger
    ) throws -> [(String, String)] {
        let keys = ("spare_start", "sandbox_spare_start", "sandbox_spare_cost_p50_ms")
        return try pairedStarts(modes: modes, keys: keys) { mode in
            let factory = Self.settings(sandbox: mode).moduleChildren(logger: logger)
            defer { factory.shutdown() }
            let loop = PollEventLoop()
            factory.attach(to: loop)
            factory.startSpareChild()
            let until = ContinuousClock.now + .milliseconds(30)
            while ContinuousClock.now < until { try loop.runOnce(timeout: until - .now) }
            return try Self.timedStart(of: module, in: factory, environment: environment)
        }
    }

    /// Milliseconds from asking `factory` for an instance of `module` to its first render (the
    /// instance is destroyed after, untimed).
    private static func timedStart(
        of module: LoadedModule, in factory: OutOfProcessModuleInstanceFactory, environment: ModuleInstanceEnvironment
    ) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let instance = try factory.makeInstance(of: module, environment: environment, delegate: nil)
        _ = instance.render()
        let elapsed = BenchMeasure.milliseconds(clock.now - start)
        instance.destroy()
        return elapsed
    }

    /// `starts` rounds of one timed start per mode (`start` returns its milliseconds), the order
    /// alternating each round, as the second start of a pair finds the helper warmer. Reports each
    /// mode's p50, p99 and minimum under `keys.off`/`keys.on`, and with both modes the median of the
    /// paired differences (start i with the sandbox against start i without: they ran back to back).
    private func pairedStarts(
        modes: [SandboxMode], keys: (off: String, on: String, cost: String), start: (SandboxMode) throws -> Double
    ) rethrows -> [(String, String)] {
        var times: [SandboxMode: [Double]] = [:]
        for round in 0..<starts {
            for mode in round % 2 == 0 ? modes : modes.reversed() {
                times[mode, default: []].append(try start(mode))
            }
        }
        var pairs: [(String, String)] = []
        for mode in modes {
            let values = times[mode] ?? []
            let prefix = mode == .off ? keys.off : keys.on
            pairs += [
                ("\(prefix)_p50_ms", BenchMeasure.format(BenchMeasure.percentile(values, 50))),
                ("\(prefix)_p99_ms", BenchMeasure.format(BenchMeasure.percentile(values, 99))),
                ("\(prefix)_min_ms", BenchMeasure.format(values.min() ?? .nan)),
            ]
        }
        if let off = times[.off], let on = times[.on] {
            pairs.append((keys.cost, BenchMeasure.format(BenchMeasure.percentile(zip(on, off).map { $0 - $1 }, 50))))
        }
        return pairs
    }

    /// Out-of-process settings with the sandbox `mode` (the rest as `tabhost run` has them).
    static func settings(sandbox mode: SandboxMode) -> IsolationSettings {
        IsolationSettings(sandbox: mode)
    }

    /// Switches between tabs 0 and 1 `iterations` times (from tab 0), each time computing the model's screen
    /// or, `composing`, what a terminal front end does: the screen, then a 200×60 frame and its diff.
    private func switchTabs(_ host: ContainerHost, composing: Bool) -> [Double] {
        _ = host.apply(.selectTab(0))
        var next = 1
        let renderer = ScreenRenderer()
        var differ = FrameDiffer()
        return measure(iterations) {
            _ = host.apply(.selectTab(next))
            if composing {
                _ = differ.frame(renderer.render(host.screen, width: 200, height: 60).grid)
            } else {
                _ = host.screen
            }
            next = 1 - next
        }
    }

    /// Runs `body` `count` times (after a tenth as warm-up); returns each run's milliseconds.
    private func measure(_ count: Int, _ body: () -> Void) -> [Double] {
        for _ in 0..<max(1, count / 10) { body() }
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(count)
        for _ in 0..<count {
            let start = clock.now
            body()
            times.append(BenchMeasure.milliseconds(clock.now - start))
        }
        return times
    }

    /// VmRSS, Pss and Private_Dirty of `pid` in KiB (-1 when unreadable).
    static func memory(of pid: Int32) -> (rss: Int, pss: Int, privateDirty: Int) {
        func field(_ name: String, in file: String) -> Int {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })
            else { return -1 }
            return Int(line.dropFirst(name.count + 1).filter(\.isNumber)) ?? -1
        }
        return (
            field("VmRSS", in: "/proc/\(pid)/status"), field("Pss", in: "/proc/\(pid)/smaps_rollup"),
            field("Private_Dirty", in: "/proc/\(pid)/smaps_rollup")
        )
    }
}
