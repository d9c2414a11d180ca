import TabKit

/// A navigation stack that logs its own lifecycle calls (to see parent-before-child order).
final class RecNav: NavigationController {
    let name: String
    let log: Log

    init(_ name: String, _ log: Log, root: (any Controller)?) {
        self.name = name
        self.log = log
        super.init(root: root)
    }

    override func lifecycle(_ event: LifecycleEvent) { log.add("\(name).\(describe(event))") }
}
