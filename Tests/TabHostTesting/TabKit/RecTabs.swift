import TabKit

/// A tab container that logs its own lifecycle calls.
public final class RecTabs: TabContainer {
    public let name: String
    public let log: Log

    public init(_ name: String, _ log: Log, tabs: [Tab], title: String? = nil, capacity: Int = 5) {
        self.name = name
        self.log = log
        super.init(tabs: tabs, title: title, capacity: capacity)
    }

    public override func lifecycle(_ event: LifecycleEvent) { log.add("\(name).\(describe(event))") }
}
