import Logging
import TabHostLoop
import TabModuleLoading
import TabModuleRuntime

/// Makes instances whose modules run in child processes: one `tabhost-module-host` child per module
/// version, shared by all of that version's instances, started with its first instance and ended
/// with its last (a reload's new version gets a new child; the old one ends with its last instance).
///
/// A module whose children crashed `settings.crashLoopLimit` times within `crashLoopWindow` is
/// held: its new instances (a push, a lazy tab, a reload) start no child and show the stopped screen
/// with Restart, until the user chooses Restart on one of them (see `ModuleCrashHistory`).
///
/// Main-loop only. Attach the host's loop (`attach(to:)`) so children are watched while no call
/// waits: ticks from a module's threads, its output, a crash or a late reply then arrive at once.
public final class OutOfProcessModuleInstanceFactory: ModuleInstanceFactory {
    /// The helper and the deadlines.
    public let settings: IsolationSettings
    let logger: Logger
    private var connections: [ObjectIdentifier: ModuleHostConnection] = [:]
    private var loop: (any EventLoop)?
    /// A child started ahead, waiting for the next module (see `IsolationSettings.keepsSpareChild`).
    private var spare: ModuleHostProcess?
    /// The spare child while `ModuleHostSpawner`'s thread starts it: `posix_spawn` holds its caller
    /// until the child has exec'd, and the loop thread goes on meanwhile (`waitForSpare()` takes it).
    private var spareOnItsWay: ModuleHostSpawner.Pending?
    /// The timer that starts the next spare child (see `prepareSpareSoon()`), while one is wanted.
    private var spareTimer: LoopTimerID?
    /// True while the next spare child waits for the children to answer what they were posted.
    private var spareWaitsForIdle = false
    /// A child sent its module's LOAD ahead (`startChild(for:)`), until that module version's first
    /// instance takes it, or the loop's first iteration ends without one (then it is retired).
    private var started: (key: ObjectIdentifier, connection: ModuleHostConnection)?
    /// True once `attach(to:)` has registered the end-of-iteration check for the spare child.
    private var watchesIdle = false
    private var isShutDown = false
    /// Children killed and not reaped yet (their process objects reap them when they go).
    private var ending: [ModuleHostProcess] = []
    /// Told when a child stops, stops answering or answers again (the session's status line), after
    /// the crash is counted (`crashLoop(of:)` says whether it started a crash loop).
    public var onEvent: ((ModuleInfo, ModuleProcessEvent) -> Void)?
    /// Told when `moduleStates` changes (the session publishes it for `tabhost inspect`).
    public var onStatesChanged: (([ModuleProcessState]) -> Void)?
    /// The permissions the sandbox refused each module's children, by module name, in the order first
    /// seen (the log says each once per child); kept for the session.
    public private(set) var deniedPermissions: [String: [String]] = [:]
    /// Told when `deniedPermissions` grows (the session publishes it for `tabhost inspect`).
    public var onDeniedChanged: (([ModuleDeniedPermissions]) -> Void)?
    /// The clock of the crash-loop rule (tests move it instead of waiting a minute).
    public var now: () -> ContinuousClock.Instant
    private var crashes: ModuleCrashHistory
    /// Every instance made, for `moduleStates`.
    var instances: [WeakInstance] = []
    private var publishedStates: [ModuleProcessState] = []
    /// Where each child's calls are timed (the runtime's, from the environment of the instances made).
    var calls: ModuleCallRecorder?
    /// What each module's child runs with, read when the child starts (`settings.grants` at first; a
    /// session adds its layout's grants once it has read the layout).
    public var grants: ModuleGrantSource
    /// The sets of missing sandbox layers already warned about (each is said once per session).
    private var warnedMissingLayers: Set<UInt32> = []
    /// Modules whose permission prompt was answered Not now, by name and grant file: not asked again
    /// in this session.
    var declined: Set<String> = []
    /// The module versions already said to run without part of what they ask for (`reportAsksForMore`).
    var reportedAsksForMore: Set<String> = []
    /// The children's requests this host is serving now (`OutOfProcessModuleInstance.servesARequest`).
    var requestsInService = 0

    struct WeakInstance {
        weak var instance: OutOfProcessModuleInstance?
    }

    /// A factory whose children's output and reports go to `logger` (with the module's name as metadata).
    /// Outside this module, `IsolationSettings.moduleChildren(logger:)` makes one.
    package init(
        settings: IsolationSettings, logger: Logger,
        now: @escaping () -> ContinuousClock.Instant = { .now }
    ) {
        self.settings = settings
        self.logger = logger
        self.now = now
        grants = settings.grants
        crashes = ModuleCrashHistory(limit: settings.crashLoopLimit, window: settings.crashLoopWindow)
    }

