import TabKit

/// A node of a layout: a module, a navigation stack, or a tab container.
public indirect enum LayoutNode: Sendable, Hashable {
    /// A module instance (or a template, when the name starts with "@").
    case module(LayoutModule)
    /// A navigation stack with this root.
    case stack(LayoutNode)
    /// A tab container.
    case tabs(LayoutTabContainer)
}
