import TabKit
import TabModuleRuntime

/// A module instance written in Swift that runs no module code and records every call, so tests can
/// show that `ModuleController`, `HotReloader` and `ModuleRuntime` need nothing beyond `ModuleInstance`.
final class FakeModuleInstance: ModuleInstance {
    let id: UInt64
    let moduleName: String
    weak var delegate: (any ModuleInstanceDelegate)?
    private(set) var isAlive = true
    /// "#SERIAL" in the shared call log (1 for the first instance the factory made).
    let label: String
    /// What `saveState` returns.
    var state: [UInt8]? = [42]
    /// Whether `restoreState` accepts the state.
    var acceptsState = true
    private let calls: FakeModuleInstanceFactory.CallLog

    init(id: UInt64, moduleName: String, label: String, delegate: (any ModuleInstanceDelegate)?, calls: FakeModuleInstanceFactory.CallLog) {
        self.id = id
        self.moduleName = moduleName
        self.label = label
        self.delegate = delegate
        self.calls = calls
    }

    private func record(_ call: String) { calls.lines.append("\(label) \(call)") }

    func start(param: String?) { record("start \(param ?? "-")") }

    func render() -> ViewTree {
        record("render")
        return ViewTree([.text("\(moduleName) \(label)")])
    }

    func send(_ event: ModuleEvent, focus: String?) { record("send \(event)") }

    func appearance(_ phase: AppearancePhase) { record("\(phase)") }

    func saveState() -> [UInt8]? {
        record("saveState")
        return state
    }

    func restoreState(_ state: [UInt8]) -> Bool {
        record("restoreState \(state)")
        return acceptsState
    }

    func destroy() {
        record("destroy")
        isAlive = false
    }
}
