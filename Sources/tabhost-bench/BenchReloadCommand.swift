import ArgumentParser
import FoundationEssentials
import Logging
import SystemPackage
import TabHostCommandLine
import TabHostCore
import TabHostPoll
import TabKit
import TabLayout
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost-bench reload`: hot-reload latency and memory growth, in process.
///
/// One module is shown as the only tab of a host whose directory a `DirectoryWatcher` watches.
/// Each round writes the other version under a hidden name (not timed), then times: `rename()` into
/// place → `waitForEvents` → `HotReloader.apply` → `ContainerHost.screen` (the module's new rendering). The
/// round fails unless the tab's controller runs the new generation afterwards.
struct BenchReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Times COUNT hot reloads of a module alternating between two files (key=value output).")

    @Option(help: "The first version of the module (.so).")
    var first: String

    @Option(help: "The second version of the same module (.so); may be a copy of the first.")
    var second: String

    @Option(help: "A directory the module's image paths need (e.g. a .resources bundle), linked next to it.")
    var assets: String?

    @Option(help: "Timed reloads.")
    var count = 100

    @Option(help: "Untimed reloads before the timed ones (warms caches and allocator arenas).")
    var warmup = 10

    @Option(
        help: """
            With --isolation process: milliseconds the host's loop runs before each reload, untimed, as in \
            `tabhost run` between two edits (the next spare child starts there, once the children are idle); \
            0: no loop, and the next spare child starts at once, during the timed reload.
            """)
    var idle = 0

    @Option(help: "Where the module runs: none (this process) or process (a child per version; RSS counts it).")
    var isolation: ModuleIsolation = .none

    @Option(help: "With --isolation process: the kernel sandbox of each child and of the scanner (off or on).")
    var sandbox: SandboxMode = .off

    @Flag(help: "With --sandbox on: leave the scanner child unconfined (how much of the cost is the scanner's).")
    var unconfinedScanner = false

    func run() throws {
        let versions = try [first, second].map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                writeStandardError("\(path): cannot read the module file; pass an existing .so to --first/--second")
                throw ExitCode(1)
            }
            return data
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tabhost-bench-reload-\(getpid())").path
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        if let assets {
            let name = String(assets.split(separator: "/").last ?? "")
            try FileManager.default.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: assets)
        }
        let target = directory + "/probe.so"
        let staging = directory + "/.probe.next"
        guard FileManager.default.createFile(atPath: target, contents: versions[0]) else {
            writeStandardError("\(target): cannot write the module")
            throw ExitCode(1)
        }

        // Isolated as `tabhost run` is: the host never opens the module, a scanner child reads it (confined
        // as the session's scanner is when the sandbox is on).
        let settings = BenchIsolationCommand.settings(sandbox: sandbox)
        let quiet = Logger(label: "tabhost", factory: { _ in SwiftLogNoOpLogHandler() })
        let loading = try ModuleLoadingChain.forCommand(scan: isolation == .process, sandbox: unconfinedScanner ? .off : sandbox)
        let cache = loading.copies
        defer { cache.removeAll() }
        let registry = loading.registry
        registry.load(directories: [ModuleDirectory(directory)])
        guard let module = registry.modules.first, registry.errors.isEmpty else {
            for error in registry.errors { writeStandardError(error.description) }
            throw ExitCode(1)
        }
        let processes = isolation == .process ? settings.moduleChildren(logger: quiet) : nil
        let runtime = ModuleRuntime(registry: registry, logger: quiet, factory: processes ?? InProcessModuleInstanceFactory())
        // The host's RSS plus its children's: what the machine pays.
        func residentKiB() -> Int {
            BenchMeasure.residentKiB()
                + (processes?.childProcesses.map { BenchIsolationCommand.memory(of: $0.pid).rss }.reduce(0, +) ?? 0)
        }
        let layout = Layout(root: .tabs(LayoutTabContainer(tabs: [LayoutTab(name: "probe", module: module.name)])))
        let host = ContainerHost(layout: layout, factory: runtime)
        host.start()
        _ = host.screen
        let reloader = HotReloader(runtime: runtime, host: host)
        // The loop of `tabhost run`, run only between reloads: what it does there is not timed.
        var loop: PollEventLoop?
        if idle > 0, let processes {
            let made = PollEventLoop()
            processes.attach(to: made)
            loop = made
        }
        let watcher = try DirectoryWatcher()
        try watcher.watch(directory: directory)

        let clock = ContinuousClock()
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        var rssStart = residentKiB()
        for round in 0..<(warmup + count) {
            if round == warmup { rssStart = residentKiB() }
            guard FileManager.default.createFile(atPath: staging, contents: versions[(round + 1) % 2]) else {
                writeStandardError("\(staging): cannot write the next version")
                throw ExitCode(1)
            }
            if let loop {
                let until = clock.now + .milliseconds(idle)
                while clock.now < until { try loop.runOnce(timeout: until - clock.now) }
            }
            // Instance ids only grow: a larger one means the reload reached the tab.
            let before = runtime.controllers(ofModule: module.name).first?.instance.id ?? 0
            let start = clock.now
            guard rename(staging, target) == 0 else {
                writeStandardError("\(staging): cannot rename into place: \(Errno(rawValue: errno).description)")
                throw ExitCode(1)
            }
            var reloaded = false
            while !reloaded {
                let events = watcher.waitForEvents(timeout: .seconds(2))
                guard !events.isEmpty else { break }
                for event in events {
                    for report in reloader.apply(event) {
                        if report.kind == .refused { writeStandardError(report.message) }
                        if report.kind == .reloaded { reloaded = true }
                    }
                }
            }
            _ = host.screen
            let elapsed = clock.now - start
            let after = runtime.controllers(ofModule: module.name).first?.instance.id ?? 0
            guard reloaded, after > before else {
                writeStandardError("round \(round): the reload did not reach the tab (instance \(before) → \(after))")
                throw ExitCode(1)
            }
            if round >= warmup { latencies.append(BenchMeasure.milliseconds(elapsed)) }
        }
        let rssEnd = residentKiB()
        BenchMeasure.report([
            "n": "\(latencies.count)",
            "p50_ms": BenchMeasure.format(BenchMeasure.percentile(latencies, 50)),
            "p99_ms": BenchMeasure.format(BenchMeasure.percentile(latencies, 99)),
            "min_ms": BenchMeasure.format(latencies.min() ?? .nan),
            "max_ms": BenchMeasure.format(latencies.max() ?? .nan),
            "rss_start_kib": "\(rssStart)",
            "rss_end_kib": "\(rssEnd)",
            "rss_growth_kib": "\(rssEnd - rssStart)",
            "swift": "\(module.info.containsSwift)",
        ])
    }
}
