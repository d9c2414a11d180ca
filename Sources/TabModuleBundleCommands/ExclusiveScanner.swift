import Logging
import TabModuleIsolation
import TabModuleLoading

/// The scanner child alone, for the installer: the module file is opened in a confined child, never in
/// this process, so a hostile `.so`'s constructors never run here, and run confined before the first
/// install's question is asked.
enum ExclusiveScanner {
    /// The descriptor of `file`, read by a scanner child confined by `sandbox`.
    static func descriptor(of file: String, sandbox: SandboxMode) throws(ModuleError) -> ModuleInfo {
        let copies = try ModuleCopyDirectory()
        defer { copies.removeAll() }
        var loader = ModuleLoader(copies: copies, options: ModuleLoadOptions())
        loader.scanner = IsolationSettings(sandbox: sandbox).scanner(
            logger: Logger(label: "tabhost-install", factory: { _ in SwiftLogNoOpLogHandler() }))
        let registry = ModuleRegistry(loader: loader)
        let entry = registry.entry(file: file)
        if let info = entry.module?.info { return info }
        throw entry.error
            ?? ModuleError(
                .openFailed, path: file, reason: "not a module", hint: "ask the bundle's publisher for a bundle tabhost pack made")
    }
}
