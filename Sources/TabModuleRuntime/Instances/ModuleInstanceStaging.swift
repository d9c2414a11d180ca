import TabKit

/// Receives a new instance's host calls before it joins the tree: during `create` of a new
/// controller, and while a reload prepares it (`create`, `start`, `restore_state`), so a
/// rolled-back reload changes nothing the user sees: log lines go through at once, the title and
/// badge wait until the controller takes the instance, and tree changes (push, present, add_tab)
/// are refused (as are finish and alert; save_soon waits for the controller).
final class ModuleInstanceStaging: ModuleInstanceDelegate {
    private weak var runtime: ModuleRuntime?
    private let moduleName: String
    /// The controller whose instance is being replaced (tab_count, tab_item); nil for a first instance.
    private weak var controller: ModuleController?
    /// The title the new instance set, if any.
    private(set) var title: String?
    /// The badge the new instance set (`.some(nil)` clears it), if it set one.
    private(set) var badge: String??

    init(runtime: ModuleRuntime, moduleName: String, controller: ModuleController? = nil) {
        self.runtime = runtime
        self.moduleName = moduleName
        self.controller = controller
    }

    func moduleDidSetTitle(_ title: String) { self.title = title }
    func moduleDidSetBadge(_ badge: String?) { self.badge = .some(badge) }
    func moduleDidInvalidate() {}
    func modulePush(module: String, param: String?, target: ModulePushTarget) -> Bool { false }
    func modulePop() {}
    func modulePresent(module: String, param: String?) -> Bool { false }
    func moduleDismiss() {}
    func moduleAddTab(name: String, module: String, image: String?, param: String?) -> Bool { false }
    func moduleLog(level: ModuleLogLevel, message: String) { runtime?.log(level: level, module: moduleName, message: message) }
    func moduleTabCount() -> Int { controller?.moduleTabCount() ?? 0 }
    func moduleTabItem(at index: Int) -> TabBarItem? { controller?.moduleTabItem(at: index) }
    func moduleFinish(result: String?) {}
    func moduleAlert(_ alert: ScreenAlert) {}
    func moduleSaveSoon() {}
}
