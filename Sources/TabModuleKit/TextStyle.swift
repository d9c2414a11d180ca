import CTabModule

/// How a node looks (`enum tab_style`), for ``View/style(_:)`` and ``View/styled(_:_:)``.
///
/// ``monospace``, ``bold`` and ``dim`` combine; of ``error``, ``warning`` and ``success`` (a colour
/// and, for screen readers, a word) the first one listed wins.
public struct TextStyle: OptionSet, Sendable, Hashable {
    /// The C bits.
    public var rawValue: UInt32

    /// Makes a style from its C bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A fixed-width font: columns of figures, code, paths.
    public static let monospace = TextStyle(rawValue: UInt32(TAB_STYLE_MONOSPACE.rawValue))
    /// Bold.
    public static let bold = TextStyle(rawValue: UInt32(TAB_STYLE_BOLD.rawValue))
    /// Dimmed: secondary information.
    public static let dim = TextStyle(rawValue: UInt32(TAB_STYLE_DIM.rawValue))
    /// Something failed.
    public static let error = TextStyle(rawValue: UInt32(TAB_STYLE_ERROR.rawValue))
    /// Something needs attention.
    public static let warning = TextStyle(rawValue: UInt32(TAB_STYLE_WARNING.rawValue))
    /// Something succeeded.
    public static let success = TextStyle(rawValue: UInt32(TAB_STYLE_SUCCESS.rawValue))
}
