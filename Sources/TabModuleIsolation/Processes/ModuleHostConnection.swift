import Glibc
import Logging
import TabHostConcurrency
import TabHostLoop
import TabModuleLoading
import TabModuleRuntime

/// One child process running one module version, shared by all of that version's instances: the
/// host's side of the wire protocol.
///
/// The calls the user waits on (`render`, `event`, `appearance`) and the snapshots after
/// events are posted (`post`, in `ModuleHostConnection+Posting.swift`): sent one at a time when the
/// child is free, their replies handled when they come, so the loop never waits on them; the tabs
/// of a call that takes long escalate on their own (busy mark, the not-responding line, the kill).
/// The rest (`load`, `create`, `start`, `destroy` while idle, `save_state`, `restore_state`) still
/// waits, bounded, below.
///
/// Requests nest both ways. While the host waits for a reply (to `create`, say), it serves the
/// child's requests on the spot (`tab_count`, `tab_item`, `push`, `add_tab`), and those may make
/// the host call into the child again (`appearance` when a push hides a screen). Notifications
/// (`set_title`, `pop`, `log`, …) are held until the module's call returns, or until it makes its
/// next request, so the host only ever sends a request while the child is reading: when it is idle
/// or waiting for a reply itself. `schedule_tick`, `set_timer` and `cancel_timer` go to the tick scheduler at once,
/// from any state.
///
/// Every wait has a deadline (`IsolationSettings.hangTimeout`, extended by the time the host spends
/// serving the child). Past it the call gives up, the connection is `unresponsive` and later calls
/// return at once; a reply that still arrives is accepted (a late render is shown), and once every
/// abandoned call has been answered the connection runs again. Past `killTimeout` the child is
/// killed. Main-loop only.
final class ModuleHostConnection {
    /// Where the child is.
    enum State: Equatable {
        /// Answering.
        case running
        /// A call gave up waiting; the child is still busy with it.
        case unresponsive
        /// The child is gone (see `failure`), or the connection was retired.
        case stopped
    }

    /// What a request got back.
    enum Reply {
        /// The reply's payload.
        case replied(WireReader)
        /// The child answered that the request failed, with its reason.
        case failed(String)
        /// No answer: the child stopped, or is not responding (see `state`).
        case unavailable
    }

    struct Abandoned {
        let type: WireMessage
        let instance: UInt64
        let sent: ContinuousClock.Instant
    }

    struct WeakInstance {
        weak var instance: OutOfProcessModuleInstance?
    }

    /// The module version this child runs.
    let module: LoadedModule
    let settings: IsolationSettings
    private(set) var state: State = .running
    /// Why the child stopped, once it did (nil after a plain retire).
    private(set) var failure: ModuleHostFailure?
    /// The functions the child found in the descriptor it opened.
    private(set) var functions: ModuleFunctions = []
    /// What the child's sandbox enforces (nil with `--sandbox off`).
    private(set) var sandboxReport: ModuleSandboxReport?
    /// The permissions the child's sandbox opens (the grants when it started).
    let granted: [String]
    /// The profile sent with LOAD: its temporary directory goes when the child does.
    private var sandboxProfile: ModuleSandboxProfile?
    /// LOAD, sent and not answered yet (`init(waitsForLoad: false)` until `completeLoad()`).
    private var loadRequest: (seq: UInt32, sent: ContinuousClock.Instant)?
    /// Called once when the connection stops (crash, kill, or retire), so the factory forgets it.
    var onStop: ((ModuleHostConnection) -> Void)?
    /// The child's process, for reaping after the connection stopped.
    var childProcess: ModuleHostProcess { process }
    /// Told when the child stops with a failure, stops answering or answers again.
    var onEvent: ((ModuleProcessEvent) -> Void)?
    /// Whether this child's `data_dir` was said to be over its soft limit, and when it was last measured.
    private var reportedDataDirectory = false
    private var lastDataDirectoryCheck: ContinuousClock.Instant?
    /// Told the first time the child's sandbox refuses a call a permission would allow ("exec", "network").
    var onDenied: ((String) -> Void)?
    /// The permissions whose refusals the child named, in the order first seen.
    private(set) var deniedPermissions: [String] = []
    /// Whether the line saying that further refusals are not recorded was written.
    private var saidDenialsBounded = false
    /// The memory ceiling the child said it reached on its way out (see `MEMORY_CEILING`).
    private var reachedMemoryCeiling: UInt64?
    /// Where each reply's round trip goes (`recordReply`).
    var calls: ModuleCallRecorder?

