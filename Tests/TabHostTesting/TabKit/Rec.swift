import TabKit

/// A recording controller standing for a module: logs every call into the shared log, checks the
/// strict will/did cycle itself, counts its renders, renders rows for its `actions` and runs
/// scripted reactions.
public final class Rec: Controller {
    public let context = ControllerContext()
    public let name: String
    public let log: Log
    public var title: String
    public var badge: String?
    public var glyph: String?
    /// Action ids offered as rows, each with a reaction.
    public var actions: [(id: String, run: (Rec) -> Void)] = []
    public var state: [UInt8]?
    public var restored: [UInt8]?
    /// What `restoreState` answers.
    public var acceptsState = true
    /// How many times `render` was called (render only when needed).
    public private(set) var renders = 0
    /// Nodes drawn after the action rows (fields, toggles, rows with secondary actions, …).
    public var extraNodes: [ViewNode] = []
    /// Every event handled, in order, with the focus the controller's context held then.
    public private(set) var events: [(event: ControllerEvent, focus: String?)] = []
    /// What `Controller.rendersAfterEveryEvent` answers (false: as a module built against ABI 1.2).
    public var rendersAfterEveryEvent = true
    /// Runs after each event is logged (a reaction to results, alerts, edits…).
    public var onEvent: ((Rec, ControllerEvent) -> Void)?
    /// Runs inside `render`, before it returns (what an isolated module's other thread may do while
    /// the host waits for the render).
    public var duringRender: ((Rec) -> Void)?
    /// Appearance calls received out of the strict cycle (must stay empty).
    public private(set) var cycleViolations: [String] = []
    private var phase = 3

    public init(_ name: String, _ log: Log, title: String? = nil) {
        self.name = name
        self.log = log
        self.title = title ?? name
    }

    public var tabItem: TabItemInfo { TabItemInfo(title: title, glyph: glyph, badge: badge) }

    public func lifecycle(_ event: LifecycleEvent) {
        let text = describe(event)
        log.add("\(name).\(text)")
        let order = ["willAppear", "didAppear", "willDisappear", "didDisappear"]
        if let i = order.firstIndex(of: text) {
            if i != (phase + 1) % 4 { cycleViolations.append(text) }
            phase = i
        }
    }

    public func start(param: String?) { log.add("\(name).start(\(param ?? "nil"))") }

    public func render() -> ViewTree {
        renders += 1
        duringRender?(self)
        return ViewTree([.text("\(name) content")] + actions.map { .row(ViewRow(title: $0.id, action: $0.id)) } + extraNodes)
    }

    public func handle(_ event: ControllerEvent) {
        events.append((event, context.focus))
        switch event {
        case .action(let id):
            log.add("\(name).action(\(id))")
            actions.first { $0.id == id }?.run(self)
        case .key(let k): log.add("\(name).key(\(k.rawValue))")
        case .tick: log.add("\(name).tick")
        case .result(let module, let value): log.add("\(name).result(\(module), \(value ?? "nil"))")
        case .alert(let id, let button): log.add("\(name).alert(\(id), \(button))")
        default: log.add("\(name).\(event)")
        }
        onEvent?(self, event)
    }

    public func saveState() -> [UInt8]? { state }

    public func restoreState(_ state: [UInt8]) -> Bool {
        restored = state
        log.add("\(name).restoreState(\(state))")
        return acceptsState
    }

    /// Returns the renders counted since the last take, and starts counting again.
    public func takeRenders() -> Int {
        defer { renders = 0 }
        return renders
    }

    /// Adds a row `id` that runs `run` when activated.
    @discardableResult
    public func on(_ id: String, _ run: @escaping (Rec) -> Void) -> Rec {
        actions.append((id, run))
        return self
    }
}
