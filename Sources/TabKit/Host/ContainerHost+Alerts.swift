extension ContainerHost {
    /// Queues `alert`, raised by `controller` (a module's `alert`): the first alert queued shows
    /// over everything (`Screen.alert`) until it is answered, and then the next. While one shows,
    /// `apply` refuses every action but `answerAlert`. An alert whose controller has left the
    /// tree is dropped, shown or not. Throws `TabKitError` (nothing is queued) when `controller` is
    /// not in the tree (`.noContainer`) or its module has `maximumWaitingAlerts` shown or waiting
    /// (`.tooLarge`).
    public func showAlert(_ alert: ScreenAlert, from controller: any Controller) throws(TabKitError) {
        confinement.assertConfined("ContainerHost.showAlert")
        guard contains(controller) else {
            throw TabKitError(.noContainer, "alert \"\(alert.id)\": this screen is not shown by the host; the alert is not shown")
        }
        // A module raising alerts in a loop keeps a few waiting, not every one it raised.
        guard !alertsAreFull(for: controller) else {
            throw TabKitError(
                .tooLarge,
                "alert \"\(alert.id)\" dropped: \(Self.maximumWaitingAlerts) of this module's alerts are shown or waiting "
                    + "(wait for their answers)")
        }
        alerts.append(PendingAlert(alert: alert, raiser: controller))
        if alerts.count == 1 { invalidateScreen() }
    }

    /// Alerts of one module (its controllers together) shown or waiting at once; `showAlert` refuses more.
    public static let maximumWaitingAlerts = 8

    /// True when `controller`'s module has `maximumWaitingAlerts` shown or waiting: `showAlert` refuses its next.
    public func alertsAreFull(for controller: any Controller) -> Bool {
        let module = controller.context.module
        return alerts.count(where: { $0.raiser?.context.module == module }) >= Self.maximumWaitingAlerts
    }

    /// The alert shown now: the first queued whose controller is still in the tree.
    public var shownAlert: ScreenAlert? {
        dropOrphanedAlerts()
        return alerts.first?.alert
    }

    /// Answers the shown alert `id` with `button`, one of its labels; the controller that raised it
    /// gets `ControllerEvent.alert(id:button:)` and the next alert shows. False when no alert shows,
    /// or the id or the button is not the shown alert's.
    func answerAlert(id: String, button: String) -> Bool {
        dropOrphanedAlerts()
        guard let shown = alerts.first, shown.alert.id == id, shown.alert.buttons.contains(button) else { return false }
        alerts.removeFirst()
        invalidateScreen()
        if let raiser = shown.raiser { send(.alert(id: id, button: button), to: raiser) }
        return true
    }

    private func dropOrphanedAlerts() {
        let before = alerts.count
        alerts.removeAll { pending in pending.raiser.map { !contains($0) } ?? true }
        if alerts.count != before { invalidateScreen() }
    }
}