    let logger: Logger
    private let link: ModuleHostLink
    private var process: ModuleHostProcess { link.process }
    var channel: ModuleHostChannel { link.channel }
    private(set) var instances: [UInt64: WeakInstance] = [:]
    private var nextSeq: UInt32 = 1
    /// Requests sent and not answered yet, innermost last: what a crash or hang message names.
    private(set) var outstanding: [(seq: UInt32, call: ModuleCall)] = []
    /// Posted calls not sent yet, oldest first (`post`).
    var queue: [PostedModuleCall] = []
    /// The posted call the child works on, and since when its clock runs (Wait restarts it).
    var inFlight: (seq: UInt32, posted: PostedModuleCall, since: ContinuousClock.Instant)? {
        // A new call's clock for its timings; Wait's restart of `since` keeps it.
        didSet {
            if inFlight?.seq != oldValue?.seq || inFlight?.posted.call != oldValue?.posted.call {
                inFlightSent = inFlight?.since ?? .now
            }
        }
    }
    /// When the posted call in flight was sent, or its FRAME's render began (`recordReply`'s start).
    var inFlightSent = ContinuousClock.now
    /// The instance whose pushed FRAME ends the call in flight (its event's reply said one follows).
    var awaitsFrame: UInt64?
    /// How far the posted call in flight has escalated.
    var busy: ModuleBusyLevel = .idle
    /// Lines about calls dropped at a full queue (`noteDroppedCall`): one a second, counting the others.
    var dropLines = LineBudget(lines: 1, per: .seconds(1))
    var escalationTimer: LoopTimerID?
    /// The last instance went while a posted call was in flight: retired once the child is free.
    var retireWhenIdle = false
    /// Notifications held until the module's current call returns or makes a request.
    private var pending: [WireFrame] = []
    /// The next of `pending` to apply.
    private var pendingHead = 0
    /// Payload bytes in `pending`, bounded by `ModuleLimits.maximumPendingNotificationBytes`.
    private var pendingBytes = 0
    /// Notifications dropped since `pending` was last applied (over its bound).
    private var droppedNotifications = 0
    var abandoned: [UInt32: Abandoned] = [:]
    /// The call that stopped answering, and when it was sent.
    private(set) var hung: (call: ModuleCall?, since: ContinuousClock.Instant)?
    /// The call a synchronous request gave up on while the child still works on it.
    var hungCall: (call: ModuleCall?, since: ContinuousClock.Instant)? { state == .unresponsive ? hung : nil }
    /// Instances destroyed while the child was not responding: destroyed there once it answers again.
    private var pendingDestroys: [UInt64] = []
    private(set) var loop: (any EventLoop)?
    private var watches: [LoopWatchID] = []
    private var killTimer: LoopTimerID?
    /// The bytes of the child's output read a second, with that descriptor's watch.
    private var outputBudget = ReadingBudget(perSecond: ModuleLimits.maximumOutputBytesReadPerSecond)
    /// The messages taken from the child's connection a second while no call waits, with its watch.
    private var messageBudget = ReadingBudget(perSecond: ModuleLimits.maximumMessagesReadPerSecond)

    /// Starts a child for `module` (or takes `spare`, a child started ahead that has not loaded a
    /// module yet), checks its protocol version and has it open the module's private copy. Throws
    /// `processFailed` when any of that fails. With `waitsForLoad` false the answer to LOAD is left
    /// for `completeLoad()`, which the caller must call before any other use: the child opens the
    /// module while the host goes on with its own start.
    init(
        module: LoadedModule, settings: IsolationSettings, logger: Logger, spare: ModuleHostProcess? = nil,
        granted: [String] = [], waitsForLoad: Bool = true
    ) throws(ModuleError) {
        self.module = module
        self.granted = granted
        self.settings = settings
        self.logger = logger
        let process: ModuleHostProcess
        do {
            process = try spare ?? ModuleHostProcess(helper: settings.helperPath, label: module.name)
        } catch {
            throw ModuleError(
                .processFailed, module: module.name, path: module.info.sourcePath,
                reason: "cannot start its process (\(error))",
                hint: "install \(IsolationSettings.helperName) next to tabhost, or run it in process (--isolation none)")
        }
        // A child started for this module takes the sandbox's steps that need not wait for LOAD while
        // this thread waits for its HELLO and then makes the module's profile.
        if spare == nil, var ahead = ModuleSandboxAhead(settings: settings, granted: granted) {
            ahead.filterAhead = false
            process.isSplitAhead = ahead.send(to: process, for: module.name)
        }
        link = ModuleHostLink(process: process, logger: logger, name: module.name)
        if let reason = sendLoad() {
            stop(with: nil)
            throw loadFailure(reason)
        }
        if waitsForLoad { try completeLoad() }
    }

