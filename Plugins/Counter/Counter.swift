import TabModuleKit

/// The Swift example module: a count with increment, decrement and reset, shown in the tab's badge,
/// kept across hot reloads (save/restore state) and optionally counting up by itself every second. Its step
/// can be typed into a text field (ABI 1.2): Enter sets it, or shows why not in an error line.
final class Counter: TabModule {
    /// Module "counter". The image path is relative to the module file (see docs/modules/swift.md).
    static let descriptor = ModuleDescriptor(
        name: "counter", version: "1.0", title: "Counter", glyph: "⊕", image: "TabHost_TabExampleCounter.resources/assets/counter.svg")

    /// Version byte of the saved state, so a newer Counter can still read an older one.
    private static let stateVersion: UInt8 = 1

    /// The host of this instance.
    let host: ModuleHost
    /// The current count.
    private(set) var count = 0
    /// Whether the count goes up by one every second.
    private(set) var isAutoCounting = false
    /// The step added by "Add"; a start parameter such as "5" changes it.
    private(set) var step = 1
    /// What the step field holds, as the host last sent it.
    private var stepText = ""
    /// Why the last step typed was refused, shown under the field; nil when it was not.
    private var stepError: String?

    required init(host: ModuleHost) {
        self.host = host
    }

    func start(param: String?) {
        if let param, let step = Int(param), step != 0 { self.step = step }
        host.setTitle(step == 1 ? "Counter" : "Counter (step \(step))")
        showCount()
    }

    func render(into view: inout View) {
        view.section("Count")
        view.row("Value", detail: "\(count)")
        view.row("Step", detail: "\(step)")
        view.section("Actions")
        view.button("Add \(step)", action: "inc")
        view.button("Subtract \(step)", action: "dec")
        view.button("Reset", action: "reset")
        view.button(isAutoCounting ? "Stop counting every second" : "Count every second", action: "auto")
        view.section("Step")
        view.textField(id: "step", value: stepText, placeholder: "A new step, then Enter")
        if let stepError {
            view.style(.error)
            view.text(stepError)
        }
        view.section("More counters")
        view.row("Push a counter that adds 5", action: "push")
        view.row("Open a counter that adds 10 in a tab", action: "tab")
        view.section()
        view.image("TabHost_TabExampleCounter.resources/assets/counter.svg", alt: "[counter]")
        view.text("The count is kept when this module is hot-reloaded.")
    }

    func handle(_ event: Event) {
        switch event {
        case .action("inc"): count += step
        case .action("dec"): count -= step
        case .action("reset"):
            host.log(level: .info, "counter reset from \(count)")
            count = 0
        case .action("push"):
            if !host.push(module: "counter", param: "5") { host.log(level: .warning, "could not push a counter") }
            return
        case .action("tab"):
            if !host.addTab(name: "By 10", module: "counter", image: "TabHost_TabExampleCounter.resources/assets/counter.svg", param: "10")
            {
                host.log(level: .warning, "could not add the \"By 10\" tab")
            }
            return
        case .action("auto"):
            isAutoCounting.toggle()
            if isAutoCounting { host.scheduleTick(after: .seconds(1)) }
        case .tick:
            guard isAutoCounting else { return }
            count += 1
            host.scheduleTick(after: .seconds(1))
        case .text(field: "step", let value):
            stepText = value  // the field already shows it: nothing to draw
            return
        case .submit(field: "step", let value):
            if let newStep = Int(value), newStep != 0 {
                step = newStep
                stepError = nil
                host.setTitle(step == 1 ? "Counter" : "Counter (step \(step))")
            } else {
                stepError = "\"\(value)\" is not a whole number other than 0."
            }
            stepText = ""  // a value other than the one typed clears the field
        case .key(let key) where key.character == "+": count += step
        case .key(let key) where key.character == "-": count -= step
        default: return
        }
        showCount()
        host.invalidate()
    }

    /// Saves version, count (8 bytes little-endian) and the auto-counting flag.
    func saveState() -> [UInt8]? {
        let bits = UInt64(bitPattern: Int64(count))
        return [Self.stateVersion] + (0..<8).map { UInt8(truncatingIfNeeded: bits >> ($0 * 8)) }
            + [isAutoCounting ? 1 : 0]
    }

    /// Restores what ``saveState()`` wrote; refuses unknown versions and short data.
    func restoreState(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 10, bytes[0] == Self.stateVersion else { return false }
        let bits = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[1 + $1]) << ($1 * 8) }
        count = Int(Int64(bitPattern: bits))
        isAutoCounting = bytes[9] != 0
        if isAutoCounting { host.scheduleTick(after: .seconds(1)) }
        showCount()
        host.invalidate()  // ABI 1.2: drawn again only after invalidate
        return true
    }

    /// Shows the count as the tab's badge (hidden at zero).
    private func showCount() {
        host.setBadge(count == 0 ? nil : "\(count)")
    }
}

/// The one exported symbol: this image's module descriptor.
@_cdecl("tab_module_entry") public func tabModuleEntry() -> UnsafeRawPointer? { TabModuleExport.entry(for: Counter.self) }
