/// OSC 52, the terminal's way to set the system clipboard (`copy_text`, ABI 1.3). tmux passes it on
/// only with `set-clipboard on`.
enum ClipboardSequence {
    /// `ESC ] 52 ; c ; BASE64 BEL` for `text`.
    static func bytes(for text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + base64(Array(text.utf8)) + [0x07]
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with padding.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let a = UInt32(chunk[chunk.startIndex])
            let b = chunk.count > 1 ? UInt32(chunk[chunk.startIndex + 1]) : 0
            let c = chunk.count > 2 ? UInt32(chunk[chunk.startIndex + 2]) : 0
            let word = a << 16 | b << 8 | c
            out.append(alphabet[Int(word >> 18 & 63)])
            out.append(alphabet[Int(word >> 12 & 63)])
            out.append(chunk.count > 1 ? alphabet[Int(word >> 6 & 63)] : UInt8(ascii: "="))
            out.append(chunk.count > 2 ? alphabet[Int(word & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return out
    }
}
