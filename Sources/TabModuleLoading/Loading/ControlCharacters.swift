/// The characters no text a module provides may carry to a terminal or a page: C0 controls, DEL, C1
/// controls, and the bidirectional embeddings, overrides and isolates.
///
/// A terminal acts on a control instead of showing it (ESC starts a sequence that can move the cursor,
/// retitle the window or write the clipboard, OSC 52; C1's CSI is ESC [ in one byte on some terminals),
/// and a bidirectional override makes what follows read in another order than it is. Descriptors that
/// hold one are refused; everything else the host prints shows them escaped.
public enum ControlCharacters {
    /// True for a C0 control, DEL, a C1 control, U+202A–U+202E or U+2066–U+2069.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// The first control in `text`, or nil.
    public static func first(in text: String) -> Unicode.Scalar? {
        isPrintableASCII(text) ? nil : text.unicodeScalars.first(where: isControl)
    }

    /// True when `text` is printable ASCII, which holds no control: told from its contiguous bytes, where it
    /// has them, without the scalar walk (a warm start checks three strings of each of 1,000 cached modules).
    private static func isPrintableASCII(_ text: String, allowing kept: UInt32 = 0) -> Bool {
        // Over the contiguous bytes: the generic walk of a String.UTF8View costs several times more.
        let printable = { (byte: UInt8) in (byte >= 0x20 && byte < 0x7F) || (byte < 0x20 && kept & (1 << UInt32(byte)) != 0) }
        return text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(printable) }) ?? text.utf8.allSatisfy(printable)
    }

    /// The C0 controls of `keeping` as bits (bit N: U+000N), for `isPrintableASCII`.
    private static func c0Bits(_ keeping: Set<Unicode.Scalar>) -> UInt32 {
        keeping.reduce(0) { bits, scalar in scalar.value < 0x20 ? bits | 1 << scalar.value : bits }
    }

    /// Why `text` (the descriptor's `field`) may not be shown, or nil when it holds no control: names the
    /// control and shows the text escaped, so the refusal line cannot carry what it refuses.
    public static func problem(in text: String, field: String) -> String? {
        guard let control = first(in: text) else { return nil }
        let shown = text.unicodeScalars.count > 64 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(64))) + "…" : text
        return "\(field) \"\(escaped(shown))\" contains a control character (\(codePoint(control)))"
    }

    /// `text` with every control written out: `\x1b` below U+0080, `\u{202e}` above; `keeping` (say, the
    /// newline between lines the host writes itself) left as it is.
    public static func escaped(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
        // Printable ASCII holds no control: `tabhost list` escapes a few strings per file, and the scalar
        // walk with its set lookups was a tenth of a warm list of 1,000.
        // The same for a text the host laid out in lines (a table of 1,000 rows).
        if isPrintableASCII(text, allowing: keeping.isEmpty ? 0 : c0Bits(keeping)) { return text }
        guard text.unicodeScalars.contains(where: { isControl($0) && !keeping.contains($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar), !keeping.contains(scalar) else {
                result.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            let written = scalar.value < 0x80 ? "\\x" + (hex.count == 1 ? "0" + hex : hex) : "\\u{" + hex + "}"
            result.append(contentsOf: written.unicodeScalars)
        }
        return String(result)
    }

    /// JSON text with every control its encoder leaves raw (DEL, C1, the bidirectional ones) written as
    /// `\uXXXX`. Still the same JSON: such characters can only be inside strings, where `\uXXXX` is that
    /// character. C0 is left alone: an encoder escapes it in strings, and outside them it is the layout.
    public static func escapedJSON(_ json: String) -> String {
        let raw = { (scalar: Unicode.Scalar) in scalar.value >= 0x7F && isControl(scalar) }
        // Below DEL every byte is one the encoder escaped where it had to: told from the bytes alone.
        let below = { (byte: UInt8) in byte < 0x7F }
        if json.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(below) }) ?? json.utf8.allSatisfy(below) { return json }
        guard json.unicodeScalars.contains(where: raw) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard raw(scalar) else {
                result.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(result)
    }

    /// `U+001B`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
