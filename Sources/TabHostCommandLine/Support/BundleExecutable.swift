import SystemPackage
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost-bundle`: the same commands with the bundle tools (libarchive) linked. `tabhost` execs it for
/// `pack` and `feed` (same pid and arguments), found as the isolation helper is: `$TABHOST_BUNDLE`, else
/// beside the running executable (SwiftPM's build directory), else `../libexec/tabhost/` (installed).
enum BundleExecutable {
    /// How it is found.
    static let program = CompanionExecutable.bundle

    /// Replaces this process by `tabhost-bundle` with the same arguments; nothing of a session may have been
    /// started before. When it is missing or cannot be executed: one line and exit status 1.
    static func exec() -> Never {
        let tried = program.candidates
        if let path = CompanionExecutable.firstExecutable(of: tried) {
            var arguments = CommandLine.arguments
            arguments[0] = path
            let cArguments = arguments.map { strdup($0) } + [nil]
            execv(path, cArguments)
            let reason = Errno(rawValue: errno).description
            writeStandardError(
                "tabhost: cannot run the bundle tools \(path): \(reason); "
                    + "reinstall tabhost with Scripts/install (or build it: swift build)"
            )
            ModuleMetadataCacheReading.discardEarlyReading()
            exit(1)
        }
        let looked = program.pathFromEnvironment != nil ? "\(tried[0]) ($\(program.environmentVariable))" : tried.joined(separator: " and ")
        writeStandardError(
            "tabhost: the bundle tools \(program.name) is not an executable file at \(looked); "
                + "reinstall tabhost with Scripts/install (from a checkout: swift build builds it beside tabhost)"
        )
        ModuleMetadataCacheReading.discardEarlyReading()
        exit(1)
    }
}
