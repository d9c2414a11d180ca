import TabKit

extension HostSession {
    /// A module's `save_soon` (through `ContainerHost.saveSoonHandler`): within `saveSoonDelay`, the
    /// controllers that asked meanwhile save their state (an isolated module's instance keeps what
    /// it saved for Restart after a crash) and the state file is written, so a change a module made
    /// outside any user action (in a tick, a timer) survives a `kill -9` that comes after. Requests
    /// while one is pending join it; a steady stream of them still saves every `saveSoonDelay`.
    func saveSoon(_ controller: any Controller) {
        if !saveSoonRequests.contains(where: { $0.controller === controller }) {
            saveSoonRequests.append(SaveSoonRequest(controller: controller))
        }
        guard saveSoonTimer == nil else { return }
        saveSoonTimer = loop.schedule(after: saveSoonDelay) { [weak self] in
            self?.saveSoonTimer = nil
            self?.saveRequestedStates()
        }
    }

    /// Snapshots each controller that asked (while it is still shown by the host), then writes the
    /// state file (which saves the screens on stacks once more: modals are not in the file, and a
    /// snapshot must not wait for the file).
    func saveRequestedStates() {
        let controllers = saveSoonRequests.compactMap(\.controller)
        saveSoonRequests = []
        for controller in controllers where host.contains(controller) { _ = controller.saveState() }
        saveState()
    }
}
