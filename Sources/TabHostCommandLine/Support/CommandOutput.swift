import TabHostCore
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

// Every line a command writes goes through these: what it prints can quote a module's strings, a file
// name, a manifest or a note the user's store holds, and neither a terminal's controls (an OSC 52
// clipboard write, a cursor move) nor a forged second line may come out of one.

/// Writes `line` and a newline to standard output as one line, every control escaped, a newline too.
package func writeStandardOutput(_ line: String) {
    writeToStandardOutput(ControlCharacters.escaped(line) + "\n")
}

/// Writes `text`, lines the command laid out itself (a table, a report), to standard output: its
/// newlines kept, every other control escaped; `terminator` after it.
package func writeStandardOutputLines(_ text: String, terminator: String = "\n") {
    writeToStandardOutput(ControlCharacters.escaped(text, keeping: ["\n"]) + terminator)
}

/// Writes `json` to standard output as it is but for the controls its encoder leaves raw
/// (`ControlCharacters.escapedJSON`), then `terminator`.
package func writeStandardOutputJSON(_ json: String, terminator: String = "\n") {
    writeToStandardOutput(ControlCharacters.escapedJSON(json) + terminator)
}

/// Standard output through `print`'s buffered stream: standard error's writes flush it first, which keeps
/// the order of the two on a shared terminal. The one `print` of the commands.
private func writeToStandardOutput(_ text: String) {
    print(text, terminator: "")
}

/// Writes `line` and a newline to standard error as one line (diagnostics of the commands, `tabhost-bench`'s
/// too); while an in-process module's output is captured, to the terminal's standard error all the same.
/// Every control in it is escaped, a newline too: a line may quote a module's strings or a file name, and
/// neither a terminal's controls nor a second line (a forged refusal) may come out of one.
package func writeStandardError(_ line: String) {
    writeToStandardError(ControlCharacters.escaped(line) + "\n")
}

/// Writes `text`, a log of several lines (a build's or a test run's output), to standard error, ending it
/// with a newline: its lines are kept, every other control is escaped.
package func writeStandardErrorLines(_ text: String) {
    writeToStandardError(ControlCharacters.escaped(text, keeping: ["\n"]) + (text.hasSuffix("\n") ? "" : "\n"))
}

/// Writes `error` to standard error: the log it carries (`FailureWithLog`), then its one line.
package func writeStandardError(failure error: any Error) {
    if let logged = error as? any FailureWithLog, !logged.log.isEmpty {
        writeStandardErrorLines(logged.log.joined(separator: "\n"))
    }
    writeStandardError("\(error)")
}

private func writeToStandardError(_ text: String) {
    fflush(nil)  // flush stdout first: keeps the order of stdout and stderr lines on a shared terminal
    let fd = StandardOutputCapture.hostStandardError
    _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}
