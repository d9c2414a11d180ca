import TabKit

/// The shared record of every lifecycle (and start/event) call across a test's tree, in order.
public final class Log {
    public private(set) var entries: [String] = []

    /// An empty log.
    public init() {}

    public func add(_ entry: String) { entries.append(entry) }

    /// Returns everything recorded since the last take, and forgets it.
    public func take() -> [String] {
        defer { entries = [] }
        return entries
    }

    /// Like `take()`, keeping only load and appearance calls (no moves, starts or events).
    public func appearance() -> [String] {
        take().filter { e in
            [".loaded", ".willAppear", ".didAppear", ".willDisappear", ".didDisappear"].contains { e.hasSuffix($0) }
        }
    }
}

/// How a log names a controller: recording controllers by name, plain stacks "stack", plain tab containers "tabs".
public func logName(_ c: (any Controller)?) -> String {
    switch c {
    case nil: "nil"
    case let r as Rec: r.name
    case let n as RecNav: n.name
    case let t as RecTabs: t.name
    case is NavigationController: "stack"
    case is TabContainer: "tabs"
    default: "?"
    }
}

/// The log text of a lifecycle event.
public func describe(_ event: LifecycleEvent) -> String {
    switch event {
    case .loaded: "loaded"
    case .willAppear: "willAppear"
    case .didAppear: "didAppear"
    case .willDisappear: "willDisappear"
    case .didDisappear: "didDisappear"
    case .willMove(let p): "willMove(\(logName(p)))"
    case .didMove(let p): "didMove(\(logName(p)))"
    }
}
