/// Which navigation stack ``ModuleHost/push(module:param:target:)`` uses (`enum tab_push_target`).
public enum PushTarget: Int32, Sendable, Hashable, CaseIterable {
    /// The stack of the tab this instance lives in.
    case ownStack = 0
    /// The application's outer stack: the new screen covers the tab bar.
    case appStack = 1
}
