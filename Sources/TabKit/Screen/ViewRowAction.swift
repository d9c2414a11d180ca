/// A secondary action of a row or table row (`row_action`, ABI 1.2; UIKit's trailing swipe actions).
public struct ViewRowAction: Sendable, Hashable, Codable {
    /// What the button or menu entry says.
    public var label: String
    /// The action id sent (`TAB_EVENT_ACTION`) when it is chosen.
    public var action: String

    /// Creates a row action.
    public init(label: String, action: String) {
        self.label = label
        self.action = action
    }
}
