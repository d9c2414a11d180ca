/// What a module is: a content screen or a tab container's bar (`enum tab_module_kind`).
public struct ModuleKind: RawRepresentable, Sendable, Hashable {
    /// The C value of `tab_module_descriptor.kind`.
    public var rawValue: UInt32

    /// Makes a kind from its C value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A screen: a tab, a pushed or a presented screen (`TAB_MODULE_KIND_CONTENT`).
    public static let content = ModuleKind(rawValue: 0)
    /// Draws a tab container's bar itself from ``ModuleHost/tabItems`` (`TAB_MODULE_KIND_TAB_BAR`).
    public static let tabBar = ModuleKind(rawValue: 1)
}
