/// One slot of a tab bar: a tab (by index in `TabContainer.tabs`) or the More slot.
public enum TabSlot: Sendable, Hashable {
    /// The tab at this index.
    case tab(Int)
    /// The More slot (shown when tabs overflow the capacity).
    case more
}
