import CTabModule

/// What a module declares itself to be (`tab_module_descriptor.kind`).
public struct ModuleKind: Hashable, Sendable, CustomStringConvertible {
    /// The raw `enum tab_module_kind` value.
    public let rawValue: UInt32

    /// Wraps a raw kind value (known or not).
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A screen: a tab, or a pushed or presented screen (`TAB_MODULE_KIND_CONTENT`).
    public static let content = ModuleKind(rawValue: UInt32(TAB_MODULE_KIND_CONTENT.rawValue))
    /// Draws a tab container's bar itself (`TAB_MODULE_KIND_TAB_BAR`).
    public static let tabBar = ModuleKind(rawValue: UInt32(TAB_MODULE_KIND_TAB_BAR.rawValue))

    /// True for the kinds this host knows.
    public var isKnown: Bool { self == .content || self == .tabBar }

    /// `content`, `tab-bar`, or `unknown(N)`.
    public var description: String {
        switch self {
        case .content: "content"
        case .tabBar: "tab-bar"
        default: "unknown(\(rawValue))"
        }
    }
}
