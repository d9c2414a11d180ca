import SystemPackage
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// A program `tabhost` execs for the commands whose libraries it does not link itself (same pid and
/// arguments): `tabhost-web` for `serve` and `run --web` (the browser front end), `tabhost-bundle` for
/// `pack` and `feed` (libarchive). Each is found as the isolation helper is: its environment variable,
/// else beside the running executable (SwiftPM's build directory), else `../libexec/tabhost/` (installed).
struct CompanionProgram {
    /// How it is found.
    let program: CompanionExecutable
    /// What it is, for the error lines ("the browser front end").
    let role: String

    /// `tabhost-web`, with the browser front end linked.
    static let web = CompanionProgram(program: .web, role: "the browser front end")
    /// `tabhost-bundle`, with the bundle tools (libarchive) linked.
    static let bundle = CompanionProgram(program: .bundle, role: "the bundle tools")

    /// Replaces this process by the program with the same arguments; nothing of a session may have been
    /// started before. When it is missing or cannot be executed: one line and exit status 1.
    func exec() -> Never {
        let tried = program.candidates
        if let path = CompanionExecutable.firstExecutable(of: tried) {
            var arguments = CommandLine.arguments
            arguments[0] = path
            let cArguments = arguments.map { strdup($0) } + [nil]
            execv(path, cArguments)
            let reason = Errno(rawValue: errno).description
            writeStandardError(
                "tabhost: cannot run \(role) \(path): \(reason); reinstall tabhost with Scripts/install (or build it: swift build)")
            ModuleMetadataCacheReading.discardEarlyReading()
            exit(1)
        }
        let looked = program.pathFromEnvironment != nil ? "\(tried[0]) ($\(program.environmentVariable))" : tried.joined(separator: " and ")
        writeStandardError(
            "tabhost: \(role) \(program.name) is not an executable file at \(looked); "
                + "reinstall tabhost with Scripts/install (from a checkout: swift build builds it beside tabhost)"
        )
        ModuleMetadataCacheReading.discardEarlyReading()
        exit(1)
    }
}
