import TabKit

/// The small menu Alt-Enter (or a click on `⋯`) opens over the focused row: its row actions.
package struct RowActionMenu: Sendable, Hashable {
    /// The row's secondary actions, in order.
    public var actions: [ViewRowAction]
    /// The entry Enter picks.
    public var selected = 0

    /// A menu listing `actions`, the first one chosen.
    public init(actions: [ViewRowAction]) {
        self.actions = actions
    }
}
