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
            The first line on standard output is the address to open: http://127.0.0.1:PORT/?token=TOKEN \
            (https:// with --tls-cert and --tls-key). The page keeps the token in the tab's sessionStorage (never \
            a cookie) and presents it on its WebSocket; it is not written to the log. Without TLS only loopback addresses are served; \
            from another machine use an SSH tunnel, or serve HTTPS with a certificate for this host and any \
            --bind. Stops on Ctrl-C (SIGINT), SIGTERM or SIGHUP, saving --state. Same module, layout and log \
            options as `run`.
            """)

    @Option(help: "The address to listen on: 127.0.0.1, ::1 or localhost; with --tls-cert, any (0.0.0.0: every address).")
    var bind = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 0

    @Option(
        name: .customLong("tls-cert"),
        help: ArgumentHelp("Serve HTTPS with this certificate chain (PEM, the server's certificate first).", valueName: "FILE"))
    var tlsCertificate: String?

    @Option(
        name: .customLong("tls-key"),
        help: ArgumentHelp("The certificate's private key (PEM, unencrypted).", valueName: "FILE"))
    var tlsKey: String?

    @OptionGroup var options: SessionOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): not a port number (0-65535)") }
        guard (tlsCertificate == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together: pass both to serve HTTPS, or neither")
        }
    }

    func run() throws {
        if let refusal = WebAddress.bindRefusal(for: bind, tls: tlsCertificate != nil) {
            writeStandardError("tabhost: --bind " + refusal)
            throw ExitCode(2)
        }
        // Validated, nothing started: without the web front end linked, `tabhost-web` takes over.
        guard let starter = TabHostCommand.web else { CompanionProgram.web.exec() }
        var tls: (any WebTLSCredentials)?
        if let tlsCertificate, let tlsKey {
            // Checked before the session opens: a bad file is a usage error, and nothing is served.
            do {
                tls = try starter.loadTLS(certificatePath: tlsCertificate, keyPath: tlsKey)
            } catch {
                writeStandardError("tabhost: \(error)")
                throw ExitCode(2)
            }
        }
        let opened = try options.openSession()
        defer { opened.copies.removeAll() }
        let session = opened.session
        let stopSignals = StopSignals(stopping: session.loop)
        let web: any RunningWebFrontEnd
        do {
            web = try starter.start(session: session, bindAddress: bind, port: port, tls: tls, logger: session.logger)
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
        if let failure = session.saveStateAtQuit() { writeStandardError(failure) }
    }
}
