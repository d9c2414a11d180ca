import TabHostLoop
import TabKit
import TabModuleRuntime

extension HostSession {
    /// A module's `save_soon` (through `ContainerHost.saveSoonHandler`): within `saveSoonDelay`, the
    /// controllers that asked meanwhile save their state (an isolated module's instance keeps what
    /// it saved for Restart after a crash) and the state file is written, so a change a module made
    /// outside any user action (in a tick, a timer) survives a `kill -9` that comes after. Requests
    /// while one is pending join it; a steady stream of them saves every `saveSoonInterval`.
    func saveSoon(_ controller: any Controller) {
        // By identity in a set: a module's thread asking for every one of thousands of screens in a loop
        // made a walk of every request for each.
        if saveSoonAsked.insert(ObjectIdentifier(controller)).inserted {
            saveSoonRequests.append(SaveSoonRequest(controller: controller))
        }
        guard saveSoonTimer == nil else { return }
        let now = ContinuousClock.now
        let delay = max(saveSoonDelay, lastSaveSoon.map { $0 + saveSoonInterval - now } ?? .zero)
        saveSoonTimer = loop.schedule(after: delay) { [weak self] in
            self?.saveSoonTimer = nil
            self?.lastSaveSoon = .now
            self?.saveRequestedStates()
        }
    }

    /// Snapshots each controller that asked (while it is still shown by the host; an isolated
    /// module's instance keeps what it saved for Restart) and the others on the host, then writes the
    /// state file.
    func saveRequestedStates() {
        let asked = saveSoonRequests.compactMap(\.controller)
        saveSoonRequests = []
        saveSoonAsked = []
        // Modals are not in the file: one that asked is snapshotted all the same.
        saveStateWhenAnswered(also: asked.filter { host.contains($0) })
    }

    /// Asks every module on the host for its state without waiting on any (`refreshSavedState`), and
    /// writes the state file once all answered or after `stateAnswerLimit`: a module that has not
    /// answered by then (or was not asked, busy with a call) is written with the state it saved last.
    /// Quit writes with `saveStateAtQuit()`, which waits for the answers, bounded.
    func saveStateWhenAnswered(also extra: [any Controller] = []) {
        var controllers = stateFile == nil ? [] : runtime.controllers.filter { host.contains($0) }
        var included = Set(controllers.map(ObjectIdentifier.init))
        for controller in extra.compactMap({ $0 as? ModuleController }) where included.insert(ObjectIdentifier(controller)).inserted {
            controllers.append(controller)
        }
        guard !controllers.isEmpty else {
            saveState(waiting: false)
            return
        }
        var limit: LoopTimerID?
        let round = StateSaveRound(answers: controllers.count) { [weak self] in
            guard let self else { return }
            if let limit { loop.cancel(limit) }
            saveState(waiting: false)
        }
        for controller in controllers { controller.refreshSavedState(then: round.answered) }
        guard !round.isFinished else { return }
        limit = loop.schedule(after: stateAnswerLimit) { round.finish() }
    }
}