    deinit {
        shutdown()
    }

    /// Watches every child, present and future, on `loop`.
    public func attach(to loop: any EventLoop) {
        self.loop = loop
        for connection in connections.values { connection.attach(to: loop) }
        if !watchesIdle {
            watchesIdle = true
            loop.atEndOfIteration { [weak self] in
                self?.retireUnusedStartedChild()
                self?.startSpareWhenIdle()
            }
        }
    }

    /// Waits until no child has a posted call in flight or queued (each reply and pushed frame
    /// handled), or until `deadline`: the one way for tests (and commands that run no loop) to see
    /// what the modules did since their last input. The host's own work that follows (a screen that
    /// asks for the new views) posts more: `settled(_:)` repeats it. True when everything settled.
    @discardableResult
    public func settle(until deadline: ContinuousClock.Instant) -> Bool {
        var settled = true
        for connection in Array(connections.values) where !connection.settle(until: deadline) { settled = false }
        return settled
    }

    /// Calls `body` (e.g. a screen's computation, which asks idle modules for new views) and settles,
    /// until a call of `body` leaves nothing to wait for, or `deadline`: `body`'s last result.
    ///
    /// `body` runs at least twice, with a settle between: with no loop, its first call is where what
    /// the child sent (or its end) is read, and that can leave nothing in flight while its result
    /// predates it.
    public func settled<Result>(until deadline: ContinuousClock.Instant = .now + .seconds(5), _ body: () -> Result) -> Result {
        _ = body()
        var result: Result
        repeat {
            settle(until: deadline)
            result = body()
        } while isBusyPosting && ContinuousClock.now < deadline
        return result
    }

    /// `settle(until:)` with a deadline 5 s from now.
    @discardableResult
    public func settle() -> Bool { settle(until: .now + .seconds(5)) }

    /// True while some child has a posted call in flight or queued.
    var isBusyPosting: Bool {
        connections.values.contains { $0.inFlight != nil || !$0.queue.isEmpty }
    }

    /// True while some child has a posted call in flight or queued (`isBusyPosting`).
    public var hasPostedCalls: Bool { isBusyPosting }

    /// A new instance in the child of `module`'s version (started now, or the spare child, when none
    /// runs); for a module held after a crash loop, an instance that shows the stopped screen and
    /// starts a child only when the user chooses Restart.
    public func makeInstance(
        of module: LoadedModule, environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) throws(ModuleError) -> any ModuleInstance {
        let instance: OutOfProcessModuleInstance
        if let loop = crashes.loop(of: module.name) {
            logger.warning("not started: \(loop)", metadata: ["module": "\(module.name)"])
            instance = OutOfProcessModuleInstance(
                module: module, heldAfter: loop.failure, factory: self, environment: environment, delegate: delegate)
        } else if let missing = permissionsToAsk(for: module), !isRunning(module.name) {
            logger.info(
                "asks to: \(ModulePermissions.phrases(missing)); waiting for Allow or Not now on its tab",
                metadata: ["module": "\(module.name)"])
            instance = OutOfProcessModuleInstance(
                module: module, asking: missing, factory: self, environment: environment, delegate: delegate)
        } else {
            if let missing = permissionsToAsk(for: module) { reportAsksForMore(module, missing) }
            // The runtime's recorder, for every child started from now on (a Restart's too).
            if let recorder = environment.calls { calls = recorder }
            let connection = try connection(for: module)
            instance = try OutOfProcessModuleInstance(
                module: module, connection: connection, factory: self, environment: environment, delegate: delegate)
        }
        instances.removeAll { $0.instance == nil }
        instances.append(WeakInstance(instance: instance))
        instancesChanged()
        return instance
    }

    // MARK: Crash loops and states

    /// The crash loop that holds `module` (by name) until the user chooses Restart, if any.
    public func crashLoop(of module: String) -> ModuleCrashLoop? {
        crashes.loop(of: module)
    }

