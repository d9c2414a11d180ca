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
}
