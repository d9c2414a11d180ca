import ArgumentParser
import TabHostCore
import TabHostWebProtocol
import TerminalUI

/// `tabhost run`: a live session with the terminal front end attached.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        _superCommandName: "tabhost",
        abstract: "Runs the host in this terminal: loads the modules, shows the layout, hot-reloads changed modules.",
        discussion: """
            Without --modules, loads the example modules built next to tabhost (then \
            $XDG_DATA_HOME/tabhost/modules); without --layout, shows the demo layout (Layouts/demo.json). \
            Keys: arrows/Tab move, Enter activates, 1-9 or Left/Right pick tabs, Esc/Backspace go back, q quits. \
            Refused module files are listed on standard error (visible after quitting) and in the log.
            """)

    @OptionGroup var options: SessionOptions

    @Option(
        name: .customLong("web"),
        help: ArgumentHelp(
            """
            Also serve this session to a browser on [ADDR:]PORT (loopback only; port 0 picks one); \
            the address to open, with its token, goes to the status line (the log names it without the token).
            """,
            valueName: "[ADDR:]PORT"))
    var web: String?

    /// `--web`'s address and port, nil without it.
    private func webAddress() throws -> (address: String, port: Int)? {
        guard let web else { return nil }
        guard let parsed = WebAddress.parse(web) else {
            throw ValidationError("--web \(web): expected [ADDR:]PORT, such as 8080 or 127.0.0.1:0")
        }
        return (parsed.address ?? "127.0.0.1", parsed.port)
    }

    func validate() throws {
        _ = try webAddress()
    }

    func run() throws {
        if let (address, _) = try webAddress(), let refusal = WebAddress.bindRefusal(for: address) {
            writeStandardError("tabhost: --web " + refusal)
            throw ExitCode(2)
        }
        // Validated, nothing started: without the web front end linked, `tabhost-web` takes over.
        let starter = TabHostCommand.web
        if web != nil && starter == nil { CompanionProgram.web.exec() }
        let terminal = Terminal.openBeforeCapture()
        var configuration = options.configuration
        configuration.capturesInProcessOutput = true
        configuration.defersCachedFileChecks = true
        let opened = try options.openSession(configuration)
        defer { opened.copies.removeAll() }
        // When run returns: the front end has quit and the session was saved.
        defer { opened.outputCapture?.stop() }
        let session = opened.session
        let app: TerminalApp
        do {
            app = try TerminalApp(session: session, terminal: terminal.get())
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        var webFrontEnd: (any RunningWebFrontEnd)?
        if let (address, port) = try webAddress(), let starter {
            do {
                webFrontEnd = try starter.start(session: session, bindAddress: address, port: port, tls: nil, logger: session.logger)
            } catch {
                writeStandardError("\(error)")
                throw ExitCode(1)
            }
        }
        defer { webFrontEnd?.stop() }
        session.start()
        if let webFrontEnd { session.showStatus("browser: \(webFrontEnd.address)", for: .seconds(60)) }
        try app.runUntilQuit(saving: session)
    }
}