    /// The modules one of whose live instances shows the stopped screen or is not responding, by
    /// name, with the line the host shows (the module's descriptor title) and its counted crashes.
    public var moduleStates: [ModuleProcessState] {
        var states: [String: ModuleProcessState] = [:]
        let time = now()
        for entry in instances {
            guard let instance = entry.instance, instance.isAlive else { continue }
            let name = instance.moduleName
            let title = instance.module.info.title
            let count = crashes.crashes(of: name, at: time)
            if let failure = instance.failure {
                let loop = crashes.loop(of: name).map { " (\($0))" } ?? ""
                states[name] = ModuleProcessState(
                    module: name, state: .stopped, reason: "\(title) stopped: \(failure)\(loop)", crashes: count)
            } else if instance.isNotResponding, states[name] == nil {
                states[name] = ModuleProcessState(
                    module: name, state: .notResponding, reason: "\(title) is not responding", crashes: count)
            }
        }
        return states.values.sorted { $0.module < $1.module }
    }

    /// An instance stopped, restarted or ended: tells `onStatesChanged` when `moduleStates` changed.
    func instancesChanged() {
        guard let onStatesChanged else { return }
        let states = moduleStates
        guard states != publishedStates else { return }
        publishedStates = states
        onStatesChanged(states)
    }

    /// The running child for an instance the user restarts: `module`'s crashes are forgotten first.
    func restartConnection(for module: LoadedModule) throws(ModuleError) -> ModuleHostConnection {
        if crashes.loop(of: module.name) != nil {
            logger.info("restart chosen: the crash count starts again", metadata: ["module": "\(module.name)"])
        }
        crashes.reset(module.name)
        return try connection(for: module)
    }

    private func childStopped(_ module: LoadedModule, _ failure: ModuleHostFailure) {
        if let loop = crashes.record(failure, of: module.name, at: now()) {
            logger.error("\(loop)", metadata: ["module": "\(module.name)"])
        }
    }

    /// Remembers that `module`'s sandbox refused what `permission` would allow, and publishes it.
    private func denied(_ permission: String, module: String) {
        // Each child of the module names at most `maximumDenials`; its restarts and reloads together no more.
        let named = deniedPermissions[module] ?? []
        guard !named.contains(permission), named.count < ModuleHostConnection.maximumDenials else { return }
        deniedPermissions[module, default: []].append(permission)
        onDeniedChanged?(deniedList)
    }

    /// `deniedPermissions` as published, sorted by module name.
    public var deniedList: [ModuleDeniedPermissions] {
        deniedPermissions.map { ModuleDeniedPermissions(module: $0.key, permissions: $0.value) }.sorted { $0.module < $1.module }
    }

    /// The process ids of the running children, by module name (tests, reports).
    public var childProcesses: [(module: String, pid: Int32)] {
        connections.values.compactMap { connection in connection.livePID.map { (connection.module.name, $0) } }
            .sorted { $0.module < $1.module }
    }

    /// What the sandbox of `module`'s running child enforces and lacks; nil before its child has loaded it.
    public func sandboxReport(of module: String) -> ModuleSandboxReport? {
        connections.values.first { $0.module.name == module && $0.sandboxReport != nil }?.sandboxReport
    }

    /// When set (at quit), the moment `shutdown()` stops waiting for the children's last `destroy`s, if
    /// it comes before the end of the one hang timeout they get otherwise.
    public var endBy: ContinuousClock.Instant?

    /// Ends every child now (their instances show nothing more; call when the session ends).
    public func shutdown() {
        isShutDown = true
        waitForSpare()
        spare = nil
        if let (_, connection) = started {
            started = nil
            connection.retire()
            connection.childProcess.reap(block: true)
        }
        if let spareTimer { loop?.cancel(spareTimer) }
        spareTimer = nil
        let all = connections.values
        connections.removeAll()
        // The destroys posted last (the session's tabs closed just before) run before their children
        // end, within one hang timeout in all (or until `endBy`): a module's destroy may save what it has.
        let deadline = min(ContinuousClock.now + settings.hangTimeout, endBy ?? .now + settings.hangTimeout)
        for connection in all where connection.destroysPending { connection.settle(until: deadline) }
        // Every child is asked to end before any is waited for: they end side by side, so quitting with
        // many tabs takes the time of one child's end, not the sum.
        for connection in all { connection.retire() }
        // Instances may keep the connection (and its process object) for a while: reap now.
        for connection in all { connection.childProcess.reap(block: true) }
        for process in ending { process.reap(block: true) }
        ending.removeAll()
    }

    /// The spare child's process id, if one waits (tests).
    public var spareProcessID: Int32? {
        waitForSpare()
        return spare?.pid
    }

    /// The child `startChild(for:)` started that no instance took yet: its module and process id (tests).
    public var startedChild: (module: String, pid: Int32)? {
        started.map { ($0.connection.module.name, $0.connection.pid) }
    }

