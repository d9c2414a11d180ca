import Logging
import TabHostClient

/// How the commands start the browser front end without linking it: `tabhost-web` passes one to
/// `TabHostCommand.main(web:)` (over TabHostWeb's `WebFrontEnd`); `tabhost` passes none, and `serve` and
/// `run --web` then exec `tabhost-web` (`WebExecutable`), so no other command maps the HTTP stack.
public protocol WebFrontEndStarting: Sendable {
    /// Serves `session` on `bindAddress:port` (0 picks a port) and returns it running. Call on the
    /// session's loop thread. Throws an error whose description is one line for standard error.
    func start(session: any ScreenSession, bindAddress: String, port: Int, logger: Logger) throws -> any RunningWebFrontEnd
}
