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

/// `tabhost-bench lists`: the cost of a lazy list (ABI 1.3) of `--count` rows: a frame (the module's render,
/// its `list_row` calls inside it, a 200×60 composition and diff), the resident memory after the frames, the
/// JSON bytes of the screen, and `list_row` calls per frame. A list's cost follows the screen, not its count:
/// Scripts/bench runs it for 1,000,000 and for 100 rows in the same run.
struct BenchListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists", abstract: "Times frames of a lazy list of --count rows (key=value output).")

    @Option(help: "The directory holding lazy_list's module (lazylist).")
    var modules: String

    @Option(help: "Rows of the list.")
    var count = 1_000_000

    @Option(help: "Timed frames.")
    var iterations = 500

    func run() throws {
        let loading = try ModuleLoadingChain.forCommand()
        defer { loading.copies.removeAll() }
        loading.registry.load(directories: [ModuleDirectory(modules)])
        guard loading.registry.module(named: "lazylist") != nil else {
            writeStandardError("\(modules): no module lazylist; build Scripts/bench-baseline/lazy_list.c there")
            throw ExitCode(1)
        }
        let runtime = ModuleRuntime(
            registry: loading.registry, logger: Logger(label: "tabhost", factory: { _ in SwiftLogNoOpLogHandler() }))
        let host = ContainerHost(
            layout: Layout(root: .stack(.module(LayoutModule(module: "lazylist", param: "\(count)")))), factory: runtime)
        host.start()
        let renderer = ScreenRenderer()
        var differ = FrameDiffer()
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(iterations)
        let before = Self.calls(host.screen)
        for _ in 0..<iterations {
            host.invalidate()
            let start = clock.now
            let screen = host.screen
            _ = differ.frame(renderer.render(screen, width: 200, height: 60).grid)
            times.append(BenchMeasure.milliseconds(clock.now - start))
        }
        let screen = host.screen
        let perFrame = Double(Self.calls(screen) - before) / Double(max(1, iterations))
        BenchMeasure.report([
            "count": "\(count)",
            "frame_p50_ms": BenchMeasure.format(BenchMeasure.percentile(times, 50)),
            "frame_min_ms": BenchMeasure.format(times.min() ?? .nan),
            "rss_kib": "\(BenchMeasure.residentKiB())",
            "json_bytes": "\(try JSONEncoder().encode(screen).count)",
            "list_row_calls_per_frame": BenchMeasure.format(perFrame),
        ])
    }

    /// The module's count of its `list_row` calls, from its "list_row calls N" line.
    static func calls(_ screen: Screen) -> Int {
        for node in screen.content.nodes {
            if case .text(let text) = node.unstyled, text.hasPrefix("list_row calls ") { return Int(text.dropFirst(15)) ?? 0 }
        }
        return 0
    }
}