    /// Reaps the children that were killed, on the loop shortly after; without a loop, those that
    /// exited already now and the others at the next child start or at shutdown (never waiting).
    private func reapEndedSoon() {
        guard let loop else {
            reapEnded()
            return
        }
        _ = loop.schedule(after: .milliseconds(20)) { [weak self] in self?.reapEnded() }
    }

    /// Reaps the killed children that have exited; the others wait for the next call.
    private func reapEnded() {
        ending.removeAll { $0.reap(block: false) != nil }
        if !ending.isEmpty, let loop {
            _ = loop.schedule(after: .milliseconds(100)) { [weak self] in self?.reapEnded() }
        }
    }

    /// The spare child for a module `granted` that, or nil. A spare split ahead stays for the next
    /// module when this one is granted `unrestricted`: its namespaces would confine what must not be.
    private func takeSpare(granted: [String]) -> ModuleHostProcess? {
        waitForSpare()
        if spare?.isSplitAhead == true && granted.contains("unrestricted") { return nil }
        defer { spare = nil }
        return spare
    }

    /// SANDBOX_AHEAD for the spare children, nil when their modules' sandbox is off (or the tests run
    /// it without namespaces).
    private lazy var sandboxAhead = ModuleSandboxAhead(settings: settings)

    /// Waits for the spare child on its way, if any, and keeps it as `spare` (nil if it failed to start).
    private func waitForSpare() {
        guard let pending = spareOnItsWay else { return }
        spareOnItsWay = nil
        spare = try? ModuleHostSpawner.shared.take(pending).get()
    }

    /// Starts the spare child, when none waits (and `settings.keepsSpareChild`), on the spawner's
    /// thread: this returns at once. A session calls it before it reads the modules and the layout:
    /// the first shown tab's child then execs and links on the other core meanwhile, and the `posix_spawn`
    /// that waits for that exec no longer holds the thread that reads them.
    public func startSpareChild() {
        guard settings.keepsSpareChild, spare == nil, spareOnItsWay == nil, !isShutDown else { return }
        let pending =
            ModuleHostSpawner.shared.takeEarly(helper: settings.helperPath)
            ?? ModuleHostSpawner.shared.spawn(helper: settings.helperPath, label: "spare")
        // Its namespaces and split while it waits: a module's start then has only its own part of the sandbox.
        if let sandboxAhead { ModuleHostSpawner.shared.splitAhead(pending, with: sandboxAhead) }
        spareOnItsWay = pending
    }

    /// Starts the first spare child before a command has read its arguments (`tabhost run` calls it
    /// first thing, unless its arguments run modules in process): the first factory's
    /// `startSpareChild()` takes it when it runs the same helper. One left untaken ends with this process.
    public static func startSpareChildEarly(helper: String = IsolationSettings.defaultHelperPath) {
        ModuleHostSpawner.shared.startEarly(helper: helper)
    }

    /// Starts the next spare child (at once without a loop), so the next module (a reload's new
    /// version, a Restart) skips the helper's exec and dynamic linking. With a loop it waits until no
    /// child has a posted call in flight or queued, and starts in the iteration after: the child that
    /// took the spare answers its start and first render, and the front end draws them, before the
    /// new child's exec and linking take a core. A child that stays busy does not hold it back for
    /// longer than `spareDeferLimit`.
    private func prepareSpareSoon() {
        guard settings.keepsSpareChild, spare == nil, spareOnItsWay == nil, !isShutDown else { return }
        guard let loop else {
            startSpareChild()
            return
        }
        guard spareTimer == nil else { return }
        spareWaitsForIdle = true
        spareTimer = loop.schedule(after: Self.spareDeferLimit) { [weak self] in self?.startWantedSpare() }
    }

    /// The longest a wanted spare child waits for busy children.
    static let spareDeferLimit: Duration = .milliseconds(250)

    /// At the end of each loop iteration: once no child has a posted call in flight or queued, the
    /// wanted spare child starts in the next iteration (after the front ends drew this one's replies).
    private func startSpareWhenIdle() {
        guard spareWaitsForIdle, let loop else { return }
        guard !isBusyPosting else { return }
        spareWaitsForIdle = false
        if let spareTimer { loop.cancel(spareTimer) }
        spareTimer = loop.schedule(after: .zero) { [weak self] in self?.startWantedSpare() }
    }

    private func startWantedSpare() {
        spareTimer = nil
        spareWaitsForIdle = false
        startSpareChild()
    }

