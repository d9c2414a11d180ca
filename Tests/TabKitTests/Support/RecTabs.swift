import TabKit

/// A tab container that logs its own lifecycle calls.
final class RecTabs: TabContainer {
    let name: String
    let log: Log

    init(_ name: String, _ log: Log, tabs: [Tab], title: String? = nil, capacity: Int = 5) {
        self.name = name
        self.log = log
        super.init(tabs: tabs, title: title, capacity: capacity)
    }

    override func lifecycle(_ event: LifecycleEvent) { log.add("\(name).\(describe(event))") }
}
