/// A key the host did not consume: a Unicode scalar or one of the named keys (`enum tab_key`).
public struct Key: RawRepresentable, Sendable, Hashable {
    /// The C value of `tab_event.key`.
    public var rawValue: UInt32

    /// Makes a key from its C value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Arrow up.
    public static let up = Key(rawValue: 0x110001)
    /// Arrow down.
    public static let down = Key(rawValue: 0x110002)
    /// Arrow left.
    public static let left = Key(rawValue: 0x110003)
    /// Arrow right.
    public static let right = Key(rawValue: 0x110004)
    /// Enter (carriage return).
    public static let enter = Key(rawValue: 0x0D)

    /// The character typed, or nil for a named key (arrows are outside Unicode).
    public var character: Character? {
        Unicode.Scalar(rawValue).map(Character.init)
    }
}
