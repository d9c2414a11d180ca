import FoundationEssentials
import Glibc
import Logging
import SystemPackage
import TabHostClient
import TabHostLoop
import TabHostPoll
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime

/// One live host: the model, the module runtime, hot reload, ticks, state saving, the status line
/// and the log, on one loop thread. Front ends (the terminal, a browser) attach to it as
/// `ScreenSession` clients; none of them holds any of this wiring.
///
/// Every module call and every model mutation happens on the loop's thread (checked in debug
/// builds); modules' own threads reach it only through the tick scheduler's wake-up descriptor,
/// front ends on other threads through `loop.execute`.
public final class HostSession: ScreenSession {
    /// The container model.
    public let host: ContainerHost
    /// Makes and tracks the module-backed controllers.
    public let runtime: ModuleRuntime
    /// Applies module file changes to the running host.
    public let reloader: HotReloader
    /// Where the session's reports and the modules' log lines go.
    public let logger: Logger
    /// The loop every call runs on.
    public let loop: any EventLoop
    /// Where `--state` goes; saved shortly after each action and each module's `save_soon`, and by
    /// `saveStateAtQuit()`.
    public var stateFile: StateFile? {
        didSet { lastStateWritten = nil }
    }
    /// The claim on `stateFile` that keeps a second host off it, held while the session lives.
    public var stateFileLock: StateFileLock?
    /// How long a status message stays on screen.
    public var statusDuration: Duration = .seconds(5)
    /// How soon a module's `save_soon` is carried out (requests meanwhile join it).
    public var saveSoonDelay: Duration = .milliseconds(100)
    /// The shortest time between two writes a module's `save_soon` causes: a module calling it without
    /// pause, with a state of a megabyte, made the host write and sync ten a second.
    public var saveSoonInterval: Duration = .seconds(1)
    /// How long a write of the state file between quits waits for the modules' answers to
    /// `save_state` (never blocking the loop) before it writes what it has.
    public var stateAnswerLimit: Duration = .seconds(1)
    /// How long quitting waits for the modules in all (`saveStateAtQuit()`): their answers to
    /// `save_state` and what was posted to them, then their last `destroy`s, so that `q` quits within
    /// a second however many modules are stuck.
    public var quitWaitLimit: Duration = .milliseconds(500)

    private let watcher: DirectoryWatcher?
    private let directories: [ModuleDirectory]
    private let publisher = ScreenPublisher()
    private var tickTimer: LoopTimerID?
    private var watchTimer: LoopTimerID?
    private var statusTimer: LoopTimerID?
    private var stateTimer: LoopTimerID?
    /// The pending publication of the module calls' timings.
    var callTimingsTimer: LoopTimerID?
    private var stateFailureLogged = false
    /// The modules whose saved states were left out of the state file (for its size), each said once.
    private var statesLeftOut: Set<String> = []
    /// What the state file was last written with: the same again is not written.
    private var lastStateWritten: Data?
    /// When the last write for a `save_soon` began.
    var lastSaveSoon: ContinuousClock.Instant?
    /// The out-of-process modules' children, told at quit how long they may take to end.
    weak var processes: OutOfProcessModuleInstanceFactory?
    /// The pending `save_soon`: its timer and who asked.
    var saveSoonTimer: LoopTimerID?
    var saveSoonRequests: [SaveSoonRequest] = []
    /// The controllers of `saveSoonRequests`, by identity (cleared with them).
    var saveSoonAsked: Set<ObjectIdentifier> = []
    /// The files the registry took from the metadata cache unchecked, until their checks start
    /// (`HostSession+PresumedFiles.swift`); the timer that starts them if the first frame is late.
    var presumedFiles: [PresumedModuleFile] = []
    var presumedCheckTimer: LoopTimerID?
    private var isStarted = false

    /// A session over `host`, whose modules `runtime` makes, watching `directories` when `watch`.
    /// Call on the thread that will run `loop`. A directory that cannot be watched is logged.
    public init(
        host: ContainerHost, runtime: ModuleRuntime, directories: [ModuleDirectory], watch: Bool, logger: Logger,
        loop: any EventLoop = PollEventLoop()
    ) throws {
        self.host = host
        self.runtime = runtime
        self.directories = directories
        self.logger = logger
        self.loop = loop
        reloader = HotReloader(runtime: runtime, host: host)
        reloader.directories = directories
        reloader.isMeantAsTab = { InstalledBundleTabs.tabFlag(moduleFile: $0) ?? true }
        if watch {
            let watcher = try DirectoryWatcher()
            for directory in directories {
                do {
                    // The registry has just listed the directory: its listing is the watcher's start.
                    try watcher.watch(directory: directory.path, known: runtime.registry.listedFileNames(in: directory))
                } catch {
                    logger.error("watch: \(error)")
                }
            }
            self.watcher = watcher
        } else {
            watcher = nil
        }
        // Refused reloads and stopped modules are published for `tabhost inspect` in another terminal.
        reloader.statusFile = HotReloadStatusFile(directory: runtime.registry.loader.copies.directory)
        host.saveSoonHandler = { [weak self] controller in self?.saveSoon(controller) }
        host.laterHandler = { [loop] body in _ = loop.schedule(after: .zero, body) }
    }

