import ArgumentParser
import FoundationEssentials
import Glibc
import SystemPackage
import TabHostCore
import TabHostDev
import TabModuleLoading
import TerminalUI

/// `tabhost dev [DIR]`: builds a module project, shows its module in the host, and on every save
/// rebuilds it and hot-reloads it with its state.
struct DevCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Builds a module project, runs it in the host, rebuilds and reloads it on every save.",
        discussion: """
            DIR (default: the current directory) is a project made by `tabhost new`: a Makefile (C, built \
            with make) or a Package.swift (Swift, built with swift build). The module is shown as a tab, \
            alone, or with --layout FILE in that layout's container with "acceptsNewModules". Every save \
            of a source file rebuilds it (a save during a build restarts the build); a good build is \
            hot-reloaded with the module's state, a failed one leaves the running version and shows the \
            first compiler diagnostic in the status line. Ctrl-B shows the whole build log, q quits.
            """)

    @Argument(help: "The project directory (a Makefile or a Package.swift).")
    var directory: String = "."

    @OptionGroup var options: SessionOptions

    func validate() throws {
        if options.noWatch {
            throw ValidationError("--no-watch: tabhost dev reloads through the module watcher; leave it out")
        }
    }

    func run() throws {
        let project: DevProject
        do {
            project = try DevProject.detect(in: directory)
        } catch {
            writeStandardError("tabhost dev: \(error.description)")
            throw ExitCode(1)
        }
        guard let moduleDirectory = DevLoop.makeModuleDirectory() else {
            let temporaryDirectory = FileManager.default.temporaryDirectory.path
            let reason = Errno(rawValue: errno).description
            writeStandardError("tabhost dev: cannot make a module directory in \(temporaryDirectory): \(reason); set TMPDIR")
            throw ExitCode(1)
        }
        defer { try? FileManager.default.removeItem(atPath: moduleDirectory) }
        let devLoop: DevLoop
        do {
            devLoop = try DevLoop(project: project, moduleDirectory: moduleDirectory)
        } catch {
            writeStandardError("tabhost dev: \(error.description)")
            throw ExitCode(1)
        }
        // The build is the project's own code, run as the user with no sandbox, and the built module gets
        // what it declares: say both before anything runs, for a project that is not the user's own.
        writeStandardError(
            "tabhost dev: warning: this runs \(project.name)'s build (\(project.buildCommand.joined(separator: " "))) unconfined, "
                + "as you, and grants its module every permission it declares; use it only on a project you trust")
        writeStandardError("tabhost dev: building \(project.name) (\(project.buildCommand.joined(separator: " ")))")
        let first = devLoop.buildAndWait()
        if case .failed = first.result {
            // The host starts anyway: the module's tab appears with the first good build.
            writeStandardErrorLines(first.log)
            writeStandardError("tabhost dev: \(first.summary)")
        }
        let terminal = Terminal.openBeforeCapture()
        var configuration = options.configuration
        configuration.capturesInProcessOutput = true
        configuration.layoutPath = options.layout
        // The project's module first: its name wins over a module of the same name elsewhere.
        let others = options.layout == nil ? options.modules.map { ModuleDirectory($0) } : ModuleSearchPath.directories(options.modules)
        configuration.directories = [ModuleDirectory(moduleDirectory)] + others
        // The author runs what they wrote: its declared permissions need no prompt (never kept in the store).
        configuration.isolationSettings.grants.declaringDirectories = [moduleDirectory]
        let opened = try options.openSession(configuration)
        defer { opened.copies.removeAll() }
        // When run returns: the front end has quit and the session was saved.
        defer { opened.outputCapture?.stop() }
        let session = opened.session
        if options.layout != nil, session.host.newModulesContainer == nil, session.host.templates?.acceptsNewModules != true {
            writeStandardError(
                "tabhost dev: \(options.layout ?? ""): no tab container has \"acceptsNewModules\": true, "
                    + "so \(project.name) gets no tab; add it to one"
            )
        }
        devLoop.attach(to: session)
        defer { devLoop.stop() }
        let app: TerminalApp
        do {
            app = try TerminalApp(session: DevScreenSession(session: session, devLoop: devLoop), terminal: terminal.get())
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        session.start()
        try app.runUntilQuit(saving: session)
    }
}
