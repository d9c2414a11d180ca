import ArgumentParser
import Logging
import TabHostCore
import TabModuleIsolation
import TabModuleLoading

extension ModuleLoadingChain {
    /// The loading chain as every command that loads modules starts it (`tabhost-bench`'s included).
    ///
    /// `scan`: open every file in a scanner child (never in this process), confined by `sandbox` (on
    /// unless the user said `--sandbox off`), so a file that crashes the loader is refused instead of
    /// ending the command and its constructors run confined. `metadataCache`: answer from the module metadata cache file (and
    /// keep it up to date), unless `rescan`, which loads every file again. A directory of private copies
    /// that cannot be made is reported in one line and exits 1. The command removes it when it ends
    /// (`defer { loading.copies.removeAll() }`). `readsDescriptorsOnly`: no module will run (no child loads a
    /// copy), so each copy is removed as soon as the scanner has read it.
    package static func forCommand(
        allowInsecurePermissions: Bool = false, scan: Bool = false, sandbox: SandboxMode = .on, metadataCache: String? = nil,
        rescan: Bool = false, readsDescriptorsOnly: Bool = false
    ) throws -> ModuleLoadingChain {
        // Read and decoded on its own thread (started before the arguments were parsed, or now) while
        // the directories are listed.
        let reading = metadataCache.map(ModuleMetadataCacheReading.started(path:))
        // These commands only read descriptors: with a scanner this process never opens a module file.
        let scanner =
            scan
            ? IsolationSettings(sandbox: sandbox).scanner(logger: Logger(label: "tabhost", factory: { _ in SwiftLogNoOpLogHandler() }))
            : nil
        do {
            return try ModuleLoadingChain(
                options: ModuleLoadOptions(allowInsecurePermissions: allowInsecurePermissions), scanner: scanner,
                metadataCachePath: metadataCache, trusted: !rescan, reading: reading,
                keepsScannedCopies: !(scan && readsDescriptorsOnly),
                logger: Logger(label: "tabhost", factory: { _ in StandardErrorLogHandler() }))
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
    }
}