    /// Waits for the answer to LOAD sent by `init(waitsForLoad: false)`; nothing when it came already.
    /// Throws as `init` does when the child could not open the module (the connection is stopped).
    func completeLoad() throws(ModuleError) {
        guard let request = loadRequest else { return }
        loadRequest = nil
        if let reason = finishLoad(request) {
            stop(with: nil)
            throw loadFailure(reason)
        }
    }

    private func loadFailure(_ reason: String) -> ModuleError {
        // Under the sandbox a library outside what the child may read looks like a missing file.
        let hint =
            settings.sandbox != .off && reason.contains("dynamic loader refused")
            ? "a library it links may lie outside what its sandbox may read: check it with ldd, and grant read:DIRECTORY "
                + "(tabhost grant \(module.name) read:DIRECTORY) or ship it in the module's own directory (a RUNPATH opens nothing)"
            : "rebuild tabhost and \(IsolationSettings.helperName) together; check the module's log output"
        return ModuleError(.processFailed, module: module.name, path: module.info.sourcePath, reason: reason, hint: hint)
    }

    deinit {
        retire()
    }

    /// The child's process id.
    var pid: Int32 { process.pid }

    /// The child's process id while it runs.
    var livePID: Int32? { state == .stopped ? nil : process.pid }

    /// False once the child's process has exited, whether or not its end was read yet (it may be
    /// reaped here).
    var isRunning: Bool { state != .stopped && process.isRunning }

    // MARK: Start

    /// HELLO, then LOAD sent; nil when LOAD went out, else why not.
    private func sendLoad() -> String? {
        // In a chain of nested waits, this start and the first screen's calls after it fit in the chain.
        let chain = NestedWaits.chain
        chain?.allow(settings.startTimeout + settings.hangTimeout)
        let own = ContinuousClock.now + settings.startTimeout
        if let refusal = link.handshake(until: chain.map { min(own, $0.deadline) } ?? own) { return refusal }
        var load = WireWriter(.load)
        load.string(module.copyPath)
        load.string(module.name)
        load.string(ModuleFileReader.parentDirectory(of: module.info.sourcePath))
        if settings.sandbox != .off {
            let profile = ModuleSandboxProfile(
                for: module, settings: settings, granted: granted, madeAhead: process.takeTemporaryDirectory())
            if granted.contains("unrestricted") {
                let line =
                    "runs with no sandbox at all: it was granted unrestricted (tabhost revoke \(module.name) unrestricted; "
                    + "under tabhost dev, what the module declares is granted, and under tabhost test, what the script grants)"
                logger.warning(
                    "\(line)",
                    metadata: ["module": "\(module.name)"])
            }
            for problem in profile.problems {
                logger.warning("sandbox: \(problem)", metadata: ["module": "\(module.name)"])
            }
            profile.write(to: &load)
            sandboxProfile = profile
            // The child splits for its sandbox unless it runs with none.
            if !granted.contains("unrestricted") { process.endsOnRequest = true }
        }
        guard let request = send(load, call: ModuleCall(.load), timeout: settings.startTimeout) else {
            return "its process stopped while opening it (\(failure?.description ?? "no answer"))"
        }
        loadRequest = request
        return nil
    }

    /// LOAD's answer: nil when the child runs the module, else why not. The start timeout counts
    /// from here, not from the send: the host may have been busy with its own start meanwhile.
    private func finishLoad(_ request: (seq: UInt32, sent: ContinuousClock.Instant)) -> String? {
        let reply = awaitSent(request, type: .load, call: ModuleCall(.load), timeout: settings.startTimeout)
        switch reply {
        case .replied(var reply):
            guard let bits = try? reply.u32(), (try? reply.u32()) != nil else { return "its process sent a malformed answer" }
            functions = ModuleFunctions(rawValue: bits)
            if settings.sandbox != .off {
                guard let report = try? ModuleSandboxReport(&reply) else { return "its process sent a malformed sandbox report" }
                sandboxReport = report
                // What the kernel lacks is the same for every child: the factory says it once.
                logger.info("\(report.text)", metadata: ["module": "\(module.name)"])
            }
            return nil
        case .failed(let reason):
            if settings.sandbox != .off && reason.contains("sandbox") {
                logger.error("not started: \(reason)", metadata: ["module": "\(module.name)"])
            }
            return "its process could not open it: \(reason)"
        case .unavailable:
            return "its process stopped while opening it (\(failure?.description ?? "no answer"))"
        }
    }

