import ArgumentParser
import TabHostCommandLine
import TabHostCore
import TabModuleLoading

/// `tabhost-bench load DIR`: times `ModuleRegistry.load` (discover, check, copy, open, validate)
/// of every module in DIR, once, in this fresh process, and reports the RSS before and after.
struct BenchLoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Times discovering, checking and loading every module of DIR once (key=value output).")

    @Argument(help: "A directory of module files.")
    var directory: String

    func run() throws {
        let loading = try ModuleLoadingChain.forCommand()
        let cache = loading.copies
        defer { cache.removeAll() }
        let registry = loading.registry
        let before = BenchMeasure.residentKiB()
        let clock = ContinuousClock()
        let start = clock.now
        registry.load(directories: [ModuleDirectory(directory)])
        let elapsed = clock.now - start
        let after = BenchMeasure.residentKiB()
        for error in registry.errors { writeStandardError(error.description) }
        BenchMeasure.report([
            "elapsed_ms": BenchMeasure.format(BenchMeasure.milliseconds(elapsed)),
            "modules": "\(registry.modules.count)",
            "errors": "\(registry.errors.count)",
            "rss_before_kib": "\(before)",
            "rss_kib": "\(after)",
        ])
        if !registry.errors.isEmpty { throw ExitCode(1) }
    }
}
