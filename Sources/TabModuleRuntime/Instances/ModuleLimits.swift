import _CIsolation

/// The limits on what a module hands the host (docs/user/limits.md). Past one, the host
/// keeps what fits and says so in one line; it never grows without bound on a module's word.
public enum ModuleLimits {
    /// Nodes one render may produce; the rest is dropped behind one line saying so.
    public static let maximumViewNodes = Int(TABHOST_WIRE_MAX_VIEW_NODES)
    /// Bytes of one string in a view node (a row's title, a text, an action id…); longer ones are cut.
    public static let maximumViewStringBytes = 16 * 1024
    /// Bytes of a title given to `set_title`; longer ones are cut.
    public static let maximumTitleBytes = 256
    /// Bytes of a badge given to `set_badge`; longer ones are cut.
    public static let maximumBadgeBytes = 64
    /// Bytes of one module's saved state (`save_state`); a larger state is not saved.
    public static let maximumStateBytes = Int(TABHOST_WIRE_MAX_STATE)

    /// `text` cut to at most `limit` UTF-8 bytes at a character boundary, ending in "…" when cut.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var kept = ""
        var used = 3  // "…" is three bytes
        for character in text {
            let size = character.utf8.count
            guard used + size <= limit else { break }
            kept.append(character)
            used += size
        }
        return kept + "…"
    }

    /// The log line for a state over the limit.
    package static func stateRefusal(_ size: UInt) -> String {
        "save_state asked for \(size) bytes, more than the limit of \(maximumStateBytes); the state is not saved (keep it smaller)"
    }
}
