#if canImport(FoundationEssentials)
import FoundationEssentials
#endif

extension RestorationState {
    /// The state as a file within `maximumFileBytes`: while its bytes pass the limit, the saved states of
    /// the module whose states are the largest in all are left out (those screens start fresh next
    /// time). One module saving a megabyte in each of twenty tabs made a file no start could read, and
    /// every other module's state was lost with it. Returns the bytes and the modules left out, in order.
    public func encodedWithinFileLimit() -> (data: Data, leftOut: [(module: String, bytes: Int)]) {
        var state = self
        var data = state.encoded()
        guard data.count > Self.maximumFileBytes else { return (data, []) }
        var totals: [String: Int] = [:]
        state.forEachEntry { entry in
            if let module = entry.module, let saved = entry.state { totals[module, default: 0] += saved.utf8.count }
        }
        // The largest first; of two equal, the first by name, so the same state always loses the same module.
        let largestFirst = totals.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
        var leftOut: [(module: String, bytes: Int)] = []
        for (module, bytes) in largestFirst where data.count > Self.maximumFileBytes {
            state.forEachEntry { entry in
                if entry.module == module { entry.state = nil }
            }
            leftOut.append((module, bytes))
            data = state.encoded()
        }
        return (data, leftOut)
    }

    /// Calls `body` with every entry: each stack's, each tab container's (within entries too), each modal's.
    mutating func forEachEntry(_ body: (inout RestorationEntry) -> Void) {
        root.forEachEntry(body)
        for index in modals.indices { modals[index].forEachEntry(body) }
    }
}

extension RestorationNode {
    fileprivate mutating func forEachEntry(_ body: (inout RestorationEntry) -> Void) {
        switch self {
        case .stack(var entries):
            for index in entries.indices { entries[index].forEachEntry(body) }
            self = .stack(entries)
        case .tabs(var tabs):
            tabs.forEachEntry(body)
            self = .tabs(tabs)
        case .other: break
        }
    }
}

extension RestorationTabs {
    fileprivate mutating func forEachEntry(_ body: (inout RestorationEntry) -> Void) {
        for name in stacks.keys.sorted() {
            guard var entries = stacks[name] else { continue }
            for index in entries.indices { entries[index].forEachEntry(body) }
            stacks[name] = entries
        }
    }
}

extension RestorationEntry {
    fileprivate mutating func forEachEntry(_ body: (inout RestorationEntry) -> Void) {
        body(&self)
        if var nested = tabs {
            nested.forEachEntry(body)
            tabs = nested
        }
    }
}
