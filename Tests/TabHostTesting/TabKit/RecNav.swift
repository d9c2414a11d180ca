import TabKit

/// A navigation stack that logs its own lifecycle calls (to see parent-before-child order).
public final class RecNav: NavigationController {
    public let name: String
    public let log: Log

    public init(_ name: String, _ log: Log, root: (any Controller)?) {
        self.name = name
        self.log = log
        super.init(root: root)
    }

    public override func lifecycle(_ event: LifecycleEvent) { log.add("\(name).\(describe(event))") }
}
