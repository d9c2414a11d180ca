import CTabModule

/// A key the host did not consume: a Unicode scalar or one of the named keys (`enum tab_key`).
public struct Key: RawRepresentable, Sendable, Hashable {
    /// The C value of `tab_event.key`.
    public var rawValue: UInt32

    /// Makes a key from its C value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Arrow up.
    public static let up = Key(rawValue: UInt32(TAB_KEY_UP.rawValue))
    /// Arrow down.
    public static let down = Key(rawValue: UInt32(TAB_KEY_DOWN.rawValue))
    /// Arrow left.
    public static let left = Key(rawValue: UInt32(TAB_KEY_LEFT.rawValue))
    /// Arrow right.
    public static let right = Key(rawValue: UInt32(TAB_KEY_RIGHT.rawValue))
    /// Enter (carriage return).
    public static let enter = Key(rawValue: UInt32(TAB_KEY_ENTER.rawValue))

    /// The character typed, or nil for a named key (arrows are outside Unicode).
    public var character: Character? {
        Unicode.Scalar(rawValue).map(Character.init)
    }
}
