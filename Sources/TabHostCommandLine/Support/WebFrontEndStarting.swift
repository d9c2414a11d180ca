import Logging
import TabHostClient

/// How the commands start the browser front end without linking it: `tabhost-web` passes one to
/// `TabHostCommand.main(web:)` (over TabHostWeb's `WebFrontEnd`); `tabhost` passes none, and `serve` and
/// `run --web` then exec `tabhost-web` (`CompanionProgram.web`), so no other command maps the HTTP stack.
public protocol WebFrontEndStarting: Sendable {
    /// Loads and checks the certificate chain and private key for HTTPS (`serve --tls-cert --tls-key`),
    /// before a session opens. Throws an error whose description is one line naming the file, what is
    /// wrong and what to do.
    func loadTLS(certificatePath: String, keyPath: String) throws -> any WebTLSCredentials

    /// Serves `session` on `bindAddress:port` (0 picks a port), over HTTPS with `tls`, and returns it
    /// running. Call on the session's loop thread. Throws an error whose description is one line for
    /// standard error.
    func start(
        session: any ScreenSession, bindAddress: String, port: Int, tls: (any WebTLSCredentials)?, logger: Logger
    ) throws -> any RunningWebFrontEnd
}
