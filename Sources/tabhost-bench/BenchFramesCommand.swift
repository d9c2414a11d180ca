import ArgumentParser
import FoundationEssentials
import Logging
import TabHostCommandLine
import TabHostCore
import TabKit
import TabLayout
import TabModuleLoading
import TabModuleRuntime
import TerminalUI

/// `tabhost-bench frames`: frame cost and bytes on the real example modules.
///
/// The example modules (built next to tabhost, or `--modules DIR`) become the tabs of one root tab
/// container (capacity 5, so More shows), with a status line. For each size it reports the bytes of a
/// full repaint, of the diff after a tab switch (first tab → second, via `ContainerHost.apply`) and after a
/// one-row change (the status text), and the time to compose a frame: `ScreenRenderer.render` plus
/// `FrameDiffer.frame`, alternating between the two tabs' screens. The cost of ABI 1.2's nodes: a screen of
/// fields, toggles, progress bars, a styled table with row actions and styled text, against a screen of as
/// many plain rows (composing alternates each with a one-line change of itself; JSON bytes as a browser gets them).
struct BenchFramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Times composing frames and counts the bytes of full, tab-switch and one-row frames (key=value output).")

    @Option(parsing: .upToNextOption, help: "Module directories (default: the examples built next to tabhost).")
    var modules: [String] = []

    @Option(help: "Timed compositions per size.")
    var iterations = 2000

    @Option(parsing: .upToNextOption, help: "Sizes as COLUMNSxROWS.")
    var sizes: [String] = ["200x60", "80x24"]

    func run() throws {
        let loading = try ModuleLoadingChain.forCommand()
        let cache = loading.copies
        defer { cache.removeAll() }
        let registry = loading.registry
        registry.load(directories: ModuleSearchPath.directories(modules))
        let preferred = ["launcher", "clock", "counter", "favourites", "accounts", "detail", "accountmore"]
        let content = registry.modules.filter { $0.info.kind == .content }.map(\.name)
        let names = preferred.filter(content.contains) + content.filter { !preferred.contains($0) }
        guard names.count >= 2 else {
            writeStandardError(
                "need at least two content modules, found \(names.count); build the examples (swift build -c release) or pass --modules DIR"
            )
            throw ExitCode(1)
        }
        let runtime = ModuleRuntime(registry: registry, logger: Logger(label: "tabhost", factory: { _ in SwiftLogNoOpLogHandler() }))
        let tabs = names.map { LayoutTab(name: $0, module: $0) }
        let host = ContainerHost(layout: Layout(root: .tabs(LayoutTabContainer(tabs: tabs, capacity: 5))), factory: runtime)
        host.start()
        host.status = "reloaded launcher v2"
        let first = host.screen
        _ = host.apply(.selectTab(1))
        let second = host.screen
        var changed = first
        changed.status = "3 module file(s) refused: see `tabhost list` or the log"
        let clock = ContinuousClock()

        var modelTimes: [Double] = []
        for _ in 0..<max(1, iterations / 10) {
            // Every kept rendering dropped: this times composing the screen, module renders included.
            host.invalidate()
            let start = clock.now
            _ = host.screen
            modelTimes.append(BenchMeasure.milliseconds(clock.now - start))
        }

        let renderer = ScreenRenderer()
        for size in sizes {
            let parts = size.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                writeStandardError("\(size): not a size; write COLUMNSxROWS, e.g. 200x60")
                throw ExitCode(2)
            }
            let (width, height) = (parts[0], parts[1])
            let a = renderer.render(first, width: width, height: height).grid
            let b = renderer.render(second, width: width, height: height).grid
            let c = renderer.render(changed, width: width, height: height).grid
            let full = FrameDiffer.fullRepaint(a).count
            let switched = FrameDiffer.diff(from: a, to: b).count
            let oneRow = FrameDiffer.diff(from: a, to: c).count

            var differ = FrameDiffer()
            _ = differ.frame(a)
            var times: [Double] = []
            times.reserveCapacity(iterations)
            var bytes = 0
            for i in 0..<iterations {
                let screen = i % 2 == 0 ? second : first
                let start = clock.now
                let frame = renderer.render(screen, width: width, height: height)
                bytes &+= differ.frame(frame.grid).count
                times.append(BenchMeasure.milliseconds(clock.now - start))
            }
            let nodes = Self.composeTimes(of: Self.nodesScreen, renderer: renderer, width: width, height: height, iterations: iterations)
            let plain = Self.composeTimes(of: Self.plainScreen, renderer: renderer, width: width, height: height, iterations: iterations)
            BenchMeasure.report([
                "size": size,
                "nodes_compose_p50_ms": BenchMeasure.format(BenchMeasure.percentile(nodes, 50)),
                "plain_compose_p50_ms": BenchMeasure.format(BenchMeasure.percentile(plain, 50)),
                "nodes_json_bytes": "\(try Self.jsonBytes(Self.nodesScreen))",
                "plain_json_bytes": "\(try Self.jsonBytes(Self.plainScreen))",
                "tabs": "\(names.count)",
                "full_bytes": "\(full)",
                "tab_switch_bytes": "\(switched)",
                "one_row_bytes": "\(oneRow)",
                "compose_p50_ms": BenchMeasure.format(BenchMeasure.percentile(times, 50)),
                "compose_min_ms": BenchMeasure.format(times.min() ?? .nan),
                "compose_max_ms": BenchMeasure.format(times.max() ?? .nan),
                "compose_p99_ms": BenchMeasure.format(BenchMeasure.percentile(times, 99)),
                "model_p50_ms": BenchMeasure.format(BenchMeasure.percentile(modelTimes, 50)),
                "checksum": "\(bytes)",
            ])
        }
    }
}