    /// Shows the root and starts serving: binds the model to this (the loop) thread, watches the
    /// tick and inotify descriptors, publishes screens at the end of each loop iteration. Idempotent.
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        host.confinement.bind()
        runtime.confinement?.bind()
        host.start()
        loop.watch(runtime.ticks.wakeFileDescriptor) { [weak self] in self?.pumpTicks() }
        if let watcher {
            loop.watch(watcher.fileDescriptor) { [weak self] in self?.pumpWatcher(readable: true) }
        }
        presumedFiles = runtime.registry.takePresumedFiles()
        if !presumedFiles.isEmpty {
            presumedCheckTimer = loop.schedule(after: Self.presumedCheckLimit) { [weak self] in self?.startPresumedChecks() }
        }
        loop.atEndOfIteration { [weak self] in
            self?.publishIfChanged()
            self?.publishCallTimingsSoon()
            self?.startPresumedChecksAfterFirstFrame()
        }
    }

    // MARK: ScreenSession

    /// The screen as it is now (computed from the model's caches: nothing renders unless invalidated).
    public var screen: Screen {
        loop.preconditionInEventLoop()
        return host.screen
    }

    /// The screen once every module answered what it was asked (each isolated module's reply and
    /// pushed view handled, see `ModuleInstanceFactory.settle(until:)`), or as it is at `deadline`:
    /// what a front end shows a moment later. For tests and tools that drive the session by hand.
    public func settledScreen(until deadline: ContinuousClock.Instant = .now + .seconds(5)) -> Screen {
        loop.preconditionInEventLoop()
        var screen = host.screen
        while ContinuousClock.now < deadline {
            // Computing the screen asks idle modules for the views it lacks: settled when it stays the same.
            guard runtime.factory.settle(until: deadline) else { break }
            let next = host.screen
            if next == screen { break }
            screen = next
        }
        return screen
    }

    /// True while an isolated module has not answered what it was posted (its start, a render).
    public var isAwaitingModules: Bool {
        loop.preconditionInEventLoop()
        return runtime.factory.hasPostedCalls
    }

    /// Applies a front end's action and schedules a state save.
    public func perform(_ action: ScreenAction) {
        loop.preconditionInEventLoop()
        _ = host.apply(action)
        scheduleStateSave()
    }

    /// Adds a front end's subscriber.
    @discardableResult
    public func subscribe(_ subscriber: @escaping (Screen) -> Void) -> ScreenSubscription {
        loop.preconditionInEventLoop()
        return publisher.subscribe(subscriber)
    }

    /// Removes a front end's subscriber.
    public func unsubscribe(_ subscription: ScreenSubscription) {
        loop.preconditionInEventLoop()
        publisher.unsubscribe(subscription)
    }

    private func publishIfChanged() {
        guard publisher.hasSubscribers, host.needsRender else { return }
        // Cleared first: an isolated module may invalidate while the screen is computed (its render
        // waits for the child, whose other threads go on), and that asks for the next frame.
        host.needsRender = false
        publisher.publish(host.screen)
    }

    // MARK: Reports

    /// Logs each refusal found at start and says how many there were in the status line.
    public func reportStartupRefusals(_ refusals: [ModuleError], logPath: String) {
        for error in refusals { logger.error("\(error.description)") }
        if !refusals.isEmpty {
            showStatus("\(refusals.count) module file(s) refused: see `tabhost list` or \(logPath)")
        }
    }

    /// Shows `message` in the status line for `duration` (default `statusDuration`), or until the next message.
    public func showStatus(_ message: String, for duration: Duration? = nil) {
        host.status = message
        host.invalidate()
        if let statusTimer { loop.cancel(statusTimer) }
        statusTimer = loop.schedule(after: duration ?? statusDuration) { [weak self] in
            guard let self else { return }
            host.status = nil
            statusTimer = nil
            host.invalidate()
        }
    }

    // MARK: State

    /// Coalesces saves: one write half a second after the last action.
    private func scheduleStateSave() {
        guard stateFile != nil else { return }
        if let stateTimer { loop.cancel(stateTimer) }
        stateTimer = loop.schedule(after: .milliseconds(500)) { [weak self] in
            self?.stateTimer = nil
            self?.saveStateWhenAnswered()
        }
    }

    /// Writes the state file now; a failure is logged once and returned. Unless `waiting`, each module's
    /// state is what it answered or saved last (`Controller.stateWithoutWaiting()`): the loop never waits
    /// on a module for it.
    @discardableResult
    public func saveState(waiting: Bool = true) -> String? {
        guard let stateFile else { return nil }
        let (data, leftOut) = host.saveRestorationWithinFileLimit(waiting: waiting)
        for (module, bytes) in leftOut where statesLeftOut.insert(module).inserted {
            let line =
                "\(module): its saved states (\(bytes) bytes) are left out of \(stateFile.path): with them the file would pass "
                + "its limit of \(RestorationState.maximumFileBytes) bytes; its screens start fresh next time (a module should save less)"
            logger.warning("\(line)", metadata: ["module": "\(module)"])
        }
        if data == lastStateWritten && access(stateFile.path, F_OK) == 0 { return nil }
        let failure = stateFile.save(data)
        lastStateWritten = failure == nil ? data : nil
        if let failure, !stateFailureLogged {
            stateFailureLogged = true
            logger.error("\(failure)")
            // Once, when it happens: the user would otherwise work on believing the state is kept.
            showStatus(failure)
        }
        return failure
    }

    /// Writes the state file at quit, waiting for the modules at most `quitWaitLimit` in all: every
    /// module on the host is asked for its state at once (its children answer side by side, not one
    /// after another's hang timeout), a module that has not answered by the limit is written with the
    /// state it saved last, and the children's last `destroy`s get what is left of the limit. A failure
    /// is logged once and returned.
    @discardableResult
    public func saveStateAtQuit() -> String? {
        let deadline = ContinuousClock.now + quitWaitLimit
        processes?.endBy = deadline
        if stateFile != nil {
            for controller in runtime.controllers where host.contains(controller) { controller.refreshSavedState {} }
        }
        runtime.factory.settle(until: deadline)
        return saveState(waiting: false)
    }

    // MARK: Ticks and file events

    private func pumpTicks() {
        runtime.deliverDueTicks(now: runtime.ticks.now)
        if let tickTimer { loop.cancel(tickTimer) }
        tickTimer = nil
        if let next = runtime.ticks.nextDeadline {
            tickTimer = loop.schedule(after: max(.zero, next - runtime.ticks.now)) { [weak self] in
                self?.tickTimer = nil
                self?.pumpTicks()
            }
        }
    }

    private func pumpWatcher(readable: Bool) {
        guard let watcher else { return }
        let events = readable ? watcher.drain() : watcher.poll()
        applyFileEvents(events)
        let departed = reloader.removeDeparted()
        if !departed.isEmpty {
            show(departed)
            runtime.registry.metadataCache?.save()
        }
        if let watchTimer { loop.cancel(watchTimer) }
        watchTimer = nil
        if let next = [watcher.nextDeadline, reloader.nextDeparture].compactMap({ $0 }).min() {
            watchTimer = loop.schedule(after: max(.zero, next - .now)) { [weak self] in
                self?.watchTimer = nil
                self?.pumpWatcher(readable: false)
            }
        }
    }

    /// Applies file events (the watcher's, or the checks of files taken from the metadata cache): each
    /// report goes to the log and the status line.
    func applyFileEvents(_ events: [ModuleFileEvent]) {
        for event in events where isModuleFile(event.path) {
            show(reloader.apply(event))
        }
        runtime.registry.metadataCache?.save()
    }

    /// Each report to the log and the status line.
    private func show(_ reports: [HotReloadReport]) {
        for report in reports {
            logger.info("\(report.message)")
            // The status line is one row: the file's name is enough there (the log and
            // `tabhost inspect` keep the full path), so the reason itself stays visible.
            let name = FilePath(report.file).lastComponent?.string ?? report.file
            // The message may name the file as given (relative to the directory `run` was started in)
            // or absolute: the absolute form first, or a relative one inside it would leave its head.
            let absolute = ModuleFileReader.absolute(report.file)
            showStatus(report.message.replacing(absolute, with: name).replacing(report.file, with: name))
        }
    }

    /// Only files the module directories would load: the build directory holds other libraries.
    /// An installed bundle's file (`D/D.so`) follows its module directory's rule for `D.so`.
    private func isModuleFile(_ path: String) -> Bool {
        let file = FilePath(path)
        guard let name = file.lastComponent?.string, file.components.count > 1 else { return false }
        let directory = file.removingLastComponent()
        if let watched = directories.first(where: { FilePath($0.path) == directory }) { return watched.isModuleFileName(name) }
        let modules = directory.removingLastComponent()
        guard let watched = directories.first(where: { FilePath($0.path) == modules }) else { return true }
        return directory.lastComponent.map { watched.isModuleRelativePath("\($0.string)/\(name)") } ?? true
    }
}
