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
    /// Backspace (`TAB_KEY_BACKSPACE`, ABI 1.2; 0x7F to older modules).
    public static let backspace = TabKey(rawValue: 0x110005)
    /// Delete, forward (`TAB_KEY_DELETE`, ABI 1.2; 0x7F to older modules).
    public static let delete = TabKey(rawValue: 0x110006)
    /// Escape (`TAB_KEY_ESCAPE`, ABI 1.2; 0x1B to older modules).
    public static let escape = TabKey(rawValue: 0x110007)
    /// Tab (`TAB_KEY_TAB`, ABI 1.2; 0x09 to older modules).
    public static let tab = TabKey(rawValue: 0x110008)
    /// Home (`TAB_KEY_HOME`, ABI 1.2; not sent to older modules).
    public static let home = TabKey(rawValue: 0x110009)
    /// End (`TAB_KEY_END`, ABI 1.2; not sent to older modules).
    public static let end = TabKey(rawValue: 0x11000A)
    /// Page Up (`TAB_KEY_PAGE_UP`, ABI 1.2; not sent to older modules).
    public static let pageUp = TabKey(rawValue: 0x11000B)
    /// Page Down (`TAB_KEY_PAGE_DOWN`, ABI 1.2; not sent to older modules).
    public static let pageDown = TabKey(rawValue: 0x11000C)

    /// The key as a module built against ABI minor `minor` receives it: before 1.2, Escape, Backspace,
    /// Delete and Tab arrive as the control characters they were (0x1B, 0x7F, 0x7F, 0x09) and Home,
    /// End, Page Up and Page Down not at all (nil).
    public func forModule(minor: UInt32) -> TabKey? {
        guard minor < 2 else { return self }
        switch self {
        case .escape: return TabKey(rawValue: 0x1B)
        case .backspace, .delete: return TabKey(rawValue: 0x7F)
        case .tab: return TabKey(rawValue: 0x09)
        case .home, .end, .pageUp, .pageDown: return nil
        default: return self
        }
    }

    /// The scalar typed, or nil for a named key (arrows are outside Unicode).
    public var scalar: Unicode.Scalar? { Unicode.Scalar(rawValue) }
}
