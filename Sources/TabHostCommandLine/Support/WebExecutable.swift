import SystemPackage
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost-web`: the same commands with the browser front end linked. `tabhost` execs it for `serve`
/// and `run --web` (same pid and arguments), found as the isolation helper is: `$TABHOST_WEB`, else
/// beside the running executable (SwiftPM's build directory), else `../libexec/tabhost/` (installed).
enum WebExecutable {
    /// How it is found.
    static let program = CompanionExecutable.web

    /// Replaces this process by `tabhost-web` with the same arguments; nothing of a session may have been
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
                "tabhost: cannot run the browser front end \(path): \(reason); "
                    + "reinstall tabhost with Scripts/install (or build it: swift build)"
            )
            ModuleMetadataCacheReading.discardEarlyReading()
            exit(1)
        }
        let looked = program.pathFromEnvironment != nil ? "\(tried[0]) ($\(program.environmentVariable))" : tried.joined(separator: " and ")
        writeStandardError(
            "tabhost: the browser front end \(program.name) is not an executable file at \(looked); "
                + "reinstall tabhost with Scripts/install (from a checkout: swift build builds it beside tabhost)"
        )
        ModuleMetadataCacheReading.discardEarlyReading()
        exit(1)
    }
}
