import CTabModule
import TabKit

extension ModuleController {
    /// `finish`: ends this screen (pops it with any screens above it, or dismisses the modal it is the
    /// root of) and hands `result` to the controller that pushed or presented it, as
    /// `TAB_EVENT_RESULT` once the pop or dismissal is complete (`ContainerHost.finish(_:result:)`).
    /// A result longer than `TAB_MAX_RESULT_BYTES` is cut; a screen at the root of its stack that
    /// is not presented (a tab's root) has nothing to end: one log line.
    public func moduleFinish(result: String?) {
        let result = result.map { limited($0, "finish", Int(TAB_MAX_RESULT_BYTES)) }
        guard let host, host.finish(self, result: result) else {
            moduleLog(
                level: .warning,
                message: "finish: this screen is a root that nobody pushed or presented, so there is nothing to end; "
                    + "call finish on a screen a module pushed or presented")
            return
        }
    }

    /// `alert`: queues `alert` over the screen (`ContainerHost.showAlert(_:from:)`); the answer
    /// comes back as `TAB_EVENT_ALERT`. Past `TAB_MAX_ALERT_BUTTONS` buttons the rest are dropped
    /// and a longer id than `TAB_MAX_ID_BYTES` refuses the alert, each with one log line; the
    /// texts are cut like a view's. Applying the limits to an alert already within them changes
    /// nothing, so the C side may apply them first.
    public func moduleAlert(_ alert: ScreenAlert) {
        let idLimit = Int(TAB_MAX_ID_BYTES)
        guard alert.id.utf8.count <= idLimit else {
            moduleLog(
                level: .warning,
                message: "alert: an id of \(alert.id.utf8.count) bytes is longer than the limit of \(idLimit) bytes; "
                    + "the alert is not shown (use a shorter id)")
            return
        }
        var alert = alert
        let buttonLimit = Int(TAB_MAX_ALERT_BUTTONS)
        if alert.buttons.count > buttonLimit {
            moduleLog(
                level: .warning,
                message: "alert \"\(alert.id)\": \(alert.buttons.count) buttons, more than the limit of \(buttonLimit); "
                    + "the first \(buttonLimit) are shown")
            alert.buttons = Array(alert.buttons.prefix(buttonLimit))
        }
        let textLimit = ModuleLimits.maximumViewStringBytes
        alert.title = limited(alert.title, "alert", textLimit)
        alert.message = alert.message.map { limited($0, "alert", textLimit) }
        alert.buttons = alert.buttons.map { limited($0, "alert", textLimit) }
        guard let host else {
            moduleLog(level: .warning, message: "alert \"\(alert.id)\": this screen is not shown by the host; the alert is not shown")
            return
        }
        guard mayTakeScreen("alert \"\(alert.id)\"") else { return }
        do {
            try host.showAlert(alert, from: self)
        } catch {
            moduleLog(level: .warning, message: error.description)
        }
    }

    /// `save_soon`: asks the host to save this instance's state soon (`ContainerHost.saveSoonHandler`,
    /// which the session coalesces into one write of the state file and a snapshot kept for Restart).
    public func moduleSaveSoon() {
        host?.requestSaveSoon(of: self)
    }

    public func moduleRefusedState(_ state: [UInt8]) {
        moduleRuntime?.onStateRefused?(self, state)
    }
}
