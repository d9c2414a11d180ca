extension Controller {
    /// This controller as a container node, told by its class. `ContainerNode` is internal, so TabKit's two
    /// containers (and their subclasses) are its only conformers; a class check costs a few instructions,
    /// where the first cast of each controller type to a protocol scans every conformance record of the
    /// binary (a start makes three such casts before its first frame).
    var containerNode: (any ContainerNode)? {
        let node: (any ContainerNode)? =
            if let tabs = self as? TabContainer { tabs } else if let stack = self as? NavigationController { stack } else { nil }
        assert(node === (self as? any ContainerNode), "\(type(of: self)) is a ContainerNode that containerNode does not know")
        return node
    }
}
