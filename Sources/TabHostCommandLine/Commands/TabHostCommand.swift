import ArgumentParser
import TabModuleIsolation
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// The `tabhost` command line, shared by the `tabhost` and `tabhost-web` executables (same commands,
/// help, man page and completions); only `tabhost-web` links the browser front end.
public struct TabHostCommand: ParsableCommand {
    /// The command tree.
    public static let configuration = CommandConfiguration(
        commandName: "tabhost",
        abstract: "Hosts tab modules (.so files) in a terminal container with navigation, tabs and hot reload.",
        subcommands: [
            RunCommand.self, DevCommand.self, ServeCommand.self, ListCommand.self, InspectCommand.self, CheckLayoutCommand.self,
            NewCommand.self, GrantCommand.self, RevokeCommand.self, PermissionsCommand.self, KeygenCommand.self,
            TrustCommand.self, PackCommand.self, FeedCommand.self, InstallCommand.self, UpdateCommand.self, RollbackCommand.self,
            RemoveCommand.self, TestCommand.self, TestDriveCommand.self,
        ])

    /// The browser front end `serve` and `run --web` start, set once by `main(web:)` before parsing;
    /// nil in `tabhost`, which then execs `tabhost-web` (`CompanionProgram.web`).
    nonisolated(unsafe) static var web: (any WebFrontEndStarting)?
    /// The bundle tools `pack` and `feed` run, set once by `main(web:bundles:)` before parsing; nil in
    /// `tabhost` and `tabhost-web`, which then exec `tabhost-bundle` (`CompanionProgram.bundle`).
    nonisolated(unsafe) static var bundles: (any BundleTooling)?

    /// The command the command line `arguments` (the program first) name when it answers from the
    /// module metadata cache (``ModuleMetadataCache/defaultPath()``): `run`, `list` and `inspect`, whose
    /// start-up Scripts/bench measures; not `serve`, which in `tabhost` only execs
    /// `tabhost-web`. `main` then starts reading the cache before it parses the arguments
    /// (`ModuleMetadataCacheReading.startEarly`) and parses them by that command alone
    /// (`parsedDirectly`). Only the first argument is looked at, as a guess: a reading that no command
    /// takes is joined and dropped before the process exits.
    static func commandReadingMetadataCache(in arguments: [String]) -> (any ParsableCommand.Type)? {
        guard arguments.count > 1 else { return nil }
        switch arguments[1] {
        case "run": return RunCommand.self
        case "list": return ListCommand.self
        case "inspect": return InspectCommand.self
        default: return nil
        }
    }

    /// Whether the command line `arguments` (the program first) look like `tabhost run` with modules in
    /// child processes (no `--isolation none`) and the terminal front end here (no `--web`, which in
    /// `tabhost` execs `tabhost-web`; no `--help`): `main` then starts the first module's child before
    /// it parses them. A guess, as `commandReadingMetadataCache(in:)` is: a child no session takes ends with the process.
    static func startsModuleChildren(_ arguments: [String]) -> Bool {
        guard arguments.count > 1, arguments[1] == "run" else { return false }
        var rest = arguments.dropFirst(2).makeIterator()
        while let argument = rest.next() {
            if argument == "--isolation=none" || argument == "--web" || argument.hasPrefix("--web=") { return false }
            if argument == "--help" || argument == "-h" { return false }
            if argument == "--isolation", rest.next() == "none" { return false }
        }
        return true
    }

    /// Creates the root command (ArgumentParser needs it; `main(web:)` parses one).
    public init() {}

    /// Like ArgumentParser's `main()`, but a usage error exits with 2 (not EX_USAGE, 64), and with the
    /// browser front end `serve` and `run --web` use (nil: they exec `tabhost-web`).
    /// `bundles`: the bundle tools `pack`, `feed` and `install` use (nil: they exec `tabhost-bundle`).
    public static func main(web: (any WebFrontEndStarting)?, bundles: (any BundleTooling)? = nil) {
        Self.web = web
        Self.bundles = bundles
        let arguments = CommandLine.arguments
        let readingCommand = commandReadingMetadataCache(in: arguments)
        if startsModuleChildren(arguments) {
            OutOfProcessModuleInstanceFactory.startSpareChildEarly()
        }
        if readingCommand != nil, let path = ModuleMetadataCache.defaultPath() {
            ModuleMetadataCacheReading.startEarly(path: path)
        }
        do {
            var command = try readingCommand.flatMap { parsedDirectly(as: $0, arguments) } ?? parseAsRoot(nil)
            try command.run()
            ModuleMetadataCacheReading.discardEarlyReading()
        } catch {
            ModuleMetadataCacheReading.discardEarlyReading()
            // A usage error quotes the arguments, which may be a file's name: shown escaped, as every line.
            let code = exitCode(for: error)
            guard !code.isSuccess else { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { writeStandardErrorLines(message) }
            Glibc.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
