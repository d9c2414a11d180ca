import Logging
import TabModuleIsolation
import TabModuleLoading

/// The scanner child alone, for the installer and `pack`: the module file is opened in the child (under
/// the sandbox), never in this process. `ModuleScanner` returns nil when no child can start, and the loader
/// then opens the file itself; this one refuses instead, so a hostile `.so`'s constructors never run here.
final class ExclusiveScanner: ModuleFileScanning {
    private let scanner: ModuleScanner

    init() {
        scanner = ModuleScanner(hostOpensFiles: false, logger: Logger(label: "tabhost-install", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func scan(copy: String, original: String, closes: Bool) throws(ModuleError) -> ModuleScanReport? {
        guard let report = try scanner.scan(copy: copy, original: original, closes: closes) else {
            throw ModuleError(
                .processFailed, path: original,
                reason: "the scanner child could not start (\(scanner.unavailableReason ?? "no reason given")), "
                    + "and the installer never opens a module itself",
                hint: "reinstall tabhost (Scripts/install) so tabhost-module-host is beside it, and try again")
        }
        return report
    }

    func hostOpens(_ report: ModuleScanReport) -> Bool { false }

    func hostOpens(name: String) -> Bool { false }

    /// The descriptor of `file`, read by the scanner child.
    static func descriptor(of file: String) throws(ModuleError) -> ModuleInfo {
        let copies = try ModuleCopyDirectory()
        defer { copies.removeAll() }
        var loader = ModuleLoader(copies: copies, options: ModuleLoadOptions())
        loader.scanner = ExclusiveScanner()
        let registry = ModuleRegistry(loader: loader)
        let entry = registry.entry(file: file)
        if let info = entry.module?.info { return info }
        throw entry.error
            ?? ModuleError(
                .openFailed, path: file, reason: "not a module", hint: "ask the bundle's publisher for a bundle tabhost pack made")
    }
}
