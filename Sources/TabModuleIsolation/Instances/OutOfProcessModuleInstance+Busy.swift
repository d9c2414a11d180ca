import TabKit
import TabModuleRuntime

/// A slow child on this instance's screen: the busy mark, the not-responding line and its choices.
extension OutOfProcessModuleInstance {
    /// "<Title> is not responding (render, 1.2 s) — Wait · Restart": one row at the top of the kept
    /// view while the child works on a call past the hang timeout. Enter on it is Wait; its row
    /// actions are Wait, Restart and, with a state saved, Restart without saved state.
    func notRespondingLine(now: ContinuousClock.Instant = .now) -> ViewNode? {
        guard failure == nil, let connection else { return nil }
        let what: String
        if connection.busy == .notResponding, let busy = connection.busyCall {
            what = "\(busy.call.function.functionName), \(Self.tenths(busy.elapsed))"
        } else if connection.state == .unresponsive, let hung = connection.hungCall {
            what = "\(hung.call?.function.functionName ?? "a call"), \(Self.tenths(now - hung.since))"
        } else {
            return nil
        }
        var actions = [
            ViewRowAction(label: "Wait", action: Self.waitAction),
            ViewRowAction(label: "Restart", action: Self.restartStuckAction),
        ]
        if savedState != nil {
            actions.append(ViewRowAction(label: "Restart without saved state", action: Self.restartStuckWithoutStateAction))
        }
        return .row(
            ViewRow(title: "\(title) is not responding (\(what)) — Wait · Restart", action: Self.waitAction, rowActions: actions))
    }

    /// Wait and Restart from the not-responding line; false for any other action (the module's).
    func handleNotRespondingAction(_ action: String) -> Bool {
        guard action == Self.waitAction || action == Self.restartStuckAction || action == Self.restartStuckWithoutStateAction
        else { return false }
        guard let connection else { return true }
        if action == Self.waitAction {
            connection.waitLonger()
            delegate?.moduleDidInvalidate()
            return true
        }
        connection.killStuck()
        // The kill stopped the child under every instance of the module: this one starts again now.
        if failure != nil { restart(restoringState: action == Self.restartStuckAction) }
        return true
    }

    /// The child's escalation moved: the tab's busy mark follows, and the line (its seconds) is drawn again.
    func busyChanged() {
        guard isAlive else { return }
        delegate?.moduleBusyChanged()
        delegate?.moduleDidInvalidate()
    }

    /// Asks the child for a new view now, as the host does when only it knows the moment (what
    /// `tabhost-bench isolation` times as the render round trip; without a loop it waits for the view).
    package func renderNow() -> ViewTree {
        invalidateKeptView()
        return render()
    }

    /// "1.2 s".
    static func tenths(_ duration: Duration) -> String {
        let tenths = (duration.components.seconds * 10) + duration.components.attoseconds / 100_000_000_000_000_000
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
