import ArgumentParser
import TabHostCore
import TabHostWebProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost serve`: a live session with the browser front end only (no terminal).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Runs the host headless and serves it to a browser: prints the address to open, with a fresh token.",
        discussion: """
            The first line on standard output is the address to open: http://127.0.0.1:PORT/?token=TOKEN. \
            The token is required for the page, the WebSocket and the images (it is exchanged for a session \
            cookie). Only loopback addresses are served; from another machine use an SSH tunnel. Stops on \
            Ctrl-C (SIGINT), SIGTERM or SIGHUP, saving --state. Same module, layout and log options as `run`.
            """)

    @Option(help: "The address to listen on: 127.0.0.1, ::1 or localhost.")
    var bind = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 0

    @OptionGroup var options: SessionOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): not a port number (0-65535)") }
    }

    func run() throws {
        if let refusal = WebAddress.bindRefusal(for: bind) {
            writeStandardError("tabhost: --bind " + refusal)
            throw ExitCode(2)
        }
        // Validated, nothing started: without the web front end linked, `tabhost-web` takes over.
        guard let starter = TabHostCommand.web else { WebExecutable.exec() }
        let opened = try options.openSession()
        defer { opened.copies.removeAll() }
        let session = opened.session
        let stopSignals = StopSignals(stopping: session.loop)
        let web: any RunningWebFrontEnd
        do {
            web = try starter.start(session: session, bindAddress: bind, port: port, logger: session.logger)
        } catch {
            writeStandardError("\(error)")
            throw ExitCode(1)
        }
        // Written at once, unbuffered: whoever started us reads the address before anything else.
        _ = Array((web.address + "\n").utf8).withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        session.start()
        do {
            try session.loop.run()
        } catch {
            writeStandardError(error.description)
            web.stop()
            throw ExitCode(1)
        }
        web.stop()
        withExtendedLifetime(stopSignals) {}
        if let failure = session.saveState() { writeStandardError(failure) }
    }
}
