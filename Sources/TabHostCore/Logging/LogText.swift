/// What the log file shows of a line's text: one line whatever a module sent, no byte that a
/// terminal acts on (`cat`, `less -R` and `tail -f` of the log are safe).
public enum LogText {
    /// `text` with every control character written as visible text: `\n`, `\r`, `\t`, `\x1b` and the
    /// other C0 controls and DEL as `\xNN`, the C1 controls, the Unicode line and paragraph separators and
    /// the bidirectional embeddings, overrides and isolates as `\u{85}`. A module's newline cannot start a
    /// forged line, its escape bytes reach the terminal of whoever reads the log, nor an override make a
    /// line read in another order than it was written.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(scalar.value, radix: 16)
                out += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{" + hex + "}"
            }
        }
        return out
    }

    /// C0, DEL, C1, U+2028 and U+2029, U+202A–U+202E and U+2066–U+2069: what ends a line, drives a
    /// terminal or reorders what follows.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
