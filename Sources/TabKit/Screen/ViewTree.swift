/// The content of one screen: an ordered list of nodes.
public struct ViewTree: Sendable, Hashable, Codable {
    /// The nodes in display order.
    public var nodes: [ViewNode]

    /// Creates a tree from `nodes`.
    public init(_ nodes: [ViewNode] = []) {
        self.nodes = nodes
    }

    /// The action ids of the activatable nodes (rows with an action, buttons), in display order.
    public var focusableActions: [String] {
        nodes.compactMap { node in
            switch node {
            case .row(let row): row.action
            case .button(_, let action): action
            default: nil
            }
        }
    }
}
