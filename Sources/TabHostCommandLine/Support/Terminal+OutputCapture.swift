import TerminalUI

extension Terminal {
    /// This process's terminal, opened before the session takes descriptors 1 and 2 for an in-process
    /// module's output (`SessionConfiguration.capturesInProcessOutput`): once they are the capture's pipe,
    /// `open()` would find no terminal there. Its error is kept for after the session opened, so that a
    /// bad layout is still reported first, as it is without a terminal.
    static func openBeforeCapture() -> Result<Terminal, TerminalError> {
        Result { () throws(TerminalError) -> Terminal in try Terminal.open() }
    }
}
