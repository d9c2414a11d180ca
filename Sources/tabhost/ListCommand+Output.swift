#if canImport(Glibc)
import Glibc
#endif
import TabModules

extension ListCommand {
    /// The table `tabhost list` prints: one row per file, columns aligned by display width.
    static func table(_ entries: [ModuleRegistry.Entry]) -> String {
        var rows: [[String]] = [["NAME", "VERSION", "KIND", "TITLE", "GLYPH", "FILE", "STATUS"]]
        for entry in entries {
            if let module = entry.module {
                let info = module.info
                rows.append([
                    info.name, info.version ?? "-", info.kind.description, info.title, info.glyph ?? "-", entry.path, "ok",
                ])
            } else if let error = entry.error {
                rows.append(["-", "-", "-", "-", "-", entry.path, "rejected: \(error.reason)"])
            }
        }
        let widths = (0..<rows[0].count).map { column in rows.map { displayWidth($0[column]) }.max() ?? 0 }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 {
                    line += String(repeating: " ", count: widths[column] - displayWidth(cell) + 2)
                }
            }
            text += line + "\n"
        }
        return text
    }

    /// Terminal cells taken by `text`: emoji-presentation and East Asian wide scalars take two.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            if scalar.properties.generalCategory == .nonspacingMark || value == 0x200D || (0xFE00...0xFE0F).contains(value) {
                return width
            }
            let wide =
                scalar.properties.isEmojiPresentation || (0x1100...0x115F).contains(value)
                || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value)
            return width + (wide ? 2 : 1)
        }
    }
}

/// Writes `line` and a newline to standard error (diagnostics of `list` and `inspect`).
func writeStandardError(_ line: String) {
    let text = line + "\n"
    fflush(nil)  // flush stdout first: keeps the order of stdout and stderr lines on a shared terminal
    _ = Array(text.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
