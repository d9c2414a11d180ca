/// A controller that forwards appearance calls to children (TabKit's own containers).
protocol ContainerNode: Controller {
    /// Creates whatever the visible chain needs (lazy tabs) before appearance calls go down.
    func prepareForAppearance()
    /// The children that are part of the visible chain when this container is visible, in call order.
    var visibleChildren: [any Controller] { get }
    /// Every child in the tree, shown or not (a stack's screens; a tab container's created stacks and its bar).
    var children: [any Controller] { get }
}
