import TabKit

/// Which stack `push` targets (`enum tab_push_target`).
public enum ModulePushTarget: Int32, Sendable, Hashable {
    /// The stack of the tab the instance lives in.
    case ownStack = 0
    /// The application's outer stack, covering the tab bar.
    case applicationStack = 1
}
