import TabKit

/// Makes module-backed controllers by module name and keeps track of the live ones,
/// so ticks reach them and hot reload can swap their instances.
///
/// The `ControllerFactory` TabKit instantiates tabs through (the host's NSClassFromString).
/// Main-loop only, except `ticks`, which modules may use from any thread.
public final class ModuleRuntime: ControllerFactory {
    /// The loaded modules, by name.
    public let registry: ModuleRegistry
    /// Where `schedule_tick` requests collect; watch `ticks.wakeFileDescriptor`.
    public let ticks = TickScheduler()
    /// Receives every module log line (level, module name, message).
    public var logHandler: ((ModuleLogLevel, String, String) -> Void)?
    private var live: [Weak] = []

    private struct Weak {
        weak var controller: ModuleController?
    }

    /// Creates a runtime over `registry`.
    public init(registry: ModuleRegistry) {
        self.registry = registry
    }

    /// Makes a controller with a new instance of `module` (not started: TabKit starts it).
    public func make(module name: String, param: String?) throws -> any Controller {
        guard let module = registry.module(named: name) else {
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
        guard let info = registry.module(named: name)?.info else { return nil }
        return TabItemInfo(title: info.title, glyph: info.glyph, image: info.imagePath)
    }

    /// The live module-backed controllers, in creation order.
    public var controllers: [ModuleController] {
        live.compactMap(\.controller)
    }

    /// The live controllers running `module`.
    public func controllers(ofModule module: String) -> [ModuleController] {
        controllers.filter { $0.module.name == module }
    }

    /// Delivers every tick due at `now` on this (the main) thread; returns how many were delivered.
    @discardableResult
    public func deliverDueTicks(now: ContinuousClock.Instant = .now) -> Int {
        let due = ticks.takeDue(now: now)
        guard !due.isEmpty else { return 0 }
        let byInstance = Dictionary(controllers.map { ($0.instance.id, $0) }, uniquingKeysWith: { first, _ in first })
        var delivered = 0
        for id in due {
            guard let controller = byInstance[id] else { continue }
            controller.handle(.tick)
            delivered += 1
        }
        return delivered
    }

    /// Forwards a module's log line to `logHandler`.
    func log(level: ModuleLogLevel, module: String, message: String) {
        logHandler?(level, module, message)
    }

    /// A new instance of `module` whose relative image paths resolve next to the module file.
    func makeInstance(of module: LoadedModule, delegate: (any ModuleHostDelegate)?) throws(ModuleInstanceError)
        -> ModuleInstance
    {
        let directory = ModuleFileReader.parentDirectory(of: module.info.sourcePath)
        return try ModuleInstance(
            descriptor: module.descriptor, moduleName: module.name, owner: module, resourceDirectory: directory,
            ticks: ticks, delegate: delegate)
    }
}