    /// Measures the module's `data_dir` (when its child starts, and on `save_soon` at most every few
    /// seconds: `afterSave`) and says once per child when it holds more than the soft limit: the module is
    /// not stopped, its tab says so.
    func checkDataDirectory(afterSave: Bool = false, now: ContinuousClock.Instant = .now) {
        guard !reportedDataDirectory, let data = settings.dataDirectory else { return }
        if afterSave {
            if let last = lastDataDirectoryCheck, now - last < .seconds(5) { return }
            lastDataDirectoryCheck = now
        }
        let path = data.path(forModule: module.name)
        guard let usage = ModuleDataDirectory.usage(of: path), usage.bytes > settings.dataDirectorySoftLimit || !usage.complete else {
            return
        }
        let bytes = usage.bytes
        reportedDataDirectory = true
        let limit = settings.dataDirectorySoftLimit >> 20
        let holds =
            usage.complete
            ? "holds \(bytes >> 20) MiB,"
            : "holds more than the host counts (over \(ModuleDataDirectory.usageEntryLimit) entries, or deeper than "
                + "\(ModuleDataDirectory.usageDepthLimit) levels; \(bytes >> 20) MiB counted), taken as"
        logger.warning(
            "its data directory \(path) \(holds) over its soft limit of \(limit) MiB (the module still writes; remove what it no longer needs, or the module)",
            metadata: ["module": "\(module.name)"])
        onEvent?(.dataDirectoryOverLimit(bytes: bytes, limit: settings.dataDirectorySoftLimit))
    }

    /// Watches the child's descriptors on `loop` while no call is waiting.
    func attach(to loop: any EventLoop) {
        guard self.loop == nil, state != .stopped else { return }
        self.loop = loop
        if process.pidDescriptor >= 0 { watches.append(loop.watch(process.pidDescriptor) { [weak self] in self?.pump() }) }
        messageBudget.watch = loop.watch(process.socket) { [weak self] in self?.pump() }
        if process.output >= 0 { outputBudget.watch = loop.watch(process.output) { [weak self] in self?.pump() } }
    }

    /// Reads what the child printed, within its `outputBudget`.
    private func drainOutputWithinBudget() {
        guard !outputBudget.isWaiting else { return }
        _ = spend(link.drainOutput(), of: \.outputBudget, fd: process.output)
    }

    /// Counts `amount` against `budget`; once the second's is spent, `fd` is not watched until the next
    /// second (the child's writes wait on it meanwhile), and false.
    private func spend(_ amount: Int, of budget: ReferenceWritableKeyPath<ModuleHostConnection, ReadingBudget>, fd: Int32) -> Bool {
        let now = ContinuousClock.now
        guard let next = self[keyPath: budget].spend(amount, now: now), let loop, let watch = self[keyPath: budget].watch else {
            return true
        }
        loop.unwatch(watch)
        self[keyPath: budget].watch = nil
        self[keyPath: budget].resume = loop.schedule(after: max(.zero, next - now)) { [weak self] in
            guard let self else { return }
            self[keyPath: budget].resume = nil
            guard self.state != .stopped else { return }
            self[keyPath: budget].watch = loop.watch(fd) { [weak self] in self?.pump() }
            self.pump()
        }
        return false
    }

    // MARK: Instances

    /// Routes the child's calls for `instance.id` to `instance`.
    func register(_ instance: OutOfProcessModuleInstance) {
        instances[instance.id] = WeakInstance(instance: instance)
    }

    /// Forgets `id`; the connection retires once no instance is left.
    func unregister(_ id: UInt64) {
        instances[id] = nil
        instances = instances.filter { $0.value.instance != nil }
        guard instances.isEmpty else { return }
        // Its destroy (posted while the child was busy) and what is queued before it run first,
        // unless the child is past the busy mark: then nobody waits for it (a reload of a stuck module).
        if (inFlight != nil || !queue.isEmpty) && busy == .idle {
            retireWhenIdle = true
        } else {
            retire()
        }
    }

    /// The module's `create` for `id` in the child: true when it returned an instance.
    func create(_ id: UInt64) -> Reply {
        var writer = WireWriter(.create)
        writer.u64(id)
        return request(writer, call: ModuleCall(.create))
    }

    /// The module's `destroy` for `id` (later, when the child is not responding), then forgets it.
    func destroy(_ id: UInt64) {
        switch state {
        case .running:
            var writer = WireWriter(.destroy)
            writer.u64(id)
            // Posted, the child idle or not: Back or a closed tab never waits for the module's destroy.
            // The child retires once it ran (`unregister`); `shutdown` gives the last ones a moment.
            post(writer, call: ModuleCall(.destroy), userWaits: false) { _ in }
        case .unresponsive:
            pendingDestroys.append(id)
        case .stopped:
            break
        }
        unregister(id)
    }

