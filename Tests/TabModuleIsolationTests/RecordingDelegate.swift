import TabKit
import TabModuleRuntime

/// A `ModuleInstanceDelegate` that records every host call a module makes, for tests that drive an
/// instance directly (no container model around it).
final class RecordingDelegate: ModuleInstanceDelegate {
    var titles: [String] = []
    var invalidations = 0
    var pushes: [String] = []
    var logs: [String] = []
    var finishes: [String?] = []
    var alerts: [ScreenAlert] = []
    var saveSoons = 0
    /// ABI 1.3's calls, one line each ("focus search", "copy TEXT", "present M tag reply guarded").
    var calls13: [String] = []

    func moduleDidSetTitle(_ title: String) { titles.append(title) }
    func moduleDidSetBadge(_ badge: String?) {}
    func moduleDidInvalidate() { invalidations += 1 }
    func modulePush(module: String, param: String?, target: ModulePushTarget) -> Bool {
        pushes.append(module)
        return false
    }
    func modulePop() {}
    func modulePresent(module: String, param: String?) -> Bool { false }
    func moduleDismiss() {}
    func moduleAddTab(name: String, module: String, image: String?, param: String?) -> Bool { false }
    func moduleLog(level: ModuleLogLevel, message: String) { logs.append("\(level): \(message)") }
    func moduleTabCount() -> Int { 0 }
    func moduleTabItem(at index: Int) -> TabBarItem? { nil }
    func moduleFinish(result: String?) { finishes.append(result) }
    func moduleAlert(_ alert: ScreenAlert) { alerts.append(alert) }
    func moduleSaveSoon() { saveSoons += 1 }
    func modulePush(module: String, param: String?, target: ModulePushTarget, tag: String?) -> Bool {
        calls13.append("push \(module) \(param ?? "-") tag \(tag ?? "-")")
        return true
    }
    func modulePresent(module: String, param: String?, tag: String?, confirmDismiss: Bool) -> Bool {
        calls13.append("present \(module) \(param ?? "-") tag \(tag ?? "-")\(confirmDismiss ? " guarded" : "")")
        return true
    }
    func moduleFocus(id: String) { calls13.append("focus \(id)") }
    func moduleScroll(to id: String, index: Int) { calls13.append("scroll \(id) \(index)") }
    func moduleCopyText(_ text: String) { calls13.append("copy \(text)") }
    func moduleToast(_ text: String, style: ViewStyle) { calls13.append("toast \(text) \(style.names)") }
}
