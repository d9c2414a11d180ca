import ArgumentParser
import TabHostCore
import TerminalUI

/// `tabhost run`: a live session with the terminal front end attached.
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

    @OptionGroup var options: SessionOptions

    func run() throws {
        let opened: HostSession.Opened
        do {
            opened = try HostSession.open(options.configuration)
        } catch {
            for line in error.earlier { writeStandardError(line) }
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        defer { opened.cache.removeAll() }
        for warning in opened.warnings { writeStandardError(warning) }
        let session = opened.session
        let app: TerminalApp
        do {
            app = try TerminalApp(session: session)
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        session.start()
        do {
            try app.run()
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        if let failure = session.saveState() { writeStandardError(failure) }
    }
}