    /// True while a posted `destroy` waits for the child or runs in it.
    var destroysPending: Bool {
        inFlight?.posted.call.function == .destroy || queue.contains { $0.call.function == .destroy }
    }

    /// Ends the child (end-of-file, then SIGKILL after a short grace) and forgets every instance.
    /// Idempotent; instances still registered see nothing (their owner is going away).
    func retire() {
        guard state != .stopped else { return }
        stop(with: nil)
    }

    // MARK: Requests

    /// Sends a request and waits for its reply, serving the child's requests meanwhile (and handling
    /// the reply of a posted call in flight, which comes first).
    func request(_ writer: WireWriter, call: ModuleCall, timeout: Duration? = nil) -> Reply {
        guard let request = send(writer, call: call, timeout: timeout) else { return .unavailable }
        return awaitSent(request, type: writer.type, call: call, timeout: timeout)
    }

    /// Sends a request whose reply `awaitSent` waits for; nil when it could not go (the child is
    /// gone or not responding, see `state`).
    private func send(
        _ writer: WireWriter, call: ModuleCall, timeout: Duration?
    ) -> (seq: UInt32, sent: ContinuousClock.Instant)? {
        if state == .unresponsive { killIfHungTooLong() }
        guard state == .running else { return nil }
        let seq = takeSeq()
        outstanding.append((seq, call))
        let sent = ContinuousClock.now
        switch channel.send(writer.frame(seq: seq), deadline: .now + (timeout ?? settings.hangTimeout)) {
        case .sent:
            return (seq, sent)
        case .closed:
            // It was gone before this request: the request is not what it died in.
            let outer = outstanding.dropLast().last
            childEnded(blaming: .some(outer?.call))
            outstanding.removeAll { $0.seq == seq }
            return nil
        case .timedOut:
            // Part of a frame is out: the stream cannot be resynchronized.
            kill(.killedAfterHang(timeout ?? settings.hangTimeout), call: call)
            outstanding.removeAll { $0.seq == seq }
            return nil
        }
    }

    /// Waits for the reply to a request `send` sent.
    private func awaitSent(
        _ request: (seq: UInt32, sent: ContinuousClock.Instant), type: WireMessage, call: ModuleCall, timeout: Duration?
    ) -> Reply {
        let reply = awaitReply(
            request.seq, type: type, instance: call.instance, sent: request.sent, timeout: timeout ?? settings.hangTimeout)
        outstanding.removeAll { $0.seq == request.seq }
        sendNext()
        return reply
    }

    /// The next request id (never 0, which notifications carry).
    func takeSeq() -> UInt32 {
        let seq = nextSeq
        nextSeq = nextSeq == UInt32.max ? 1 : nextSeq + 1
        return seq
    }

    private func awaitReply(
        _ seq: UInt32, type: WireMessage, instance: UInt64?, sent: ContinuousClock.Instant, timeout: Duration
    ) -> Reply {
        let began = ContinuousClock.now
        let chain = NestedWaits.chain
        var deadline = chain.map { min(began + timeout, $0.deadline) } ?? began + timeout
        while true {
            switch state {
            case .stopped: return .unavailable
            case .unresponsive:
                abandoned[seq] = Abandoned(type: type, instance: instance ?? 0, sent: sent)
                return .unavailable
            case .running: break
            }
            switch receive(until: deadline) {
            case .ended:
                return .unavailable
            case .timedOut:
                abandoned[seq] = Abandoned(type: type, instance: instance ?? 0, sent: sent)
                becomeUnresponsive()
                flushPending()
                return .unavailable
            case .frame(let frame):
                if frame.isReply, let inFlight, frame.seq == inFlight.seq {
                    completePosted(frame)
                } else if frame.isReply {
                    guard frame.seq == seq else {
                        violation("a reply to \(frame.seq) while \(seq) was outstanding")
                        return .unavailable
                    }
                    recordReply(to: type, sent: sent)
                    flushPending()
                    return frame.isFailure ? .failed(frame.failureMessage) : .replied(frame.reader)
                }
                if frame.type.isNotification && Self.waitsForTheCall(frame.type) {
                    hold(frame)
                } else if frame.type.isNotification {
                    apply(frame)
                } else {
                    // The child is blocked in a host call: what it sent before it happens first. The time
                    // it takes is not this call's, but what it waits for nested keeps to its timeout from
                    // the outermost wait's start, and so does this wait when it is nested itself.
                    let served = ContinuousClock.now
                    flushPending()
                    NestedWaits.$chain.withValue(chain ?? NestedWaitChain(began: began, budget: settings.hangTimeout)) {
                        serve(frame)
                    }
                    deadline += ContinuousClock.now - served
                    if let chain { deadline = min(deadline, chain.deadline) }
                }
            }
        }
    }

