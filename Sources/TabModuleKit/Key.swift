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
    /// Backspace (ABI 1.2; a module of an older minor gets 0x7F).
    public static let backspace = Key(rawValue: UInt32(TAB_KEY_BACKSPACE.rawValue))
    /// Forward delete (ABI 1.2).
    public static let delete = Key(rawValue: UInt32(TAB_KEY_DELETE.rawValue))
    /// Escape (ABI 1.2; a module of an older minor gets 0x1B).
    public static let escape = Key(rawValue: UInt32(TAB_KEY_ESCAPE.rawValue))
    /// Tab (ABI 1.2; reaches a module only when nothing on its screen is focusable).
    public static let tab = Key(rawValue: UInt32(TAB_KEY_TAB.rawValue))
    /// Home (ABI 1.2).
    public static let home = Key(rawValue: UInt32(TAB_KEY_HOME.rawValue))
    /// End (ABI 1.2).
    public static let end = Key(rawValue: UInt32(TAB_KEY_END.rawValue))
    /// Page up (ABI 1.2).
    public static let pageUp = Key(rawValue: UInt32(TAB_KEY_PAGE_UP.rawValue))
    /// Page down (ABI 1.2).
    public static let pageDown = Key(rawValue: UInt32(TAB_KEY_PAGE_DOWN.rawValue))

    /// The character typed, or nil for a named key (named keys are outside Unicode).
    public var character: Character? {
        Unicode.Scalar(rawValue).map(Character.init)
    }
}
