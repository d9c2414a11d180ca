import TabModuleBundle
import TabModuleLoading
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

extension ListCommand {
    /// The table `tabhost list` prints: one row per file, columns aligned by display width. When any file is
    /// an installed bundle's, two more columns: its publisher key id (`unsigned` for a bundle installed without
    /// a signature) and the permissions its manifest asks for.
    static func table(_ entries: [ModuleRegistry.Entry]) -> String {
        let bundles = entries.map { InstalledBundle.containing(moduleFile: $0.path) }
        let withBundles = bundles.contains { $0 != nil }
        var rows: [[String]] = [
            ["NAME", "VERSION", "KIND", "TITLE", "GLYPH"] + (withBundles ? ["KEY", "PERMISSIONS"] : []) + ["FILE", "STATUS"]
        ]
        for (entry, bundle) in zip(entries, bundles) {
            let bundleCells =
                !withBundles
                ? []
                : bundle.map {
                    [
                        $0.keyID?.description ?? "unsigned",
                        $0.manifest.permissions.isEmpty ? "none" : $0.manifest.permissions.joined(separator: ","),
                    ]
                }
                    ?? ["-", "-"]
            if let info = entry.info {
                rows.append(
                    [info.name, info.version ?? "-", info.kind.description, info.title, info.glyph ?? "-"] + bundleCells + [
                        entry.path, "ok",
                    ])
            } else if let error = entry.error {
                rows.append(
                    ["-", bundle?.manifest.version.description ?? "-", "-", "-", "-"] + bundleCells + [
                        entry.path, "rejected: \(error.reason)",
                    ])
            }
        }
        // Every cell can hold what a module or a file name chose: shown escaped, never acted on.
        rows = rows.map { $0.map { ControlCharacters.escaped($0) } }
        let cellWidths = rows.map { $0.map(DisplayWidth.of) }
        let widths = (0..<rows[0].count).map { column in cellWidths.map { $0[column] }.max() ?? 0 }
        // Into one byte buffer sized once: with a warm metadata cache this table is most of what a list
        // of many files does, and a string grown cell by cell, with a padding string made for each, is not.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        for (row, cells) in zip(rows, cellWidths) {
            for column in row.indices {
                bytes.append(contentsOf: row[column].utf8)
                if column < row.count - 1 {
                    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[column] - cells[column] + 2))
                }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Writes `line` and a newline to standard error (diagnostics of the commands, `tabhost-bench`'s too).
package func writeStandardError(_ line: String) {
    // A line may quote a module's strings or a file name: a terminal must not act on their controls.
    let text = ControlCharacters.escaped(line, keeping: ["\n"]) + "\n"
    fflush(nil)  // flush stdout first: keeps the order of stdout and stderr lines on a shared terminal
    _ = Array(text.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
