/// A key the front end did not consume, as the model and modules see it: a Unicode scalar, or one
/// of the named keys of `enum tab_key` (tab_module.h), which lie outside Unicode.
///
/// The one home of the `tab_key` values on the host side (TabModuleKit, the module SDK, reads the
/// same values from the C header). Encodes as its number.
public struct TabKey: RawRepresentable, Sendable, Hashable, Codable {
    /// The value of `tab_event.key`.
    public var rawValue: UInt32

    /// A key from its `tab_event.key` value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The key that types `scalar`.
    public init(scalar: Unicode.Scalar) { rawValue = scalar.value }

    /// Arrow up (`TAB_KEY_UP`).
    public static let up = TabKey(rawValue: 0x110001)
    /// Arrow down (`TAB_KEY_DOWN`).
    public static let down = TabKey(rawValue: 0x110002)
    /// Arrow left (`TAB_KEY_LEFT`).
    public static let left = TabKey(rawValue: 0x110003)
    /// Arrow right (`TAB_KEY_RIGHT`).
    public static let right = TabKey(rawValue: 0x110004)
    /// Enter, a carriage return (`TAB_KEY_ENTER`).
    public static let enter = TabKey(rawValue: 0x0D)

    /// The scalar typed, or nil for a named key (arrows are outside Unicode).
    public var scalar: Unicode.Scalar? { Unicode.Scalar(rawValue) }
}