    /// Says once per module that a layout runs it in the host's process, which `--sandbox` cannot confine.
    func noteUnconfined(_ modules: Set<String>) {
        guard settings.sandbox != .off else { return }
        let line = "runs in the host's process (\"isolation\": \"none\" in the layout), which cannot be confined: "
        for name in modules.sorted() {
            logger.warning("\(line)--sandbox does not apply to it", metadata: ["module": "\(name)"])
        }
    }

    /// Starts the child of `module`'s first instance now, in the spare child, without waiting for it
    /// to open the module: a session calls it as soon as it knows which tab it shows first, so that
    /// the child's sandbox and `dlopen` run while the session finishes its own start, rather than
    /// after it with the loop thread waiting. That instance takes the child (`connection(for:)`);
    /// if none has by the end of the loop's first iteration, the child is retired. Nothing without
    /// a loop or a spare child, or when the instance would get no child (a crash loop, a permission
    /// to ask).
    public func startChild(for module: LoadedModule) {
        let key = ObjectIdentifier(module)
        guard loop != nil, started == nil, !isShutDown, connections[key] == nil, crashes.loop(of: module.name) == nil,
            permissionsToAsk(for: module) == nil
        else { return }
        let granted = granted(to: module)
        guard let spare = takeSpare(granted: granted) else { return }
        // A spare that died meanwhile, or a refusal: the instance's own start says what fails.
        guard
            let connection = try? ModuleHostConnection(
                module: module, settings: settings, logger: logger, spare: spare, granted: granted, waitsForLoad: false)
        else { return }
        started = (key, connection)
        prepareSpareSoon()
    }

    /// Retires the child `startChild(for:)` started when no instance took it in the loop's first
    /// iteration (the session showed another tab first).
    private func retireUnusedStartedChild() {
        guard let (_, connection) = started else { return }
        started = nil
        connection.retire()
        ending.append(connection.childProcess)
        reapEndedSoon()
    }

    /// What `module`'s child is granted now (nothing is read with `--sandbox off`).
    private func granted(to module: LoadedModule) -> [String] {
        guard settings.sandbox != .off else { return [] }
        let found = grants.permissions(for: module.info)
        if let problem = found.problem { logger.warning("grants not read: \(problem)", metadata: ["module": "\(module.name)"]) }
        return found.granted
    }

    /// The running child of `module`'s version, or a new one, started with what the module is granted now.
    func connection(for module: LoadedModule) throws(ModuleError) -> ModuleHostConnection {
        let key = ObjectIdentifier(module)
        if let existing = connections[key], existing.state != .stopped { return existing }
        if loop == nil { reapEnded() }
        // A child started ahead: the one `startChild(for:)` sent this module, else the spare.
        let ahead: ModuleHostConnection?
        let granted: [String]
        if let (startedKey, early) = started, startedKey == key {
            started = nil
            early.calls = calls
            granted = early.granted
            ahead = (try? early.completeLoad()) != nil ? early : nil
        } else {
            granted = self.granted(to: module)
            ahead = takeSpare(granted: granted).flatMap { spare in
                try? ModuleHostConnection(module: module, settings: settings, logger: logger, spare: spare, granted: granted)
            }
        }
        // None, or it died meanwhile (or was killed), or it could not open the module: a fresh child says
        // what really fails.
        let connection: ModuleHostConnection
        if let ahead {
            connection = ahead
        } else {
            connection = try ModuleHostConnection(module: module, settings: settings, logger: logger, granted: granted)
        }
        prepareSpareSoon()
        if let report = connection.sandboxReport, report.missing != 0, warnedMissingLayers.insert(report.missing).inserted {
            logger.warning(
                "sandbox incomplete: \(report.text.dropFirst("sandbox: ".count)) (said once; tabhost permissions shows what this kernel enforces)",
                metadata: ["module": "\(module.name)"])
        }
        connection.onStop = { [weak self] stopped in
            guard let self else { return }
            if connections[key] === stopped { connections[key] = nil }
            ending.append(stopped.childProcess)
            reapEndedSoon()
        }
        connection.onEvent = { [weak self] event in
            guard let self else { return }
            if case .stopped(let failure) = event { childStopped(module, failure) }
            onEvent?(module.info, event)
            instancesChanged()
        }
        connection.onDenied = { [weak self] permission in self?.denied(permission, module: module.name) }
        connection.calls = calls
        connection.checkDataDirectory()
        if let loop { connection.attach(to: loop) }
        connections[key] = connection
        return connection
    }
}
