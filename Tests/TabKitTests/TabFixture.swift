import TabHostTesting
import TabKit

/// A started host whose root is a logging tab container of recording tabs named `names`.
struct TabFixture {
    let log = Log()
    let recs: [String: Rec]
    let tabs: RecTabs
    let host: ContainerHost
    let delegate: DelegateRecorder

    init(_ names: [String], capacity: Int = 5, start: Bool = true) {
        var recs: [String: Rec] = [:]
        for name in names { recs[name] = Rec(name, log) }
        self.recs = recs
        tabs = RecTabs("tabs", log, tabs: names.map { Tab(name: $0, controller: recs[$0]!) }, capacity: capacity)
        delegate = DelegateRecorder(log)
        tabs.delegate = delegate
        host = ContainerHost(root: tabs)
        if start { host.start() }
        _ = log.take()
    }

    subscript(name: String) -> Rec { recs[name]! }

    /// The bar's slot titles, with "*" marking the selected one.
    var bar: [String] {
        (host.screen.tabBar?.items ?? []).map { $0.title + ($0.isSelected ? "*" : "") }
    }
}