    enum Incoming {
        case frame(WireFrame)
        case timedOut
        case ended
    }

    /// The next frame from the child, draining its output meanwhile, until `deadline`.
    func receive(until deadline: ContinuousClock.Instant) -> Incoming {
        guard state != .stopped else { return .ended }
        switch link.next(until: deadline) {
        case .frame(let frame): return .frame(frame)
        case .timedOut: return .timedOut
        case .ended:
            childEnded()
            return .ended
        case .malformed:
            violation("a malformed frame")
            return .ended
        }
    }

    // MARK: The child's messages

    /// Holds a notification until the module's call returns, within
    /// `ModuleLimits.maximumPendingNotificationBytes`: a call that sets its title a thousand times
    /// with huge strings costs the host that much memory at most. (A log line is applied at once: it
    /// never calls into the child, and the log file bounds it.)
    private func hold(_ frame: WireFrame) {
        // Counted with a frame's own cost, so a million empty notifications are bounded too.
        let cost = frame.payload.count + 64
        guard pendingBytes + cost <= ModuleLimits.maximumPendingNotificationBytes else {
            droppedNotifications += 1
            return
        }
        pendingBytes += cost
        pending.append(frame)
    }

    /// Applies held notifications in the order the module made them (one applied may make a request
    /// whose wait applies the next ones: they share `pendingHead`).
    func flushPending() {
        while pendingHead < pending.count {
            let frame = pending[pendingHead]
            pendingHead += 1
            apply(frame)
        }
        pending.removeAll(keepingCapacity: false)
        pendingHead = 0
        pendingBytes = 0
        if droppedNotifications > 0 {
            let dropped = droppedNotifications
            droppedNotifications = 0
            logger.warning(
                "\(dropped) notifications of one call dropped (set_title, set_badge, alert… past \(ModuleLimits.maximumPendingNotificationBytes) bytes in one call)",
                metadata: ["module": "\(module.name)", "stream": "log"])
        }
    }

    private func apply(_ frame: WireFrame) {
        var reader = frame.reader
        guard let id = try? reader.u64() else {
            violation("a malformed \(frame.type.rawValue) notification")
            return
        }
        if frame.type.concernsTheChild {
            applyChildNotice(frame.type, &reader)
            return
        }
        defer { if frame.type == .frame { framePushed(id) } }
        guard let instance = instances[id]?.instance else { return }  // destroyed meanwhile
        do {
            try instance.apply(frame.type, &reader)
        } catch {
            violation("a malformed \(frame.type.rawValue) notification")
        }
    }

    /// What the child says about itself: a refusal its sandbox named (logged once per permission), the
    /// memory ceiling it reached (kept for the failure that follows).
    private func applyChildNotice(_ type: WireMessage, _ reader: inout WireReader) {
        switch type {
        case .sandboxDenied:
            // The module's code shares the process that sends these, and can write any frame: each is a
            // claim to check, never more than a permission's name, and never more than a few.
            guard let category = try? reader.u8() else { return violation("a malformed sandbox notification") }
            // A file refusal names its path (`read:PATH` or `write:PATH`), only when the host asked for them
            // (test mode), and only as a valid permission of bounded length.
            var file: String?
            if category == Self.deniedFileCategory {
                guard settings.sandboxReportsFileDenials, let path = try? reader.string(), Self.isDeniedFile(path) else { return }
                file = path
            }
            // Unknown categories are a newer child's: nothing to name.
            guard let permission = file ?? Self.deniedPermission[category], !deniedPermissions.contains(permission) else { return }
            guard deniedPermissions.count < Self.maximumDenials else {
                if !saidDenialsBounded {
                    saidDenialsBounded = true
                    logger.warning(
                        "further sandbox refusals of this process are not recorded (\(Self.maximumDenials) already)",
                        metadata: ["module": "\(module.name)"])
                }
                return
            }
            deniedPermissions.append(permission)
            logger.warning(
                "\(ModuleDeniedPermissions.line(permission: permission, module: module.name))", metadata: ["module": "\(module.name)"])
            onDenied?(permission)
        case .memoryCeiling:
            guard (try? reader.u64()) != nil, (try? reader.u64()) != nil else {
                return violation("a malformed memory ceiling notification")
            }
            // The ceiling said on the tab is the one the host set: the module could send any number.
            guard settings.sandbox != .off else { return }
            reachedMemoryCeiling = settings.sandboxMemoryCeiling ?? ModuleSandboxProfile.memoryCeiling
        default:
            break
        }
    }

