import ArgumentParser
import Logging
import TabHostCore
import TabHostWeb
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

    @Option(
        name: .customLong("web"), help: ArgumentHelp(
            "Also serve this session to a browser on [ADDR:]PORT (loopback only; port 0 picks one); the address to open, with its token, goes to the status line and the log.",
            valueName: "[ADDR:]PORT"))
    var web: String?

    /// The web front end's settings from `--web`, nil without it.
    private func webSettings(logger: Logger) throws -> WebSettings? {
        guard let web else { return nil }
        guard let parsed = WebSettings.parseAddress(web) else {
            throw ValidationError("--web \(web): expected [ADDR:]PORT, such as 8080 or 127.0.0.1:0")
        }
        let settings = WebSettings(bindAddress: parsed.address ?? "127.0.0.1", port: parsed.port, logger: logger)
        if let refusal = settings.bindRefusal { throw ValidationError(refusal) }
        return settings
    }

    func validate() throws {
        _ = try webSettings(logger: Logger(label: "check"))
    }

    func run() throws {
        let opened = try options.openSession()
        defer { opened.cache.removeAll() }
        let session = opened.session
        let app: TerminalApp
        do {
            app = try TerminalApp(session: session)
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        var webFrontEnd: WebFrontEnd?
        if let settings = try webSettings(logger: session.logger) {
            do {
                let web = try WebFrontEnd(session: session, settings: settings)
                _ = try web.start()
                webFrontEnd = web
            } catch {
                writeStandardError(error.description)
                throw ExitCode(1)
            }
        }
        defer { webFrontEnd?.stop() }
        session.start()
        if let webFrontEnd { session.showStatus("browser: \(webFrontEnd.address)", for: .seconds(60)) }
        do {
            try app.run()
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        if let failure = session.saveState() { writeStandardError(failure) }
    }
}
