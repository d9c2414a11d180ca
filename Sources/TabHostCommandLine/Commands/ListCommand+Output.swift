import TabHostCore
import TabModuleBundle
import TabModuleLoading
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

extension ListCommand {
    /// The table `tabhost list` prints for `entries` at `indices`: one row per file, columns aligned by display width. When any file is
    /// an installed bundle's, two more columns: its publisher key id (`unsigned` for a bundle installed without
    /// a signature) and the permissions its manifest asks for.
    static func table(_ entries: [ModuleRegistry.Entry], _ indices: [Int]) -> String {
        let bundles = indices.map { InstalledBundle.containing(moduleFile: entries[$0].path) }
        let withBundles = bundles.contains { $0 != nil }
        let header = ["NAME", "VERSION", "KIND", "TITLE", "GLYPH"] + (withBundles ? ["KEY", "PERMISSIONS"] : []) + ["FILE", "STATUS"]
        // The cells row by row in one array, with their widths and each column's: with a warm metadata cache
        // this table is most of what a list of many files does, and an array per row costs more than its cells.
        var table = ListTable(columns: header.count, rows: indices.count + 1)
        for cell in header { table.append(cell) }
        for (index, bundle) in zip(indices, bundles) {
            let entry = entries[index]
            guard entry.info != nil || entry.error != nil else { continue }
            if let info = entry.info {
                table.append(info.name)
                table.append(info.version ?? "-")
                table.append(info.kind.description)
                table.append(info.title)
                table.append(info.glyph ?? "-")
            } else {
                table.append("-")
                table.append(bundle?.manifest.version.description ?? "-")
                table.append("-")
                table.append("-")
                table.append("-")
            }
            if withBundles {
                table.append(bundle.map { $0.keyID?.description ?? "unsigned" } ?? "-")
                let permissions = bundle?.manifest.permissions
                table.append(permissions.map { $0.isEmpty ? "none" : $0.joined(separator: ",") } ?? "-")
            }
            table.append(entry.path)
            table.append(entry.error.map { "rejected: \($0.reason)" } ?? "ok")
        }
        return table.text
    }
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
