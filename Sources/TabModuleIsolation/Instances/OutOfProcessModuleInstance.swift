import Synchronization
import TabKit
import TabModuleLoading
import TabModuleRuntime
import _CIsolation

/// A module instance whose module runs in a child process (`tabhost-module-host`), one child per
/// module version shared by all its instances: every descriptor function and every host API call
/// crosses the boundary, and a crash or hang stays on this instance's screen.
///
/// - Crash: the screen shows "<Title> stopped: SIGSEGV in event "segv"" with a Restart button;
///   Restart starts a new child (or joins the module's new one), creates, starts with the last
///   param and restores the state last saved (saved after handled events at most once per
///   `snapshotInterval`, and on every `saveState`). With a state saved, a second button, Restart
///   without saved state, does the same but leaves that state out (and drops it): a state that
///   crashes the module's `restore_state` is escaped that way.
/// - Crash loop: an instance made while its module is held after repeated crashes starts no child;
///   it shows the stopped screen (with the crash count) until the user chooses Restart, and keeps the
///   param and state it is given for then.
/// - Never waited on: `create`, `start` and `restore_state` that nothing nests and no reload waits
///   for (`ModuleInstanceEnvironment.waitsForAnswers`), `render`, `event`, `appearance`, and the
///   `save_state` of `refreshSavedState` are posted (sent when the child is free, in order, their
///   replies handled when they come). A posted `create` that fails shows on the tab as a refused one
///   in process would; a posted `restore_state` that is refused goes to the delegate. `render()`
///   returns the last view the child sent (its kept frame; a one-line placeholder with the title
///   before the first) and asks for a new one when the module invalidated; after an event on a shown
///   tab the child pushes the new view itself (`FRAME`).
/// - Slow: after `ModuleHostConnection.busyAfter` with a call the user waits on, `isBusy` (the tab's
///   busy mark); past the hang timeout the view starts with one line, "<Title> is not responding
///   (render, 1.2 s) — Wait · Restart"; at the kill timeout the child is killed (the stopped screen).
///
/// Main-loop only. `destroy` runs once, never in the middle of one of this instance's calls.
package final class OutOfProcessModuleInstance: ModuleInstance {
    /// The action id of the Restart button on a stopped module's screen.
    package static let restartAction = "tabhost:restart"
    /// The action id of the Restart without saved state button on a stopped module's screen.
    package static let restartWithoutStateAction = "tabhost:restart-without-state"
    /// The action id of Wait on the not-responding line.
    package static let waitAction = "tabhost:wait"
    /// The action id of Restart on the not-responding line: kills the stuck child and restarts.
    package static let restartStuckAction = "tabhost:restart-stuck"
    /// The action id of Restart without saved state on the not-responding line.
    package static let restartStuckWithoutStateAction = "tabhost:restart-stuck-without-state"
    /// The action id of Allow on the permission prompt.
    package static let allowAction = "tabhost:allow"
    /// The action id of Not now on the permission prompt.
    package static let notNowAction = "tabhost:not-now"
    /// Out-of-process ids live in the upper half, so they never meet in-process ones (ticks route by id).
    private static let nextID = Atomic<UInt64>(1 << 63)

    package let id: UInt64
    package let moduleName: String
    package weak var delegate: (any ModuleInstanceDelegate)?
    /// The module version this instance runs (kept for Restart).
    let module: LoadedModule
    /// The child it runs in now (a new one after Restart); nil while held after a crash loop.
    private(set) var connection: ModuleHostConnection?
    /// Why the child stopped under this instance; nil while it runs.
    private(set) var failure: ModuleHostFailure?
    private(set) weak var factory: OutOfProcessModuleInstanceFactory?
    let environment: ModuleInstanceEnvironment
    private let resourceDirectory: String
    private let settings: IsolationSettings
    private var alive = true
    private var callDepth = 0
    private var destroyPending = false
    /// The last `start` param (`.some(nil)`: started without one); nil until started.
    private var startedWith: String??
    /// What the module last saved, for Restart.
    private(set) var savedState: [UInt8]?
    /// What the module's last `save_state` answered (`.some(nil)`: nothing) while it has had no other
    /// call since: `saveState()` gives it without asking. nil: ask.
    private var answeredState: [UInt8]??
    /// Counts the calls that may change the module's state (every call but `save_state`, and what its
    /// threads tell): an answer to a `save_state` posted before the last of them is not current.
    private var stateGeneration = 0
    /// A `refreshSavedState` is on its way: `saveState()` does not wait behind it.
    private var refreshPending = false
    private var lastSnapshot: ContinuousClock.Instant?
    /// The title for messages: the descriptor's, or the last one the module set.
    private(set) var title: String
    /// The last view the child sent: shown at once whenever the tab is drawn (its kept frame).
    private var keptTree: ViewTree?
    /// The last view the child sent, as kept (reading it asks the child for nothing, unlike `render()`).
    package var keptView: ViewTree? { keptTree }
    /// The module invalidated since `keptTree` was made: the next `render()` asks for a new one.
    private var stale = true
    /// The rows of each lazy list (ABI 1.3) the front ends last asked to see, those the RENDER in
    /// flight names, and those the child holds (it draws the FRAMEs it pushes over them).
    private var wantedListWindows: [String: Range<Int>] = [:]
    private var postedListWindows: [String: Range<Int>]?
    private var childListWindows: [String: Range<Int>] = [:]
    /// When the user's input began that the event the child handles now answers (nil: none, or not
    /// the user's): the module's calls until its reply count as part of that input (`copy_text`).
    private var userInputInFlight: ContinuousClock.Instant?
    /// A RENDER of this instance is queued or in flight.
    private var renderPosted = false
    /// Invalidated while that render was posted: another one follows it.
    private var renderAgain = false
    /// Posted events of this instance not answered yet.
    private var pendingEvents = 0
    /// The ticks and timers (by id) queued for it and not sent yet.
    private var queuedClocks: Set<String> = []
    /// Shown (rendered, or appearing) and not disappeared since: its events ask for a pushed frame, and
    /// its module's threads' invalidates are pushed frames too (`SHOWN`).
    private var shown = false {
        didSet { tellChildShown() }
    }
    /// What the child was last told of `shown` (nothing yet: hidden, as it starts).
    private var childShown = false
    /// A new view came and the host was told: its next `render()` is the host drawing it. Any other
    /// `render()` is the host's own wish for a new view (a tab bar's items changed, everything was
    /// invalidated), which only the host knows the moment of.
    private var freshPending = false
    /// `data_dir` could not be made: later calls answer NULL without another line (as in process).
    var dataDirFailed = false
    /// What the module asks for and was not granted, while its tab asks the user (no child yet).
    private(set) var permissionRequest: [String]?
    /// Why the child could not start after the user answered the prompt.
    private var startRefusal: String?
    /// Its posted `create` is not answered yet: nothing may reach the child for it outside the queue
    /// of posted calls (`SHOWN`), which would overtake the `create`.
    private var creating = false
    /// Why its posted `create` failed: the tab shows it, and the instance counts as stopped (a reload
    /// replaces it, and a state given to it is kept for that).
    private var createRefusal: ModuleError?

    /// Creates the instance in `connection`'s child. Throws `createFailed` when the module's
    /// `create` returned NULL, `processFailed` when the child stopped or did not answer.
    ///
    /// The `create` is posted instead (the tab shows its title line until the module answers, and
    /// the refusal after) unless `environment.waitsForAnswers`, a module's own request nests it, or no
    /// loop watches the child.
    convenience init(
        module: LoadedModule, connection: ModuleHostConnection, factory: OutOfProcessModuleInstanceFactory,
        environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) throws(ModuleError) {
        self.init(module: module, connection: connection, failure: nil, factory: factory, environment: environment, delegate: delegate)
        try createInChild { instance, refusal in
            instance.createRefusal = refusal
            instance.delegate?.moduleLog(level: .error, message: "not started: \(refusal.description)")
        }
    }

    /// An instance of a module held after a crash loop: no child until the user chooses Restart; until
    /// then it shows `failure` (the crash that started the loop) with Restart.
    convenience init(
        module: LoadedModule, heldAfter failure: ModuleHostFailure, factory: OutOfProcessModuleInstanceFactory,
        environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) {
        self.init(module: module, connection: nil, failure: failure, factory: factory, environment: environment, delegate: delegate)
    }

    /// An instance of a module that asks for permissions it was not granted: no child until the user
    /// answers the prompt its tab shows (`missing`, with Allow and Not now); the factory then starts it
    /// (`resumeAfterPermissionAnswer()`), with the param and state it was given meanwhile.
    convenience init(
        module: LoadedModule, asking missing: [String], factory: OutOfProcessModuleInstanceFactory,
        environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) {
        self.init(module: module, connection: nil, failure: nil, factory: factory, environment: environment, delegate: delegate)
        permissionRequest = missing
    }

    private init(
        module: LoadedModule, connection: ModuleHostConnection?, failure: ModuleHostFailure?,
        factory: OutOfProcessModuleInstanceFactory, environment: ModuleInstanceEnvironment,
        delegate: (any ModuleInstanceDelegate)?
    ) {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        moduleName = module.name
        self.module = module
        self.connection = connection
        self.failure = failure
        self.factory = factory
        settings = factory.settings
        self.environment = environment
        self.delegate = delegate
        title = module.info.title
        resourceDirectory = ModuleFileReader.parentDirectory(of: module.info.sourcePath)
        environment.confinement?.assertConfined("\(module.name) create")
    }

    deinit {
        if alive { destroyNow() }
    }

    package var isAlive: Bool { alive }

    /// True while the child has not answered a call within the hang timeout.
    package var isNotResponding: Bool {
        failure == nil && (connection?.state == .unresponsive || connection?.busy == .notResponding)
    }

    /// True while its child works on a call past the busy threshold (the tab's busy mark).
    package var isBusy: Bool { failure == nil && connection.map { $0.busy != .idle || $0.state == .unresponsive } == true }

    /// True while it shows the stopped screen (its child stopped, or it is held), or its posted
    /// `create` failed.
    package var isStopped: Bool { failure != nil || createRefusal != nil }

    /// A child that ended unseen is read to its end now (what it sent last, then its exit).
    package func noticeStop() {
        guard failure == nil, let connection, !connection.isRunning else { return }
        connection.pump()
    }

    /// True while it has no child: held after its module's crash loop until the user's Restart, or
    /// waiting for the answer to its permission prompt.
    package var isHeld: Bool { connection == nil }

    /// True while its tab asks the user for the permissions the module was not granted.
    package var isAskingPermission: Bool { permissionRequest != nil }

    // MARK: ModuleInstance

    package func start(param: String?) {
        startedWith = .some(param)
        var writer = WireWriter(.start)
        writer.u64(id)
        writer.string(param)
        // Made inside a module's own request (its push, present or add_tab from its start or an event),
        // it nests and is waited for: a chain of starts that each push the next is refused at the depth
        // limit, as in process. Otherwise (a tab the user opens, a screen an in-process module pushes)
        // it is posted: the tab shows its title line, and the busy mark and the not-responding line as
        // for a render, until the module's start returns.
        if servesARequest {
            _ = call(writer, ModuleCall(.start, instance: id))
        } else {
            post(writer, ModuleCall(.start, instance: id), userWaits: true) { _ in }
        }
    }

    package func render() -> ViewTree { render(listWindows: [:]) }

    package func render(listWindows: [String: Range<Int>]) -> ViewTree {
        environment.confinement?.assertConfined("\(moduleName) render")
        if let permissionRequest { return permissionTree(permissionRequest) }
        if let startRefusal { return ViewTree([.text("\(title) could not start: \(startRefusal)")]) }
        if let createRefusal { return ViewTree([.text(createRefusal.description)]) }
        if let failure { return stoppedTree(failure) }
        if listWindows != wantedListWindows {
            wantedListWindows = listWindows
            if listWindows != childListWindows { stale = true }
        }
        if !shown { shown = true }
        // Ended by the host (its factory went away): nothing to show.
        guard alive, let connection, connection.state != .stopped else { return ViewTree([]) }
        // No loop watches the child (a command or test without one): what it sent, or its end, is read now.
        if connection.loop == nil { connection.pump() }
        if let failure { return stoppedTree(failure) }
        if !freshPending { stale = true }
        freshPending = false
        // An event on its way pushes the new view itself.
        if stale && pendingEvents == 0 && !renderPosted && connection.awaitsFrame != id { postRender() }
        // Found gone on the way (no loop watched it): the stopped screen at once.
        if let failure { return stoppedTree(failure) }
        let tree = keptTree ?? ViewTree([.text(title)], awaitsModule: true)
        guard let line = notRespondingLine() else { return tree }
        // The line is something to act on: keys typed for the screen go to it now.
        var shown = tree
        shown.nodes.insert(line, at: 0)
        shown.awaitsModule = false
        return shown
    }

    /// The kept view is out of date: the next `render()` asks the child.
    func invalidateKeptView() {
        freshPending = false
        stale = true
    }

    /// Asks the child for a new view (an invalidate while it is posted asks for one more after it).
    private func postRender() {
        renderPosted = true
        var writer = WireWriter(.render)
        writer.u64(id)
        WireViewTree.encode(wantedListWindows, into: &writer)
        postedListWindows = wantedListWindows
        post(writer, ModuleCall(.render, instance: id), userWaits: true) { [weak self] reply in
            self?.rendered(reply)
        }
    }

    /// A render's reply: kept and shown (the host draws it at once).
    private func rendered(_ reply: ModuleHostConnection.Reply) {
        renderPosted = false
        let windows = postedListWindows ?? childListWindows
        postedListWindows = nil
        guard alive else { return }
        switch reply {
        case .replied(var reader):
            // The child keeps the windows a RENDER named for the frames it pushes after it.
            childListWindows = windows
            keptTree =
                (try? decodeTree(&reader, listWindows: windows))
                ?? ViewTree([.text("\(title): the module's process sent a malformed view")])
        case .failed(let reason):
            keptTree = ViewTree([.text("\(title): \(reason)")])
        case .unavailable:
            return  // stopped: connectionChanged shows it
        }
        stale = renderAgain || wantedListWindows != childListWindows
        renderAgain = false
        freshPending = !stale
        delegate?.moduleDidInvalidate()
    }

    package func send(_ event: ModuleEvent, focus: String?) {
        if permissionRequest != nil {
            if event == .action(Self.allowAction) { factory?.answerPermissionRequest(of: module, allow: true) }
            if event == .action(Self.notNowAction) { factory?.answerPermissionRequest(of: module, allow: false) }
            return
        }
        if failure != nil {
            if event == .action(Self.restartAction) { restart(restoringState: true) }
            if event == .action(Self.restartWithoutStateAction) { restart(restoringState: false) }
            return
        }
        if case .action(let action) = event, handleNotRespondingAction(action) { return }
        guard module.info.functions.contains(.event) else { return }
        var writer = WireWriter(.event)
        writer.u64(id)
        let fields = event.cFields
        writer.u32(fields.type)
        writer.string(fields.action)
        writer.u32(fields.key)
        writer.string(fields.value)
        writer.string(focus)
        let detail: String
        switch event {
        case .action(let action): detail = "\"\(action)\""
        case .key(let key): detail = "(key \(key))"
        case .tick: detail = "(tick)"
        default: detail = "(\(fields.action.map { "\"\($0)\"" } ?? "event \(fields.type)"))"
        }
        // A module built before 1.2 is taken to change with every event, as in process.
        if module.info.abiMinor < 2 { stale = true }
        // A tick or a timer already waiting for a busy child is not queued twice (they are not input:
        // one firing stands for those a busy module missed, as a late tick does in process).
        let clock: String?
        switch event {
        case .tick: clock = "tick"
        case .timer(let timer): clock = "timer " + timer
        default: clock = nil
        }
        if let clock {
            guard !queuedClocks.contains(clock) else { return }
            queuedClocks.insert(clock)
        }
        let input = clock == nil
        pendingEvents += 1
        // What the module calls while it handles a user's event (copy_text) arrives after this returns.
        let userInputBegan = delegate?.moduleUserInputBegan()
        let posted = post(
            writer, ModuleCall(.event, instance: id, detail: detail), userWaits: input, isInput: input,
            finish: { [weak self] writer in
                if let clock { self?.queuedClocks.remove(clock) }
                writer.u8(self?.frameRule() ?? 0)
                self?.userInputInFlight = userInputBegan
            },
            handler: { [weak self] reply in
                self?.userInputInFlight = nil
                self?.eventHandled(reply)
            })
        if !posted {
            pendingEvents -= 1
            if let clock { queuedClocks.remove(clock) }
        }
    }

    /// EVENT's frame rule, when it is sent: a frame only for a shown tab and the last of its queued
    /// events (a burst of keys pushes one frame); always when the host's view of it is stale.
    private func frameRule() -> UInt8 {
        guard shown, alive, let connection, !connection.hasQueuedEvent(for: id) else { return 0 }
        return UInt8(stale ? TABHOST_WIRE_FRAME_ALWAYS.rawValue : TABHOST_WIRE_FRAME_IF_CHANGED.rawValue)
    }

    private func eventHandled(_ reply: ModuleHostConnection.Reply) {
        pendingEvents -= 1
        guard alive, case .replied = reply else { return }
        snapshotIfDue()
        // Invalidated without a pushed frame (from another thread, or while hidden): drawn on demand.
        if stale && shown && pendingEvents == 0 && connection?.awaitsFrame != id { delegate?.moduleDidInvalidate() }
    }

    package func appearance(_ phase: AppearancePhase) {
        shown = phase == .willAppear || phase == .didAppear
        guard module.info.functions.contains(.appearance) else { return }
        var writer = WireWriter(.appearance)
        writer.u64(id)
        writer.i32(Int32(phase.cValue.rawValue))
        post(writer, ModuleCall(.appearance, instance: id), userWaits: shown) { _ in }
    }

    package func saveState() -> [UInt8]? {
        // A stopped module's last saved state is still its state (a reload moves it over).
        if failure != nil || permissionRequest != nil || createRefusal != nil { return savedState }
        guard module.info.functions.contains(.saveState) else { return nil }
        if let answeredState { return answeredState }
        var writer = WireWriter(.saveState)
        writer.u64(id)
        // A child busy past the mark, or still answering a refresh, does not hold up the loop: the
        // snapshot it saved last stands in.
        if connection?.busy != .idle || refreshPending { return savedState }
        // What the module's threads tell during the call may come after it saved.
        let generation = stateGeneration
        let reply = call(writer, ModuleCall(.saveState, instance: id))
        // Stopped during the call: what it saved last is all there is.
        if failure != nil { return savedState }
        return keepAnswered(reply, generation: generation)
    }

    package func stateWithoutWaiting() -> [UInt8]? {
        guard failure == nil, permissionRequest == nil, createRefusal == nil else { return savedState }
        guard module.info.functions.contains(.saveState) else { return nil }
        return answeredState ?? savedState
    }

    package func refreshSavedState(then done: @escaping () -> Void) {
        guard alive, failure == nil, permissionRequest == nil, createRefusal == nil, !refreshPending,
            answeredState == nil, module.info.functions.contains(.saveState), connection?.busy == .idle
        else {
            done()
            return
        }
        refreshPending = true
        let posted = postSaveState { [weak self] in
            self?.refreshPending = false
            done()
        }
        if !posted {
            refreshPending = false
            done()
        }
    }

    /// A save_state reply: the bytes (kept for Restart, and as the current answer while nothing
    /// was asked of the module since `generation`); nil when nothing (or too much) was saved.
    private func keepAnswered(_ reply: ModuleHostConnection.Reply, generation: Int) -> [UInt8]? {
        guard case .replied = reply else { return nil }
        let bytes = keepSaved(reply)
        if generation == stateGeneration { answeredState = .some(bytes) }
        return bytes
    }

    /// A save_state reply: the bytes, kept for Restart; nil when nothing (or too much) was saved.
    private func keepSaved(_ reply: ModuleHostConnection.Reply) -> [UInt8]? {
        guard case .replied(var reader) = reply, (try? reader.u8()) == 1, let bytes = try? reader.data() else { return nil }
        guard bytes.count <= ModuleLimits.maximumStateBytes else {
            delegate?.moduleLog(level: .warning, message: ModuleLimits.stateRefusal(UInt(bytes.count)))
            return nil
        }
        savedState = bytes
        lastSnapshot = .now
        return bytes
    }

    package func restoreState(_ state: [UInt8]) -> Bool {
        guard module.info.functions.contains(.restoreState) else { return false }
        if isHeld || createRefusal != nil {
            // Restored in the child the user's Restart starts (a reload moves state into a held
            // instance, or into the version that replaces one whose create failed).
            savedState = state
            return true
        }
        guard failure == nil else { return false }
        // Not waited for unless a reload needs the answer now, a module's request nests it, or no loop
        // watches the child: it reaches the module after its create and start, and a refusal is
        // handed to the delegate when it comes. Kept meanwhile: a restore that crashes the module
        // leaves Restart and Restart without saved state.
        if !environment.waitsForAnswers && !servesARequest && connection?.loop != nil {
            savedState = state
            postRestore(state) { instance in
                if instance.savedState == state { instance.savedState = nil }
                instance.delegate?.moduleRefusedState(state)
            }
            return true
        }
        // Its posted create and start go first: the create may turn out refused.
        sendQueuedCalls()
        if createRefusal != nil {
            savedState = state
            return true
        }
        var writer = WireWriter(.restoreState)
        writer.u64(id)
        writer.data(state)
        guard case .replied(var reader) = call(writer, ModuleCall(.restoreState, instance: id)),
            (try? reader.u8()) == 1
        else { return false }
        savedState = state
        return true
    }

    package func destroy() {
        environment.confinement?.assertConfined("\(moduleName) destroy")
        guard alive else { return }
        if callDepth > 0 {
            destroyPending = true
        } else {
            destroyNow()
        }
    }

    /// One posted call on this instance (see `ModuleHostConnection.post`); nothing when it is stopped.
    @discardableResult
    private func post(
        _ writer: WireWriter, _ moduleCall: ModuleCall, userWaits: Bool, isInput: Bool = false,
        finish: ((inout WireWriter) -> Void)? = nil, handler: @escaping (ModuleHostConnection.Reply) -> Void
    ) -> Bool {
        // After a refused create the child has no such instance: nothing to send it.
        guard alive, failure == nil, createRefusal == nil, let connection else { return false }
        environment.confinement?.assertConfined("\(moduleName) \(moduleCall.function.functionName)")
        mayChangeState(moduleCall)
        return connection.post(writer, call: moduleCall, userWaits: userWaits, isInput: isInput, finish: finish, handler: handler)
    }

    // MARK: Calls

    /// One request on this instance, with the re-entrancy bookkeeping of the in-process instance:
    /// a module that pops itself from inside `event` is destroyed after that call returns.
    private func call(_ writer: WireWriter, _ moduleCall: ModuleCall) -> ModuleHostConnection.Reply {
        guard alive, failure == nil, createRefusal == nil, sendQueuedCalls(), let connection else { return .unavailable }
        environment.confinement?.assertConfined("\(moduleName) \(moduleCall.function.functionName)")
        mayChangeState(moduleCall)
        return withExtendedLifetime(self) {
            callDepth += 1
            let reply = connection.request(writer, call: moduleCall)
            callDepth -= 1
            if callDepth == 0 && destroyPending {
                destroyPending = false
                destroyNow()
            }
            return reply
        }
    }

    /// Every call but `save_state` may change what the module would save: its last answer is not
    /// current any more.
    private func mayChangeState(_ moduleCall: ModuleCall) {
        guard moduleCall.function != .saveState else { return }
        stateGeneration &+= 1
        answeredState = nil
    }

    private func destroyNow() {
        guard alive else { return }
        // A stopped or unresponsive screen that goes may leave its module fine everywhere else.
        let hadState = failure != nil || isNotResponding
        alive = false
        delegate = nil
        environment.ticks.cancel(id)
        connection?.destroy(id)
        // A module thread may have scheduled a tick until destroy stopped it.
        environment.ticks.cancel(id)
        if hadState { factory?.instancesChanged() }
    }

    /// A waited call sends nothing ahead of what was posted for this instance before it (its create,
    /// its start): those go first, within the hang timeout. Not inside a child's request: what is in
    /// flight there cannot finish until the host returns. False when they could not all go in time.
    @discardableResult
    private func sendQueuedCalls() -> Bool {
        guard !servesARequest, let connection, connection.loop != nil else { return true }
        return connection.sendQueued(for: id, until: .now + settings.hangTimeout)
    }

    /// The module's `create` in the child. Waited for (a refusal throws) when
    /// `environment.waitsForAnswers`, a module's own request nests it, or no loop watches the child;
    /// posted otherwise, and `refused` gets a refusal when its reply comes.
    private func createInChild(refused: @escaping (OutOfProcessModuleInstance, ModuleError) -> Void) throws(ModuleError) {
        guard let connection else { return }
        connection.register(self)
        if environment.waitsForAnswers || servesARequest || connection.loop == nil {
            try created(connection.create(id))
        } else {
            postCreate(refused: refused)
        }
    }

    /// `create` posted: the tab shows its kept view (its title line before the first) meanwhile, with
    /// the busy mark and the not-responding line as for a render; what the host asks of the instance
    /// queues behind it.
    private func postCreate(refused: @escaping (OutOfProcessModuleInstance, ModuleError) -> Void) {
        guard let connection else { return }
        creating = true
        var writer = WireWriter(.create)
        writer.u64(id)
        let posted = post(writer, ModuleCall(.create, instance: id), userWaits: true) { [weak self] reply in
            guard let self, self.alive else { return }
            self.creating = false
            // Stopped meanwhile: the stopped screen says so, and its Restart creates again.
            if case .unavailable = reply, self.failure != nil { return }
            do throws(ModuleError) {
                try self.created(reply)
            } catch {
                refused(self, error)
                self.factory?.instancesChanged()
                self.delegate?.moduleBusyChanged()
                self.delegate?.moduleDidInvalidate()
            }
        }
        if !posted {
            creating = false
            connection.unregister(id)
            refused(
                self,
                ModuleError(
                    .processFailed, module: moduleName, path: module.info.sourcePath,
                    reason: "its process has \(ModuleHostConnection.maximumQueuedCalls) calls waiting already",
                    hint: "close some of its tabs, or restart it"))
        }
    }

    /// `create`'s reply: a new child (a Restart's) is told of the tab; a refusal throws.
    private func created(_ reply: ModuleHostConnection.Reply) throws(ModuleError) {
        guard let connection else { return }
        switch reply {
        case .replied(var reader) where (try? reader.u8()) == 1:
            // A new child (a Restart's) knows nothing of the tab yet.
            childShown = false
            tellChildShown()
            return
        case .replied:
            connection.unregister(id)
            environment.ticks.cancel(id)
            throw ModuleError(
                .createFailed, module: moduleName, path: module.info.sourcePath, reason: "create() returned NULL",
                hint: "check the module's log output and its create function")
        case .failed(let reason):
            connection.unregister(id)
            throw ModuleError(
                .processFailed, module: moduleName, path: module.info.sourcePath, reason: "its process refused create: \(reason)",
                hint: "check the module's log output")
        case .unavailable:
            let why = connection.failure?.description ?? "it did not answer create"
            connection.unregister(id)
            throw ModuleError(
                .processFailed, module: moduleName, path: module.info.sourcePath, reason: "its process stopped: \(why)",
                hint: "check the module's log output and its create function")
        }
    }

    /// After a handled event, saves the module's state for Restart at most once per interval.
    private func snapshotIfDue() {
        guard module.info.functions.contains(.saveState), alive, failure == nil else { return }
        let interval = settings.snapshotInterval
        if let lastSnapshot, ContinuousClock.now - lastSnapshot < interval { return }
        lastSnapshot = .now
        postSaveState()
    }

    /// `save_state` posted (a snapshot, a refresh): its answer is kept (`keepAnswered`), then
    /// `answered` runs, whatever the reply. False when nothing was posted.
    @discardableResult
    private func postSaveState(then answered: @escaping () -> Void = {}) -> Bool {
        var writer = WireWriter(.saveState)
        writer.u64(id)
        let generation = stateGeneration
        return post(writer, ModuleCall(.saveState, instance: id), userWaits: false) { [weak self] reply in
            if let self, self.alive, self.failure == nil { _ = self.keepAnswered(reply, generation: generation) }
            answered()
        }
    }

    /// Restart (the user's choice, so it also ends a crash loop): a new child (or the module's
    /// current one), then create, start, and restore the state last saved unless `restoringState`
    /// is false: then that state is dropped (once the module runs again), so neither a later Restart
    /// nor a reload brings it back.
    func restart(restoringState: Bool) {
        guard let factory, failure != nil, alive else { return }
        let previous = failure
        defer { factory.instancesChanged() }
        do {
            let fresh = try factory.restartConnection(for: module)
            connection = fresh
            failure = nil
            try createInChild { instance, refusal in instance.restartRefused(refusal, after: previous) }
        } catch {
            restartRefused(error, after: previous)
            return
        }
        let after = previous?.description ?? "stopping"
        if restoringState {
            delegate?.moduleLog(level: .info, message: "restarted after \(after)")
        } else {
            let dropped = savedState.map { " (\($0.count) bytes dropped)" } ?? " (none was saved)"
            delegate?.moduleLog(level: .info, message: "restarted after \(after), without its saved state\(dropped)")
            savedState = nil
        }
        if let startedWith { start(param: startedWith) }
        if restoringState, let savedState {
            postRestore(savedState) { instance in
                instance.delegate?.moduleLog(level: .warning, message: "restart: the module did not restore its saved state")
            }
        }
        delegate?.moduleDidInvalidate()
    }

    /// The new child refused Restart's `create`: the stopped screen stays, with its Restart.
    private func restartRefused(_ error: ModuleError, after previous: ModuleHostFailure?) {
        failure = previous
        delegate?.moduleLog(level: .error, message: "restart failed: \(error.description)")
        delegate?.moduleDidInvalidate()
    }

    /// The user answered the permission prompt (here or on another tab of the module): starts the child
    /// with what is granted now, then create, start with the param it was given, and restore the state
    /// a reload moved in.
    func resumeAfterPermissionAnswer() {
        guard let factory, alive, permissionRequest != nil else { return }
        permissionRequest = nil
        defer { delegate?.moduleDidInvalidate() }
        do {
            connection = try factory.connection(for: module)
            try createInChild { instance, refusal in instance.notStarted(refusal) }
        } catch {
            notStarted(error)
            return
        }
        if let startedWith { start(param: startedWith) }
        if let savedState {
            postRestore(savedState) { instance in
                instance.delegate?.moduleLog(level: .warning, message: "the module did not restore its saved state")
            }
        }
    }

    /// The child could not start after the permission answer, or refused its `create`: the tab says why.
    private func notStarted(_ error: ModuleError) {
        connection = nil
        startRefusal = error.description
        delegate?.moduleLog(level: .error, message: "not started: \(error.description)")
        delegate?.moduleDidInvalidate()
    }

    /// restore_state posted behind the instance's start (a Restart's, a permission answer's, one at
    /// launch): the caller returns at once, and what follows reaches the module after the state.
    /// `refused` runs when the module refuses it; a restore that crashes the child says so itself (the
    /// stopped screen), and one whose instance's posted create failed keeps the state for the version
    /// that replaces it.
    private func postRestore(_ state: [UInt8], refused: @escaping (OutOfProcessModuleInstance) -> Void) {
        guard module.info.functions.contains(.restoreState) else { return }
        var writer = WireWriter(.restoreState)
        writer.u64(id)
        writer.data(state)
        post(writer, ModuleCall(.restoreState, instance: id), userWaits: true) { [weak self] reply in
            guard let self, self.alive else { return }
            if self.createRefusal != nil {
                self.savedState = state
                return
            }
            guard self.failure == nil else { return }
            if case .replied(var reader) = reply, (try? reader.u8()) == 1 { return }
            refused(self)
        }
    }

    // MARK: From the connection

    /// The child stopped, stopped answering, or answers again: the screen changes.
    func connectionChanged() {
        guard alive, let connection else { return }
        if connection.state == .stopped, failure == nil, let reason = connection.failure {
            failure = reason
            // Its next child draws anew; until then the stopped screen shows. What was queued is gone.
            stale = true
            queuedClocks.removeAll()
            // Its ticks and timers died with the module: a Restart's fresh instance sets its own.
            environment.ticks.cancel(id)
        }
        delegate?.moduleBusyChanged()
        delegate?.moduleDidInvalidate()
    }

    /// A render whose call had given up arrived: kept and shown.
    func receiveLateRender(_ reader: inout WireReader) {
        guard alive, let tree = try? decodeTree(&reader, listWindows: postedListWindows ?? childListWindows) else { return }
        keptTree = tree
        stale = false
        freshPending = true
        delegate?.moduleDidInvalidate()
    }

    /// The view the child pushed after an event (`FRAME`): kept, acknowledged, drawn.
    private func receiveFrame(_ reader: inout WireReader) throws(WireReader.Malformed) {
        let renderNanoseconds = try reader.u64()
        let tree = try decodeTree(&reader, listWindows: childListWindows)
        connection?.recordPushedRender(nanoseconds: renderNanoseconds)
        connection?.acknowledgeFrame(of: id)
        guard alive else { return }
        keptTree = tree
        // Rows the front ends asked for since the child drew these come with the next render.
        stale = wantedListWindows != childListWindows
        freshPending = !stale
        delegate?.moduleDidInvalidate()
    }

    /// Tells the child when `shown` changed since it was last told (and it runs).
    private func tellChildShown() {
        guard alive, failure == nil, createRefusal == nil, !creating, shown != childShown, let connection, connection.state != .stopped
        else { return }
        childShown = shown
        connection.tellShown(id, shown)
    }

    /// One of the module's notifications (the instance id already read).
    func apply(_ type: WireMessage, _ reader: inout WireReader) throws(WireReader.Malformed) {
        // Told by the module's threads too: its state may have changed.
        mayChangeState(ModuleCall(type, instance: id))
        if let began = userInputInFlight, let delegate {
            delegate.moduleBeginUserInput(at: began)
            defer { delegate.moduleEndUserInput() }
            try applyNotification(type, &reader)
        } else {
            try applyNotification(type, &reader)
        }
    }

    private func applyNotification(_ type: WireMessage, _ reader: inout WireReader) throws(WireReader.Malformed) {
        switch type {
        case .setTitle:
            let text = try reader.string()
            title = text
            delegate?.moduleDidSetTitle(text)
        case .setBadge:
            delegate?.moduleDidSetBadge(try reader.optionalString())
        case .invalidate:
            stale = true
            if renderPosted { renderAgain = true }
            delegate?.moduleDidInvalidate()
        case .frame:
            try receiveFrame(&reader)
        case .pop:
            delegate?.modulePop()
        case .dismiss:
            delegate?.moduleDismiss()
        case .log:
            let level = try reader.i32()
            delegate?.moduleLog(level: ModuleLogLevel(clamping: level), message: try reader.string())
        case .scheduleTick:
            guard alive else { return }
            environment.ticks.schedule(id, afterMilliseconds: try reader.u32())
        case .setTimer, .cancelTimer, .saveSoon, .finish, .alert, .focus, .scrollTo, .copyText, .toast:
            try applyHostCall(type, &reader)
        default:
            break  // a notification a newer helper knows: nothing to do
        }
    }

    /// One of the module's requests (the instance id already read): the reply.
    func serve(_ type: WireMessage, _ reader: inout WireReader) throws(WireReader.Malformed) -> WireWriter {
        // Counted by the factory, which makes every instance a call from here can reach.
        let owner = factory
        owner?.requestsInService += 1
        defer { owner?.requestsInService -= 1 }
        guard let began = userInputInFlight, let delegate else { return try serveRequest(type, &reader) }
        delegate.moduleBeginUserInput(at: began)
        defer { delegate.moduleEndUserInput() }
        return try serveRequest(type, &reader)
    }

    private func serveRequest(_ type: WireMessage, _ reader: inout WireReader) throws(WireReader.Malformed) -> WireWriter {
        var reply = WireWriter(type)
        switch type {
        case .push:
            let module = try reader.string()
            let param = try reader.optionalString()
            let target = ModulePushTarget(rawValue: try reader.i32()) ?? .ownStack
            reply.i32(delegate?.modulePush(module: module, param: param, target: target) == true ? 1 : 0)
        case .present:
            let module = try reader.string()
            let param = try reader.optionalString()
            reply.i32(delegate?.modulePresent(module: module, param: param) == true ? 1 : 0)
        case .addTab:
            let name = try reader.string()
            let module = try reader.string()
            let image = try reader.optionalString()
            let param = try reader.optionalString()
            let added = delegate?.moduleAddTab(name: name, module: module, image: image, param: param) == true
            reply.i32(added ? 1 : 0)
        case .tabCount:
            reply.u64(UInt64(max(0, delegate?.moduleTabCount() ?? 0)))
        case .dataDir:
            reply.string(dataDirectory())
        case .pushForResult, .presentForResult, .nowMs:
            try serveHostCall(type, &reader, into: &reply)
        case .tabItem:
            let index = try reader.u64()
            if index <= UInt64(Int.max), let item = delegate?.moduleTabItem(at: Int(index)) {
                reply.u8(1)
                reply.string(item.title)
                reply.string(item.glyph)
                reply.string(item.badge)
                reply.u8(item.isSelected ? 1 : 0)
                reply.string(item.image)
            } else {
                reply.u8(0)
            }
        default:
            throw WireReader.Malformed()
        }
        return reply
    }

    // MARK: Views

    /// The render reply's view, built by the in-process builder; its lines about the module's calls go
    /// to the instance's log, as in process.
    private func decodeTree(
        _ reader: inout WireReader, listWindows: [String: Range<Int>] = [:]
    ) throws(WireReader.Malformed) -> ViewTree {
        try WireViewTree.decode(&reader, resourceDirectory: resourceDirectory, listWindows: listWindows) { [weak self] level, message in
            self?.delegate?.moduleLog(level: level, message: message)
        }
    }

    /// "<Title> stopped: SIGSEGV in event "segv"" and a Restart button, then, when a state was saved,
    /// Restart without saved state; after a crash loop the line ends with " (3 crashes within 60 s;
    /// not restarted until you choose Restart)".
    private func stoppedTree(_ failure: ModuleHostFailure) -> ViewTree {
        let loop = factory?.crashLoop(of: moduleName).map { " (\($0))" } ?? ""
        var nodes: [ViewNode] = [
            .text("\(title) stopped: \(failure)\(loop)"),
            .button(label: "Restart", action: Self.restartAction),
        ]
        if savedState != nil {
            nodes.append(.button(label: "Restart without saved state", action: Self.restartWithoutStateAction))
        }
        return ViewTree(nodes)
    }

    /// "<Title> asks to: connect to the network; read ~/Documents", with Allow and Not now.
    private func permissionTree(_ missing: [String]) -> ViewTree {
        var nodes: [ViewNode] = [.text("\(title) asks to: \(ModulePermissions.phrases(missing))")]
        if missing.contains("unrestricted") {
            nodes.append(.text("Warning: unrestricted runs it with no sandbox: it could do anything you can."))
        }
        nodes.append(.text("Not now runs it with what it was granted; it asks again next time."))
        nodes.append(.button(label: "Allow", action: Self.allowAction))
        nodes.append(.button(label: "Not now", action: Self.notNowAction))
        return ViewTree(nodes)
    }
}
