import Logging
import TabHostConcurrency
import TabKit
import TabModuleLoading

/// Makes module-backed controllers by module name and keeps track of the live ones,
/// so ticks reach them and hot reload can swap their instances.
///
/// The `ControllerFactory` TabKit instantiates tabs through (the host's NSClassFromString).
/// Main-loop only, except `ticks`, which modules may use from any thread.
public final class ModuleRuntime: ControllerFactory {
    /// The loaded modules, by name.
    public let registry: ModuleRegistry
    /// Where `schedule_tick` requests collect; watch `ticks.wakeFileDescriptor`.
    public let ticks: TickScheduler
    /// Every module call's duration (`tabhost inspect NAME --timings`, `tabhost dev`'s status line).
    public let calls = ModuleCallRecorder()
    /// Receives every module log line, with the module's name as `module` metadata.
    public let logger: Logger
    /// The session's clock: what its timers and ticks run by, and what ABI 1.3's `now_ms` reads.
    public var clock: HostClock { ticks.clock }
    /// Makes the instances behind the controllers (in this process unless told otherwise).
    public let factory: any ModuleInstanceFactory
    /// The thread module calls must come from, checked in debug builds by the instances made after
    /// it is set (set it before the first controller is made); nil: unchecked.
    public var confinement: ThreadConfinement?
    /// Where `data_dir` makes each module's own directory (the XDG data home's unless told otherwise).
    public var dataDirectory: ModuleDataDirectory? = ModuleDataDirectory.fromEnvironment()
    /// Told when a module refused a state its controller's `restoreState` handed on without waiting
    /// for the answer (an isolated module's at launch): the state is to be kept aside and reported.
    public var onStateRefused: ((ModuleController, [UInt8]) -> Void)?
    private var live: [Weak] = []
    /// `live` by instance id (`controller(forInstance:)`).
    private var instanceIndex: [UInt64: Weak] = [:]
    /// `push`, `present` and `add_tab` calls in progress within one another (each starts a module,
    /// whose `start` may make the next): bounded by `ModuleLimits.maximumScreenCallDepth`.
    var screenCallDepth = 0
    /// Events a user caused being delivered now, within one another (ABI 1.3's `copy_text` is
    /// allowed only inside one), and when the outermost began.
    var userInput: (depth: Int, began: ContinuousClock.Instant) = (0, .now)
    /// Ticks and timer firings delivered to each module (all its instances) in its current second; the
    /// budget counts those skipped past `ModuleLimits.maximumTimedEventsPerSecond`.
    private var timedEvents: [String: LineBudget] = [:]

    private struct Weak {
        weak var controller: ModuleController?
    }

    /// Creates a runtime over `registry` whose module log lines go to `logger`, whose timers and
    /// ticks run by `clock`.
    public init(
        registry: ModuleRegistry, logger: Logger, factory: any ModuleInstanceFactory = InProcessModuleInstanceFactory(),
        clock: HostClock = .monotonic
    ) {
        ticks = TickScheduler(clock: clock)
        self.registry = registry
        self.logger = logger
        self.factory = factory
    }

    /// Makes a controller with a new instance of `module` (not started: TabKit starts it).
    public func make(module name: String, param: String?) throws -> any Controller {
        guard let module = registry.module(named: name) else {
            if let failure = registry.openFailure(named: name) {
                throw TabKitError(.unknownModule, "module \(name) cannot be opened: \(failure.description)")
            }
            throw TabKitError(
                .unknownModule,
                "no module named \"\(name)\" is loaded; run `tabhost list` to see the modules and why any were refused")
        }
        let controller = try ModuleController(module: module, param: param, runtime: self)
        live.removeAll { $0.controller == nil }
        live.append(Weak(controller: controller))
        return controller
    }

    /// The descriptor's title, glyph and image, for tabs whose controller does not exist yet.
    public func tabItem(module name: String) -> TabItemInfo? {
        // From the metadata cache when the module is not open yet: drawing a tab bar opens nothing.
        guard let info = registry.info(named: name) else { return nil }
        // Only an image the module could read itself (`ModuleImageConfinement`); its own directories are
        // checked first, without reading the grants.
        let image = info.imagePath.flatMap { path in
            ModuleImageConfinement.allows(path, within: ModuleImageConfinement.ownDirectories(of: info, dataDirectory: dataDirectory))
                || ModuleImageConfinement.allows(path, within: factory.readableDirectories(of: info, dataDirectory: dataDirectory))
                ? path : nil
        }
        return TabItemInfo(title: info.title, glyph: info.glyph, image: image)
    }

    /// The live module-backed controllers, in creation order.
    public var controllers: [ModuleController] {
        live.compactMap(\.controller)
    }

