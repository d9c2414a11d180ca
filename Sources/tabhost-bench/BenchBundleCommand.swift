import ArgumentParser
import FoundationEssentials
import Logging
import TabHostCommandLine
import TabHostCore
import TabKit
import TabLayout
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost-bench bundle`: an installed bundle reaching a running host, in process.
///
/// The host watches an empty module directory; its tab container accepts new modules. Each round stages
/// the module as an installed bundle (`.staging-XXXXXX` holding `NAME.so` and `manifest.json`, not timed)
/// and times two placements as `tabhost install` and `update` make them (``BundlePlacement``):
/// - **install**: `rename(staging, NAME)` → `waitForEvents` → `HotReloader.apply` → `ContainerHost.screen`
///   with the new tab selected and rendered;
/// - **update**: `renameat2(staging, NAME, RENAME_EXCHANGE)` → … → the screen of the reloaded tab (its
///   controller runs a new instance).
/// Between rounds (not timed) the old version goes to `.NAME.previous` and the bundle is removed
/// (`rename` to `.removed-XXXXXX`, delete) until its tab is gone. Prints `key=value` (milliseconds).
struct BenchBundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Times COUNT bundle installs and updates reaching a running host (key=value output).")

    @Option(help: "The first version of the module (.so); the bundle directory is named after the module.")
    var first: String

    @Option(help: "The second version of the same module (.so); may be a copy of the first.")
    var second: String

    @Option(help: "Timed rounds (one install and one update each).")
    var count = 50

    @Option(help: "Untimed rounds before the timed ones.")
    var warmup = 5

    @Option(help: "Where the module runs: none (this process) or process (a child per version).")
    var isolation: ModuleIsolation = .none

    @Option(help: "With --isolation process: the kernel sandbox of each child and of the scanner (off or on).")
    var sandbox: SandboxMode = .off

    func run() throws {
        let versions = try [first, second].map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                writeStandardError("\(path): cannot read the module file; pass an existing .so to --first/--second")
                throw ExitCode(1)
            }
            return data
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tabhost-bench-bundle-\(getpid())").path
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        _ = chmod(directory, 0o755)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let settings = BenchIsolationCommand.settings(sandbox: sandbox)
        let quiet = Logger(label: "tabhost", factory: { _ in SwiftLogNoOpLogHandler() })
        // Isolated as `tabhost run` is: a scanner child reads each version, confined when the sandbox is on.
        let loading = try ModuleLoadingChain.forCommand(scan: isolation == .process, sandbox: sandbox)
        defer { loading.copies.removeAll() }
        let registry = loading.registry
        registry.load(directories: [ModuleDirectory(directory)])
        let processes = isolation == .process ? settings.moduleChildren(logger: quiet) : nil
        let runtime = ModuleRuntime(registry: registry, logger: quiet, factory: processes ?? InProcessModuleInstanceFactory())
        let layout = Layout(root: .tabs(LayoutTabContainer(tabs: [], acceptsNewModules: true)))
        let host = ContainerHost(layout: layout, factory: runtime)
        host.start()
        _ = host.screen
        let reloader = HotReloader(runtime: runtime, host: host)
        reloader.directories = [ModuleDirectory(directory)]
        let watcher = try DirectoryWatcher()
        try watcher.watch(directory: directory)
        guard let container = host.root as? TabContainer else { throw ExitCode(1) }

        // The module's name names the bundle directory: read it from the first version once.
        let name = try moduleName(of: first, registry: registry)
        let placement = BundlePlacement(modules: directory, name: name)
        let clock = ContinuousClock()
        var installs: [Double] = []
        var updates: [Double] = []
        for round in 0..<(warmup + count) {
            // Install: the tab appears, selected, and renders.
            let firstStaging = try placement.stage(versions[round % 2])
            var start = clock.now
            try placement.install(firstStaging)
            try pump(watcher, reloader, until: .added)
            _ = host.screen
            let installed = clock.now - start
            guard container.selectedTab?.module == name, let shown = container.selectedTab?.stack?.root as? ModuleController else {
                writeStandardError("round \(round): the installed module's tab is not shown")
                throw ExitCode(1)
            }
            // Update: the same tab's controller runs a new instance.
            let before = shown.instance.id
            let secondStaging = try placement.stage(versions[(round + 1) % 2])
            start = clock.now
            try placement.update(secondStaging)
            try pump(watcher, reloader, until: .reloaded)
            _ = host.screen
            let updated = clock.now - start
            guard shown.instance.id > before else {
                writeStandardError("round \(round): the update did not reach the tab (instance \(before) → \(shown.instance.id))")
                throw ExitCode(1)
            }
            try placement.keepPrevious(secondStaging)
            try placement.remove()
            try pump(watcher, reloader, until: .removed)
            if round >= warmup {
                installs.append(BenchMeasure.milliseconds(installed))
                updates.append(BenchMeasure.milliseconds(updated))
            }
        }
        BenchMeasure.report([
            "n": "\(installs.count)",
            "install_p50_ms": BenchMeasure.format(BenchMeasure.percentile(installs, 50)),
            "install_p99_ms": BenchMeasure.format(BenchMeasure.percentile(installs, 99)),
            "update_p50_ms": BenchMeasure.format(BenchMeasure.percentile(updates, 50)),
            "update_p99_ms": BenchMeasure.format(BenchMeasure.percentile(updates, 99)),
        ])
    }

    /// The name the module file `path` declares (loaded once into a scratch registry entry).
    private func moduleName(of path: String, registry: ModuleRegistry) throws -> String {
        let entry = registry.entry(file: path)
        guard let name = entry.info?.name else {
            writeStandardError(entry.error?.description ?? "\(path): not a module")
            throw ExitCode(1)
        }
        registry.unload(file: path)
        return name
    }

    /// Applies the watcher's events until a report of `kind` (a refusal, or none within 2 s, fails the round).
    private func pump(_ watcher: DirectoryWatcher, _ reloader: HotReloader, until kind: HotReloadReport.Kind) throws {
        while true {
            let events = watcher.waitForEvents(timeout: .seconds(2))
            guard !events.isEmpty else {
                writeStandardError("no \(kind) report within 2 s")
                throw ExitCode(1)
            }
            for report in events.flatMap(reloader.apply) {
                if report.kind == .refused {
                    writeStandardError(report.message)
                    throw ExitCode(1)
                }
                if report.kind == kind { return }
            }
        }
    }
}
