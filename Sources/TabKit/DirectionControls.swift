/// The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a module's
/// text they would reorder what is drawn around it, the host's own words included. Neither front end
/// shows them: the terminal draws none, and the browser's screen messages carry none.
public enum DirectionControls {
    /// Whether `scalar` is one of them.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
