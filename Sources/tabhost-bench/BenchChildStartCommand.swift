import ArgumentParser
import FoundationEssentials
import Logging
import TabHostCommandLine
import TabHostCore
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime

/// `tabhost-bench child-start`: one module's child start to first frame, as `tabhost run` starts it (the file
/// read by the sandboxed scanner, the child under the default sandbox), and that child's memory.
///
/// Unlike `isolation`, nothing runs in this process: a module that carries its own Swift runtime (a Swift
/// bundle) cannot be opened here, so this is the row that compares a Swift bundle's start with a C one's.
/// Each start is a new child, `create` and `render` (milliseconds); then RSS, PSS and private dirty memory of
/// one child, with the sandbox off (KiB). Prints one `key=value` line.
struct BenchChildStartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "child-start",
        abstract: "Times a module's child start to first render, sandbox on, nothing in process (key=value output).")

    @Option(help: "The module (.so), as installed.")
    var module: String

    @Option(help: "Timed child starts.")
    var starts = 50

    func run() throws {
        let loading = try ModuleLoadingChain.forCommand(scan: true, sandbox: .on)
        defer { loading.copies.removeAll() }
        let loaded: LoadedModule
        do {
            loaded = try loading.registry.load(file: module).module
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        let quiet = Logger(label: "tabhost", factory: { _ in SwiftLogNoOpLogHandler() })
        let environment = ModuleInstanceEnvironment(ticks: TickScheduler(), confinement: nil)
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<max(1, starts) {
            let factory = BenchIsolationCommand.settings(sandbox: .on).moduleChildren(logger: quiet)
            let start = clock.now
            let instance = try factory.makeInstance(of: loaded, environment: environment, delegate: nil)
            _ = instance.render()
            times.append(BenchMeasure.milliseconds(clock.now - start))
            instance.destroy()
        }
        // Memory with the sandbox off, as `isolation` measures it: with it on, the module runs in a process
        // forked inside the child's namespaces, not in the child this factory knows.
        let factory = BenchIsolationCommand.settings(sandbox: .off).moduleChildren(logger: quiet)
        let instance = try factory.makeInstance(of: loaded, environment: environment, delegate: nil)
        _ = instance.render()
        let memory = factory.childProcesses.first.map { BenchIsolationCommand.memory(of: $0.pid) } ?? (-1, -1, -1)
        instance.destroy()
        BenchMeasure.report([
            "start_p50_ms": BenchMeasure.format(BenchMeasure.percentile(times, 50)),
            "start_min_ms": BenchMeasure.format(times.min() ?? .nan),
            "child_rss_kib": "\(memory.0)", "child_pss_kib": "\(memory.1)", "child_private_kib": "\(memory.2)",
        ])
    }
}
