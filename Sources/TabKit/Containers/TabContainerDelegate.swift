/// Observes and vetoes user selection and customization of a `TabContainer` (UITabBarControllerDelegate).
///
/// Programmatic selection never calls the delegate (rule 15). Main-loop only.
public protocol TabContainerDelegate: AnyObject {
    /// Asked first on a user tap; false vetoes it: no switch, no pop, no didSelect (rules 17, 19).
    func tabContainer(_ container: TabContainer, shouldSelect target: TabTarget) -> Bool
    /// Told after an allowed user tap was applied (also on a re-tap of the selected tab).
    func tabContainer(_ container: TabContainer, didSelect target: TabTarget)
    /// Told when the user starts reordering tabs.
    func tabContainer(_ container: TabContainer, willBeginCustomizing tabs: [Tab])
    /// Told when the user is about to finish reordering; `changed` says whether the order differs.
    func tabContainer(_ container: TabContainer, willEndCustomizing tabs: [Tab], changed: Bool)
    /// Told after reordering finished; persist the new order here (rule 26).
    func tabContainer(_ container: TabContainer, didEndCustomizing tabs: [Tab], changed: Bool)
}

extension TabContainerDelegate {
    /// Allows every selection.
    public func tabContainer(_ container: TabContainer, shouldSelect target: TabTarget) -> Bool { true }
    /// Does nothing.
    public func tabContainer(_ container: TabContainer, didSelect target: TabTarget) {}
    /// Does nothing.
    public func tabContainer(_ container: TabContainer, willBeginCustomizing tabs: [Tab]) {}
    /// Does nothing.
    public func tabContainer(_ container: TabContainer, willEndCustomizing tabs: [Tab], changed: Bool) {}
    /// Does nothing.
    public func tabContainer(_ container: TabContainer, didEndCustomizing tabs: [Tab], changed: Bool) {}
}
