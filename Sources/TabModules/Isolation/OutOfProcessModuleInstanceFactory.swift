import Logging

/// Makes instances whose modules run in child processes: one `tabhost-module-host` child per module
/// version, shared by all of that version's instances, started with its first instance and ended
/// with its last (a reload's new version gets a new child; the old one ends with its last instance).
///
/// Main-loop only. Attach the host's loop (`attach(to:)`) so children are watched while no call
/// waits: ticks from a module's threads, its output, a crash or a late reply then arrive at once.
public final class OutOfProcessModuleInstanceFactory: ModuleInstanceFactory {
    /// The helper and the deadlines.
    public let settings: IsolationSettings
    private let logger: Logger
    private var connections: [ObjectIdentifier: ModuleHostConnection] = [:]
    private var loop: (any ModuleProcessLoop)?
    /// A child started ahead, waiting for the next module (see `IsolationSettings.keepsSpareChild`).
    private var spare: ModuleHostProcess?
    private var isShutDown = false
    /// Children killed and not reaped yet (their process objects reap them when they go).
    private var ending: [ModuleHostProcess] = []
    /// Told when a child stops, stops answering or answers again (the session's status line).
    public var onEvent: ((ModuleInfo, ModuleProcessEvent) -> Void)?

    /// A factory whose children's output and reports go to `logger` (with the module's name as metadata).
    public init(settings: IsolationSettings = IsolationSettings(), logger: Logger) {
        self.settings = settings
        self.logger = logger
    }

    deinit {
        shutdown()
    }

    /// Watches every child, present and future, on `loop`.
    public func attach(to loop: any ModuleProcessLoop) {
        self.loop = loop
        for connection in connections.values { connection.attach(to: loop) }
    }

    /// A new instance in the child of `module`'s version (started now, or the spare child, when none runs).
    public func makeInstance(
        of module: LoadedModule, environment: ModuleInstanceEnvironment, delegate: (any ModuleHostDelegate)?
    ) throws(ModuleError) -> any ModuleInstance {
        let connection = try connection(for: module)
        return try OutOfProcessModuleInstance(
            module: module, connection: connection, factory: self, environment: environment, delegate: delegate)
    }

    /// The process ids of the running children, by module name (tests, reports).
    public var childProcesses: [(module: String, pid: Int32)] {
        connections.values.compactMap { connection in connection.livePID.map { (connection.module.name, $0) } }
            .sorted { $0.module < $1.module }
    }

    /// Ends every child now (their instances show nothing more; call when the session ends).
    public func shutdown() {
        isShutDown = true
        spare = nil
        let all = connections.values
        connections.removeAll()
        for connection in all {
            connection.retire()
            // Instances may keep the connection (and its process object) for a while: reap now.
            connection.childProcess.reap(block: true)
        }
        for process in ending { process.reap(block: true) }
        ending.removeAll()
    }

    /// The spare child's process id, if one waits (tests).
    public var spareProcessID: Int32? { spare?.pid }

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

    private func takeSpare() -> ModuleHostProcess? {
        defer { spare = nil }
        return spare
    }

    /// Starts the next spare child after the current loop iteration (at once without a loop), so the
    /// next module (a reload's new version, a Restart) skips the helper's exec and dynamic linking.
    private func prepareSpareSoon() {
        guard settings.keepsSpareChild, spare == nil, !isShutDown else { return }
        let start: () -> Void = { [weak self] in
            guard let self, spare == nil, !isShutDown else { return }
            spare = try? ModuleHostProcess(helper: settings.helperPath, label: "spare")
        }
        if let loop {
            _ = loop.schedule(after: .zero, start)
        } else {
            start()
        }
    }

    /// The running child of `module`'s version, or a new one.
    func connection(for module: LoadedModule) throws(ModuleError) -> ModuleHostConnection {
        let key = ObjectIdentifier(module)
        if let existing = connections[key], existing.state != .stopped { return existing }
        if loop == nil { reapEnded() }
        let connection: ModuleHostConnection
        if let spare = takeSpare() {
            do {
                connection = try ModuleHostConnection(module: module, settings: settings, logger: logger, spare: spare)
            } catch {
                // The spare died meanwhile (or was killed): a fresh child says what really fails.
                connection = try ModuleHostConnection(module: module, settings: settings, logger: logger)
            }
        } else {
            connection = try ModuleHostConnection(module: module, settings: settings, logger: logger)
        }
        prepareSpareSoon()
        connection.onStop = { [weak self] stopped in
            guard let self else { return }
            if connections[key] === stopped { connections[key] = nil }
            ending.append(stopped.childProcess)
            reapEndedSoon()
        }
        connection.onEvent = { [weak self] event in self?.onEvent?(module.info, event) }
        if let loop { connection.attach(to: loop) }
        connections[key] = connection
        return connection
    }
}
