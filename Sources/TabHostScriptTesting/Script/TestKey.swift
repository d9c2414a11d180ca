/// A key named by `press`, with the bytes a terminal sends for it (they go through the terminal front
/// end's input decoder, as typed keys do).
public struct TestKey: Sendable, Hashable {
    /// The name as written in the script.
    public var name: String
    /// What the terminal sends.
    public var bytes: [UInt8]

    /// The names `press` knows, besides `ctrl-X` and a single character.
    static let named: [String: [UInt8]] = [
        "enter": [0x0D], "esc": [0x1B], "tab": [0x09], "backtab": Array("\u{1B}[Z".utf8),
        "up": Array("\u{1B}[A".utf8), "down": Array("\u{1B}[B".utf8), "right": Array("\u{1B}[C".utf8),
        "left": Array("\u{1B}[D".utf8), "home": Array("\u{1B}[H".utf8), "end": Array("\u{1B}[F".utf8),
        "pageup": Array("\u{1B}[5~".utf8), "pagedown": Array("\u{1B}[6~".utf8), "backspace": [0x7F],
        "delete": Array("\u{1B}[3~".utf8), "space": [0x20], "alt-enter": [0x1B, 0x0D],
    ]

    /// The key `name` names, or nil.
    public init?(_ name: String) {
        self.name = name
        if let bytes = Self.named[name] {
            self.bytes = bytes
        } else if name.hasPrefix("ctrl-"), name.count == 6, let letter = name.last?.asciiValue,
            let lower = Character(UnicodeScalar(letter)).lowercased().first?.asciiValue, (0x61...0x7A).contains(lower)
        {
            bytes = [lower - 0x60]
        } else if name.count == 1 {
            bytes = Array(name.utf8)
        } else {
            return nil
        }
    }
}
