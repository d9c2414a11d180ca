import TabKit

/// A tab container delegate that logs every call and can veto chosen targets.
public final class DelegateRecorder: TabContainerDelegate {
    public let log: Log
    public var vetoed: Set<TabTarget> = []

    public init(_ log: Log) { self.log = log }

    public func tabContainer(_ container: TabContainer, shouldSelect target: TabTarget) -> Bool {
        log.add("shouldSelect(\(describe(target)))")
        return !vetoed.contains(target)
    }

    public func tabContainer(_ container: TabContainer, didSelect target: TabTarget) {
        log.add("didSelect(\(describe(target)))")
    }

    public func tabContainer(_ container: TabContainer, willBeginCustomizing tabs: [Tab]) {
        log.add("willBeginCustomizing(\(tabs.map(\.name).joined(separator: ",")))")
    }

    public func tabContainer(_ container: TabContainer, willEndCustomizing tabs: [Tab], changed: Bool) {
        log.add("willEndCustomizing(\(tabs.map(\.name).joined(separator: ",")), changed: \(changed))")
    }

    public func tabContainer(_ container: TabContainer, didEndCustomizing tabs: [Tab], changed: Bool) {
        log.add("didEndCustomizing(\(tabs.map(\.name).joined(separator: ",")), changed: \(changed))")
    }

    private func describe(_ target: TabTarget) -> String {
        switch target {
        case .tab(let name, _): name
        case .more: "More"
        }
    }
}
