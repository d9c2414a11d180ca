import ArgumentParser
import Foundation
import Logging
import TabKit
import TabModules
import TerminalUI

/// `tabhost run`: the terminal host with hot reload.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Runs the host in this terminal: loads the modules, shows the layout, hot-reloads changed modules.",
        discussion: """
            Without --modules, loads the example modules built next to tabhost (then \
            $XDG_DATA_HOME/tabhost/modules); without --layout, shows the demo layout (Layouts/demo.json). \
            Keys: arrows/Tab move, Enter activates, 1-9 or Left/Right pick tabs, Esc/Backspace go back, q quits. \
            Refused module files are listed on standard error (visible after quitting) and in the log.
            """)

    @Option(name: .customLong("modules"), parsing: .upToNextOption, help: "Module directories (not recursive).")
    var modules: [String] = []

    @Option(help: "A layout file (JSON); default: the demo layout.")
    var layout: String?

    @Option(help: "Restore the selection and stacks from FILE at start and save them there on quit.")
    var state: String?

    @Option(help: "Where module log lines and reload reports go; default $XDG_STATE_HOME/tabhost/tabhost.log.")
    var log: String?

    @Flag(help: "Do not watch the module directories (no hot reload).")
    var noWatch = false

    @Flag(help: "Accept module files or directories writable by group or others.")
    var allowInsecurePermissions = false

    func run() throws {
        let loading = try CommandModules(allowInsecurePermissions: allowInsecurePermissions)
        let cache = loading.cache
        defer { cache.removeAll() }
        let registry = loading.registry
        let directories = ModuleSearchPath.directories(modules)
        registry.load(directories: directories)
        for error in registry.errors { writeStandardError(error.description) }

        let layoutPath = layout ?? Self.demoLayoutPath
        let parsed: Layout
        do {
            let text = try String(contentsOfFile: layoutPath, encoding: .utf8)
            parsed = try Layout.parse(text, file: layoutPath, knownModules: Set(registry.modules.map(\.name)))
        } catch let error as TabKitError {
            writeStandardError(error.description)
            throw ExitCode(1)
        } catch {
            writeStandardError("\(layoutPath): cannot read the layout file (\(error.localizedDescription)); pass --layout FILE")
            throw ExitCode(1)
        }

        // lead: wire file LogHandler (a no-op until then: the default handler would write over the terminal UI)
        let runtime = ModuleRuntime(registry: registry, logger: Logger(label: "tabhost", factory: { _ in SwiftLogNoOpLogHandler() }))
        let host = ContainerHost(layout: parsed, factory: runtime)
        let hostLog = HostLog(path: log ?? HostLog.defaultPath)
        if let failure = hostLog.openFailure { writeStandardError(failure) }
        // The status line sends the user to the log for these, so they must be there too.
        for error in registry.errors { hostLog.write(error.description) }
        if let state, let data = FileManager.default.contents(atPath: state) {
            do {
                for problem in try host.restore(from: data) { hostLog.write("restore: \(problem)") }
            } catch {
                writeStandardError("\(state): cannot restore (\(error)); starting from the layout")
            }
        }
        let session = try HostSession(
            host: host, runtime: runtime, directories: directories, watch: !noWatch, log: hostLog)
        session.stateFile = state.map(StateFile.init(path:))

        let app: TerminalApp
        do {
            app = try TerminalApp(source: session)
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        host.start()
        session.attach(to: app)
        if !registry.errors.isEmpty {
            session.showStatus("\(registry.errors.count) module file(s) refused: see `tabhost list` or \(hostLog.path)")
        }
        do {
            try app.run()
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        if let failure = session.saveState() { writeStandardError(failure) }
    }

    /// `Layouts/demo.json` of the checkout this binary was built from.
    static var demoLayoutPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Layouts/demo.json").path
    }
}
