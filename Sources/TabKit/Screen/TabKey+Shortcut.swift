extension TabKey {
    /// True for a key the host keeps for itself and never gives to a `shortcut` (ABI 1.3): q (quit),
    /// the digits 1-9 (tabs), Tab, Escape, the arrows, Enter, and Ctrl-C, Ctrl-D, Ctrl-L (quit,
    /// repaint); also a value that is neither a Unicode scalar nor a named key.
    public var isHostOwned: Bool {
        switch self {
        case .up, .down, .left, .right, .enter, .tab, .escape: return true
        case .backspace, .delete, .home, .end, .pageUp, .pageDown: return false
        default: break
        }
        guard let scalar, scalar.value != 0 else { return true }
        switch scalar {
        case "q", "1"..."9", "\t", "\u{1B}", "\n", "\u{03}", "\u{04}", "\u{0C}": return true
        default: return false
        }
    }

    /// How a footer names the key: the character itself, or the key's name (`PgDn`).
    public var footerName: String {
        switch self {
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        default: break
        }
        guard let scalar else { return "?" }
        if scalar.value < 0x20 { return "Ctrl-" + String(Character(Unicode.Scalar(scalar.value + 0x40)!)) }
        return scalar == " " ? "Space" : String(Character(scalar))
    }
}