    /// Refusals one child's process may name: past them, what its module sends would only grow the host's
    /// memory, its log and its status file.
    static let maximumDenials = 32
    /// The longest `read:PATH` or `write:PATH` a file refusal may name (a path the kernel could open).
    static let maximumDeniedFileBytes = 4096 + 6

    /// Whether `text` may be a file refusal's permission: `read:PATH` or `write:PATH`, valid and bounded.
    static func isDeniedFile(_ text: String) -> Bool {
        text.utf8.count <= maximumDeniedFileBytes && (text.hasPrefix("read:") || text.hasPrefix("write:"))
            && ModulePermissions.problem(text) == nil
    }

    /// The permission of each category of `enum tabhost_sandbox_denial`.
    private static let deniedPermission: [UInt8: String] = [1: "exec", 2: "network"]
    /// TABHOST_SANDBOX_DENIED_FILE: a file open the sandbox refused, with its permission as a string.
    private static let deniedFileCategory: UInt8 = 3

    /// Answers one of the child's requests.
    private func serve(_ frame: WireFrame) {
        var reader = frame.reader
        var reply = WireWriter(frame.type)
        var flags = WireFrame.replyFlag
        if let id = try? reader.u64(), let instance = instances[id]?.instance {
            do {
                reply = try instance.serve(frame.type, &reader)
            } catch {
                violation("a malformed request \(frame.type.rawValue)")
                return
            }
        } else {
            reply.string("no such instance")
            flags |= WireFrame.failedFlag
        }
        guard state != .stopped else { return }
        switch channel.send(reply.frame(flags: flags, seq: frame.seq), deadline: .now + settings.hangTimeout) {
        case .sent: break
        case .closed: childEnded()
        case .timedOut: kill(.killedAfterHang(settings.hangTimeout), call: outstanding.last?.call)
        }
    }

    /// Handles what the child sent while no call waits (the loop calls this for its descriptors).
    func pump() {
        guard state != .stopped, outstanding.isEmpty else { return }
        drainOutputWithinBudget()
        var ended = false
        // While reading waits for the next second, what is buffered waits too (the child's end is still
        // seen); and more is read only once no whole frame is left of what was read, so a flood held back
        // by the message budget waits in the child's socket, not in a buffer here that grows each second.
        if !messageBudget.isWaiting && !channel.holdsWholeFrame {
            switch channel.fill() {
            case .endOfFile: ended = true
            case .data, .wouldBlock: break
            }
        }
        while state != .stopped, outstanding.isEmpty, !messageBudget.isWaiting {
            let frame: WireFrame?
            do {
                frame = try channel.nextFrame()
            } catch {
                violation("a malformed frame")
                return
            }
            guard let frame else { break }
            dispatch(frame)
            if !spend(1, of: \.messageBudget, fd: process.socket) { break }
        }
        if state != .stopped && (ended || !process.isRunning) { childEnded() }
    }

    /// One frame that came while no call waits: the reply of the posted call in flight or of an
    /// abandoned one, a notification, or a request of the child's.
    func dispatch(_ frame: WireFrame) {
        if frame.isReply {
            if let inFlight, frame.seq == inFlight.seq { return completePosted(frame) }
            guard let call = abandoned.removeValue(forKey: frame.seq) else {
                violation("a reply to \(frame.seq), which was not asked")
                return
            }
            recordReply(to: call.type, sent: call.sent)
            lateReply(frame, to: call)
            if abandoned.isEmpty { recovered() }
        } else if frame.type.isNotification {
            // A posted call's notifications wait for its reply, as a waited call's do.
            if inFlight != nil && awaitsFrame == nil && Self.waitsForTheCall(frame.type) { hold(frame) } else { apply(frame) }
        } else {
            // The child is blocked in a host call: what it sent before it happens first. What the call
            // makes the host wait for (a pushed screen's child start, create and start) is one chain.
            flushPending()
            NestedWaits.$chain.withValue(NestedWaits.chain ?? NestedWaitChain(began: .now, budget: settings.hangTimeout)) {
                serve(frame)
            }
        }
    }

    /// A notification held until the module's call returns (not a log line, not one that reaches only
    /// the tick scheduler, not the child's own, not a pushed frame, which follows the call's reply).
    static func waitsForTheCall(_ type: WireMessage) -> Bool {
        !type.appliesAtOnce && !type.concernsTheChild && type != .log && type != .frame
    }

    private func lateReply(_ frame: WireFrame, to call: Abandoned) {
        guard call.type == .render, !frame.isFailure, let instance = instances[call.instance]?.instance else { return }
        var reader = frame.reader
        instance.receiveLateRender(&reader)
    }

