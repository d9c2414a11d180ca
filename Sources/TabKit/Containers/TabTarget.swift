/// What a user tap on a tab bar slot is about to select, as the delegate sees it.
public enum TabTarget: Sendable, Hashable {
    /// A real tab, by name and index in `TabContainer.tabs`.
    case tab(name: String, index: Int)
    /// The More slot.
    case more
}
