import TabKit

extension ModuleInstance {
    /// An instance that cannot draw lazy lists' rows renders as it always did.
    public func render(listWindows: [String: Range<Int>]) -> ViewTree { render() }
}