    // MARK: Hangs and ends

    private func becomeUnresponsive() {
        guard state == .running else { return }
        state = .unresponsive
        let call = outstanding.last?.call
        hung = (call, .now)
        logger.warning(
            "not responding: no answer to \(call?.description ?? "a call") within \(ModuleHostExit.seconds(settings.hangTimeout))",
            metadata: ["module": "\(module.name)"])
        if let loop {
            killTimer = loop.schedule(after: max(.zero, settings.killTimeout - settings.hangTimeout)) { [weak self] in
                self?.killTimer = nil
                self?.killIfHungTooLong(force: true)
            }
        }
        notifyInstances()
        onEvent?(.notResponding(call: call?.description))
    }

    /// Kills a child that has not answered for the kill timeout (checked lazily without a loop).
    func killIfHungTooLong(force: Bool = false) {
        guard state == .unresponsive, let hung else { return }
        if force || ContinuousClock.now - hung.since >= settings.killTimeout - settings.hangTimeout {
            kill(.killedAfterHang(settings.killTimeout), call: hung.call)
        }
    }

    private func recovered() {
        guard state == .unresponsive else { return }
        state = .running
        hung = nil
        if let killTimer { loop?.cancel(killTimer) }
        killTimer = nil
        logger.info("responding again", metadata: ["module": "\(module.name)"])
        let destroys = pendingDestroys
        pendingDestroys.removeAll()
        for id in destroys {
            var writer = WireWriter(.destroy)
            writer.u64(id)
            post(writer, call: ModuleCall(.destroy), userWaits: false) { _ in }
        }
        notifyInstances()
        onEvent?(.responding)
        sendNext()
    }

    func violation(_ what: String) {
        kill(.protocolViolation(what), call: outstanding.last?.call)
    }

    func kill(_ reason: ModuleHostExit, call: ModuleCall?) {
        guard state != .stopped else { return }
        process.kill()
        process.reap(block: true)
        stop(with: ModuleHostFailure(exit: reason, call: call))
    }

    /// End-of-file or exit: reaps the child and says how it ended, in the innermost call waiting
    /// (or in `blaming`'s call, or none, when the caller knows better).
    func childEnded(blaming: ModuleCall?? = .none) {
        guard state != .stopped else { return }
        link.drainOutput(limit: ModuleHostLink.maximumOutputBytesAtEnd)
        var exit = process.reap(block: false)
        if exit == nil && process.waitForExit(.milliseconds(200)) { exit = process.reap(block: false) }
        if exit == nil {
            // It closed its socket but runs on (a module that closes every descriptor).
            process.kill()
            process.reap(block: true)
            exit = .closedConnection
        }
        let blamed: ModuleCall?
        switch blaming {
        case .some(let call): blamed = call
        case .none: blamed = outstanding.last?.call ?? hung?.call ?? inFlight?.posted.call
        }
        stop(with: ModuleHostFailure(exit: exit ?? .closedConnection, call: blamed))
    }

    /// Stops for good: unwatches, ends the child, tells the instances (when it failed) and the factory.
    private func stop(with failure: ModuleHostFailure?) {
        guard state != .stopped else { return }
        var failure = failure
        if let ceiling = reachedMemoryCeiling, let ended = failure {
            switch ended.exit {
            case .signal, .exited: failure = ended.reachingMemoryCeiling(ceiling)
            default: break
            }
        }
        state = .stopped
        self.failure = failure
        if let loop {
            for token in watches + [outputBudget.watch, messageBudget.watch].compactMap({ $0 }) { loop.unwatch(token) }
            for timer in [outputBudget.resume, messageBudget.resume, killTimer].compactMap({ $0 }) { loop.cancel(timer) }
        }
        watches.removeAll()
        (outputBudget.watch, outputBudget.resume, messageBudget.watch, messageBudget.resume, killTimer) = (nil, nil, nil, nil, nil)
        link.flushOutput()
        // Killed now, reaped later (by the factory, or when the process object goes): a reload or the
        // last pop does not wait for the kernel to tear the child down.
        process.end()
        sandboxProfile?.removeTemporaryDirectory()
        sandboxProfile = nil
        pending.removeAll()
        pendingHead = 0
        pendingBytes = 0
        abandoned.removeAll()
        if let failure {
            logger.error("stopped: \(failure)", metadata: ["module": "\(module.name)"])
            notifyInstances()
            onEvent?(.stopped(failure))
        }
        dropPosted()
        onStop?(self)
        onStop = nil
        onEvent = nil
    }

    func notifyInstances() {
        for entry in instances.values {
            entry.instance?.connectionChanged()
        }
    }
}
