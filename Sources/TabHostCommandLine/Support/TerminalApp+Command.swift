import ArgumentParser
import TabHostCore
import TerminalUI

extension TerminalApp {
    /// Runs the terminal until the user quits, as `run` and `dev` do: a terminal error is one line and
    /// status 1; then the session's `--state` is saved (a failure is one line).
    func runUntilQuit(saving session: HostSession) throws {
        do {
            try run()
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        if let failure = session.saveStateAtQuit() { writeStandardError(failure) }
    }
}