    /// The live controllers running `module`.
    public func controllers(ofModule module: String) -> [ModuleController] {
        controllers.filter { $0.info.name == module }
    }

    /// Delivers every tick and timer due at `now` (by default now by the runtime's `clock`) on this (the
    /// main) thread, and performs the host calls modules made from their own threads (`invalidate`,
    /// `save_soon`, `log`); returns how many were delivered.
    @discardableResult
    public func deliverDueTicks(now: ContinuousClock.Instant? = nil) -> Int {
        let due = ticks.takeDue(now: now ?? ticks.now)
        guard !due.isEmpty else { return 0 }
        var delivered = 0
        for item in due {
            // Looked up for each item: delivering one may destroy the instance of the next.
            guard let controller = controller(forInstance: item.instance), controller.instance.isAlive else { continue }
            switch item.work {
            case .tick:
                guard admitTimedEvent(for: controller) else { continue }
                deliver(.tick, to: controller)
            case .timer(let id):
                // A timer cancelled (or replaced) since it was taken never arrives.
                guard ticks.claim(item), admitTimedEvent(for: controller) else { continue }
                deliver(.timer(id), to: controller)
            case .invalidate: controller.moduleDidInvalidate()
            case .saveSoon: controller.moduleSaveSoon()
            case .log(let level, let message): controller.moduleLog(level: level, message: message)
            }
            delivered += 1
        }
        return delivered
    }

    /// The live controller whose instance is `id`, through an index made again only when a lookup misses
    /// (a controller made since, or an instance a reload swapped in): made afresh for every delivery, it
    /// loaded every controller's weak reference each time, thousands of times a second under a flood.
    private func controller(forInstance id: UInt64) -> ModuleController? {
        if let controller = instanceIndex[id]?.controller, controller.instance.id == id { return controller }
        var index: [UInt64: Weak] = [:]
        index.reserveCapacity(live.count)
        for weak in live {
            guard let controller = weak.controller else { continue }
            // The first made wins, as in creation order.
            if index[controller.instance.id] == nil { index[controller.instance.id] = weak }
        }
        instanceIndex = index
        guard let controller = index[id]?.controller, controller.instance.id == id else { return nil }
        return controller
    }

    /// Whether one more tick or timer firing reaches `controller`'s module in this second: at most
    /// `ModuleLimits.maximumTimedEventsPerSecond` for all its instances. Sixty-four tabs of one module, each
    /// with sixty-four timers every 10 ms, kept the host's loop delivering to that module alone, and `q`
    /// waited seconds behind them. A firing past it is skipped, as a timer skips periods when the loop
    /// falls behind; the count is said in the module's next line let through, one a second at most.
    private func admitTimedEvent(for controller: ModuleController) -> Bool {
        let module = controller.info.name
        var budget = timedEvents[module] ?? LineBudget(lines: ModuleLimits.maximumTimedEventsPerSecond, per: .seconds(1))
        defer { timedEvents[module] = budget }
        guard let skipped = budget.admit(now: ticks.now) else { return false }
        if skipped > 0 { controller.moduleLog(level: .warning, message: ModuleLimits.timedEventsSkipped(skipped)) }
        return true
    }

    /// Through the model: a ticked controller counts as invalidated once, like an event.
    private func deliver(_ event: ControllerEvent, to controller: ModuleController) {
        if let host = controller.host {
            host.send(event, to: controller)
        } else {
            controller.handle(event)
        }
    }

    /// Logs a module's log line with the module's name as metadata, cut to
    /// `ModuleLimits.maximumLogLineBytes`; `stream: log` marks it as the module's own (the log file
    /// limits how many such lines a module adds per second).
    func log(level: ModuleLogLevel, module: String, message: String) {
        let text = ModuleLimits.cut(message, to: ModuleLimits.maximumLogLineBytes)
        logger.log(level: level.loggerLevel, "\(text)", metadata: ["module": "\(module)", "stream": "log"])
    }

    /// A new instance of `module` from `factory`, with this runtime's ticks and confinement;
    /// `waitsForAnswers`: see `ModuleInstanceEnvironment.waitsForAnswers`.
    func makeInstance(
        of module: LoadedModule, delegate: (any ModuleInstanceDelegate)?, waitsForAnswers: Bool = false
    ) throws(ModuleError) -> any ModuleInstance {
        var environment = ModuleInstanceEnvironment(
            ticks: ticks, confinement: confinement, dataDirectory: dataDirectory, calls: calls)
        environment.waitsForAnswers = waitsForAnswers
        return try factory.makeInstance(of: module, environment: environment, delegate: delegate)
    }
}
