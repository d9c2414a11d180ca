import Glibc
import Logging
import TabHostConcurrency
import TabModuleLoading
import _CIsolation

/// Opens new and changed module files in a child process (a scanner, as GStreamer's
/// `gst-plugin-scanner`) before the host opens them: a file that crashes the dynamic loader, its
/// constructors or its entry point, or hangs there, takes the scanner down, not the host, and is
/// refused with one line.
///
/// The loader calls `scan` with the private copy it is about to open (see `ModuleLoader.scanner`).
/// One scanner child, locked by the sandbox before its first file unless the user said `--sandbox off`,
/// forks a process of its own for each file (a pre-confined fork server), so one file's constructors
/// can neither crash nor change another's report. Refusals are remembered by the file's path, inode,
/// size and modification time: an unchanged file is not scanned again. When no scanner can start, the
/// file is refused: the host never opens a module file itself in its place. Made by
/// `IsolationSettings.scanner(logger:)`. Use on one thread (the registry's).
public final class ModuleScanner: ModuleFileScanning, @unchecked Sendable {
    // @unchecked: mutable state, touched only by the thread that loads modules (as ModuleRegistry).

    /// The helper, the start deadline and the sandbox.
    public let settings: IsolationSettings
    /// How long one file may take to open before it counts as hanging.
    public let timeout: Duration
    private let logger: Logger
    private var link: ModuleHostLink?
    private var refusals: [String: (stamp: ModuleFileStamp, error: ModuleError)] = [:]
    /// Set when the helper cannot be started: files are then refused.
    private var unavailable: String?
    private let counts = LockedValue((scanned: 0, children: 0))
    /// The seq of the last SCAN sent: a reply or SCAN_ENDED of an earlier request (a file's process that
    /// crashed after it replied) is not taken for this one's.
    private var sequence: UInt32 = 0
    /// SCANs sent and not answered yet, oldest first (`announce` sends one ahead of `scan`).
    private var inFlight: [ModuleScanRequest] = []
    /// Files announced and not sent yet, in the order announced: each is sent as soon as fewer than
    /// `maximumInFlight` files' processes run, also while an earlier file's answer is awaited.
    private var pending: [(copy: String, original: String, stamp: ModuleFileStamp?, closes: Bool)] = []
    /// Set while a file is scanned once more, alone: nothing pending is sent meanwhile.
    private var sendsAlone = false

    /// A scanner whose children's output goes to `logger`; a file may take `timeout` to open. Only
    /// `IsolationSettings.scanner(logger:)` makes one, so that no command forgets the sandbox.
    package init(
        settings: IsolationSettings, timeout: Duration = .seconds(5), hostOpensFiles: Bool = false, logger: Logger
    ) {
        self.settings = settings
        self.timeout = timeout
        self.hostOpensFiles = hostOpensFiles
        self.logger = logger
    }

    deinit {
        if let link { Self.endWhole(link.process) }
    }

    /// True: the host still opens each file itself after the scan (modules may run in process).
    /// False: the host never opens module files; each module comes from the scanner's report and
    /// can only run out of process (what `--isolation process` and `tabhost list` use).
    public var hostOpensFiles: Bool
    /// Modules the host opens itself after the scan even when `hostOpensFiles` is false: trusted to
    /// run in process (a layout's `"isolation": "none"`).
    public var inProcessModules: Set<String> = []

    /// True when the host opens the file the scanner reported on (the scan only guarded it).
    package func hostOpens(_ report: ModuleScanReport) -> Bool {
        hostOpensFiles || report.descriptor?.name.map { inProcessModules.contains(String(decoding: $0, as: UTF8.self)) } == true
    }

    /// True when the host opens the module named `name` itself.
    package func hostOpens(name: String) -> Bool { hostOpensFiles || inProcessModules.contains(name) }

    /// How many files were scanned and how many scanner children were started (tests, benchmarks).
    public var statistics: (scanned: Int, children: Int) { counts.withLock { $0 } }

    /// Why scanning is off (the helper could not be started), or nil.
    public var unavailableReason: String? { unavailable }

    /// Opens `copy` (the private copy of `original`) in the scanner and returns what it found;
    /// throws `crashedWhileLoading` when that crashed or hung, and `processFailed` when no scanner can
    /// start (the file is then refused, never opened by the host in its place).
    ///
    /// `closes`: the image has no Swift code, so the scanner closes it again, running its destructors
    /// as the host will when it closes its own copy (only when the host may open files itself).
    /// `stamp`: the version of `original` the copy was made from (its refusal is remembered for it);
    /// nil: the file as it is now.
    package func scan(
        copy: String, original: String, stamp: ModuleFileStamp? = nil, closes: Bool = true
    ) throws(ModuleError) -> ModuleScanReport? {
        var request: ModuleScanRequest
        if let index = inFlight.firstIndex(where: { $0.copy == copy }) {
            request = inFlight[index]
        } else {
            pending.removeAll { $0.copy == copy }
            let stamp = stamp ?? ModuleFileStamp(path: original)
            if let stamp, let known = refusals[original], known.stamp == stamp { throw known.error }
            request = try send(copy: copy, original: original, closes: closes, stamp: stamp)
        }
        var failure = wait(for: request)
        if failure != nil && (!request.started || request.lostWithScanner) {
            // The scanner ended, or this file's process never began: with two files in flight this one
            // is not known to be the cause. Once more, alone: a file that takes the scanner down again
            // is refused for it.
            sendsAlone = true
            defer { sendsAlone = false }
            request = try send(copy: copy, original: original, closes: closes, stamp: request.stamp)
            failure = wait(for: request)
        }
        inFlight.removeAll { $0 === request }
        guard let failure else { return request.report }
        let error = Self.refusal(path: original, phase: request.phase, exit: failure)
        if let stamp = request.stamp { refusals[original] = (stamp, error) }
        throw error
    }

    /// Sends the SCAN of `copy` as soon as fewer than `maximumInFlight` files' processes run (now, or
    /// while an earlier file's answer is awaited), so that its process runs before `scan` waits for its
    /// answer. Does nothing when the file is remembered as refused or `maximumPending` wait already; a
    /// failure to send is met again in `scan`.
    package func announce(copy: String, original: String, stamp: ModuleFileStamp?, closes: Bool) {
        guard pending.count < Self.maximumPending, !inFlight.contains(where: { $0.copy == copy }),
            !pending.contains(where: { $0.copy == copy })
        else { return }
        // The version the copy was made from: the loader's own read of the file stamped it already.
        let stamp = stamp ?? ModuleFileStamp(path: original)
        if let stamp, let known = refusals[original], known.stamp == stamp { return }
        pending.append((copy, original, stamp, closes))
        sendPending()
    }

    /// Sends what is pending while fewer than `maximumInFlight` files' processes run (those sent whose
    /// end the scanner has not told yet): the cores are not left idle while the file the loader waits
    /// for, sent earlier, is still running and later ones have ended.
    private func sendPending() {
        guard !sendsAlone else { return }
        var running = inFlight.count(where: { $0.ended == nil })
        while running < Self.maximumInFlight, !pending.isEmpty {
            let next = pending.removeFirst()
            guard (try? send(copy: next.copy, original: next.original, closes: next.closes, stamp: next.stamp)) != nil else {
                return
            }
            running += 1
        }
    }

    /// Files' processes running at once at most (sent and not ended): processes run while an earlier
    /// one's end is awaited (the host learns of each file only once its process ended, so fewer leave the
    /// two cores idle in between).
    static let maximumInFlight = 6

    /// Files announced and not sent yet at most.
    static let maximumPending = 32

    /// Sends the SCAN of `copy` with the pipe its file's process will answer on.
    private func send(copy: String, original: String, closes: Bool, stamp: ModuleFileStamp?) throws(ModuleError) -> ModuleScanRequest {
        refusals[original] = nil
        var writer = WireWriter(.scan)
        writer.string(copy)
        // Closing runs the file's destructors as the host's own close will; when the host opens no file
        // itself (`list`, modules out of process) nothing would close it, and the file's process ends anyway.
        writer.u8(closes && (hostOpensFiles || !inProcessModules.isEmpty) ? 1 : 0)
        if settings.sandbox != .off {
            // The tightest profile: the Swift runtime of the host's build, the private copies (one scanner
            // scans every file of a command, each in a process forked for it) to read by name but not to
            // list, so that a file's process opens the copy it was named and cannot find another's (their
            // names are random), no write, and limits.
            let paths = ModuleSandboxProfile.swiftRuntimeDirectories
            writer.u8(1)
            writer.u32(UInt32(paths.count))
            for path in paths { writer.string(path) }
            writer.u64(Self.processLimit)
            writer.u64(settings.sandboxMemoryCeiling ?? ModuleSandboxProfile.memoryCeiling)
            writer.u32(1)
            writer.string(ModuleFileReader.parentDirectory(of: copy))
        }
        sequence = sequence == UInt32.max ? 1 : sequence + 1
        let deadline = ContinuousClock.now + timeout
        let bytes = writer.frame(seq: sequence)
        // A scanner that died after its last file (a thread a constructor started) is replaced once.
        for _ in 0..<2 {
            guard let link = startedLink() else { throw unavailableError(original) }
            var pair: [Int32] = [-1, -1]
            guard tabhost_isolation_scan_pipe(&pair) == 0 else {
                throw ModuleError(
                    .processFailed, path: original, reason: "no pipe for the scanner (\(String(cString: strerror(errno))))",
                    hint: "close some files or raise the limit on open files (ulimit -n) and try again")
            }
            let sent = link.channel.send(bytes, passing: pair[1], deadline: deadline) == .sent
            close(pair[1])
            if sent {
                // The scanner splits for its sandbox at its first file (ModuleHostProcess.endsOnRequest).
                if settings.sandbox != .off { link.process.endsOnRequest = true }
                counts.withLock { $0.scanned += 1 }
                let request = ModuleScanRequest(
                    seq: sequence, copy: copy, original: original, stamp: stamp, pipe: pair[0])
                inFlight.append(request)
                return request
            }
            close(pair[0])
            _ = end(link, killed: true)
        }
        throw unavailableError(original)
    }

    /// Waits for the answer to `request`: nil with its `report` set, or how its file's process (or the
    /// scanner) ended. Meanwhile notes what the scanner says of other requests in flight (SCAN_ENDED).
    /// The host is woken once per file, by SCAN_ENDED, not by each frame on the file's pipe: what the
    /// file's process sent (where it got to, its reply) is read once it ended, or at the deadline.
    private func wait(for request: ModuleScanRequest) -> ModuleHostExit? {
        guard let link else { return .closedConnection }
        link.name = ModuleFileReader.baseName(of: request.original)
        // From now, not from the send: a file sent ahead shares the cores with those before it.
        let deadline = ContinuousClock.now + timeout
        while true {
            if let ended = request.ended {
                readFile(request)
                if let failure = framesOfFile(request, link: link) { return failure }
                return request.report == nil ? ended : nil
            }
            var fds = [
                pollfd(fd: link.process.socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: link.process.output, events: Int16(POLLIN), revents: 0),
            ]
            if link.process.pidDescriptor >= 0 {
                fds.append(pollfd(fd: link.process.pidDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let wait = ModuleHostChannel.milliseconds(until: deadline)
            let ready = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), wait) }
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 && wait == 0 || ready < 0 {
                // Where it hangs, for the refusal's words.
                readFile(request)
                _ = framesOfFile(request, link: nil)
                return end(link, killed: true, as: .killedAfterHang(timeout))
            }
            if fds[1].revents != 0 { link.drainOutput() }
            if fds[0].revents != 0 || fds.count > 2 && fds[2].revents != 0 {
                if let failure = readScanner(link, for: request) { return failure }
                // Other files' processes may have ended: their places go to the files announced next.
                sendPending()
            }
        }
    }

    /// Reads what the file's pipe holds now, a bounded amount (a fork of the module may still write).
    private func readFile(_ request: ModuleScanRequest) {
        for _ in 0..<16 where !request.closed {
            switch request.channel.fill() {
            case .data: continue
            case .endOfFile: request.closed = true
            case .wouldBlock: return
            }
        }
    }

    /// Takes the frames read from the file's pipe: where it got to and its reply; anything else ends
    /// the scanner (when `link` is given) as a protocol violation.
    private func framesOfFile(_ request: ModuleScanRequest, link: ModuleHostLink?) -> ModuleHostExit? {
        var violation: String?
        do {
            while violation == nil, request.report == nil, let frame = try request.channel.nextFrame() {
                var reader = frame.reader
                if frame.type == .scanPhase && !frame.isReply {
                    request.phase = (try? reader.u8()) ?? request.phase
                    request.started = true
                } else if frame.type != .scan || !frame.isReply || frame.isFailure || frame.seq != request.seq {
                    violation = "an unexpected frame"
                } else if let parsed = try? ModuleScanReport(&reader) {
                    request.report = parsed
                } else {
                    violation = "a malformed scan report"
                }
            }
        } catch {
            violation = "an unexpected frame"
        }
        guard let violation, let link else { return nil }
        return end(link, killed: true, as: .protocolViolation(violation))
    }

    /// Reads what the scanner itself sent (SCAN_ENDED of a request in flight) without waiting; how the
    /// scanner ended when it did (every request in flight is then dropped).
    private func readScanner(_ link: ModuleHostLink, for request: ModuleScanRequest) -> ModuleHostExit? {
        while true {
            switch link.next(until: .now) {
            case .timedOut:
                return nil
            case .frame(let frame) where frame.type == .scanEnded && !frame.isReply:
                // The file's own process ended; the scanner lives on for the next file.
                var reader = frame.reader
                let how = (try? reader.u8()) ?? 0
                let number = (try? reader.i32()) ?? 0
                // An earlier request's (its process crashed after it replied) matches nothing in flight.
                inFlight.first { $0.seq == frame.seq }?.ended = how == 1 ? .signal(number) : .exited(number)
            case .frame(let frame) where frame.isReply && frame.seq != request.seq:
                continue  // an earlier request's
            case .frame, .malformed:
                request.lostWithScanner = true
                return end(link, killed: true, as: .protocolViolation("an unexpected frame"))
            case .ended:
                request.lostWithScanner = true
                return end(link, killed: false)
            }
        }
    }

    /// Tasks, threads included, a scanner and the processes of the files it opens may run together.
    static let processLimit: UInt64 = 64

    /// The refusal of a file when no scanner can start.
    private func unavailableError(_ original: String) -> ModuleError {
        ModuleError(
            .processFailed, path: original,
            reason: "the scanner child could not start (\(unavailable ?? "no reason given")), and tabhost never opens a module file itself",
            hint: "install \(IsolationSettings.helperName) next to tabhost (Scripts/install) and try again")
    }

    /// Ends the scanner child now (the next scan starts another).
    public func finish() {
        inFlight.removeAll()
        pending.removeAll()
        guard let link else { return }
        self.link = nil
        Self.endWhole(link.process)
    }

    /// Ends a scanner child and reaps it, leaving none of its processes for the system's init. Split for
    /// its sandbox, it is asked to end (its first process kills and reaps the rest). Otherwise (the
    /// sandbox off) it is told by end-of-file, on which its fork server kills and reaps its file
    /// processes before it exits; killing its group at once would leave those to init as zombies.
    private static func endWhole(_ process: ModuleHostProcess) {
        if process.endsOnRequest {
            process.end()
            process.reap(block: true)
        } else {
            process.terminate(grace: ModuleHostProcess.endGrace)
        }
    }

    private func startedLink() -> ModuleHostLink? {
        if let link { return link }
        guard unavailable == nil else { return nil }
        do {
            let process = try ModuleHostProcess(helper: settings.helperPath, label: "scanner")
            let started = ModuleHostLink(process: process, logger: logger, name: "scanner")
            if let refusal = started.handshake(until: .now + settings.startTimeout) {
                started.process.end()
                started.process.reap(block: true)
                unavailable = refusal
                return nil
            }
            counts.withLock { $0.children += 1 }
            link = started
            return started
        } catch {
            unavailable = error.description
            logger.warning("module files are refused: no scanner child can start: \(error.description)")
            return nil
        }
    }

    /// Reaps a scanner that stopped (killing it first when `killed`), forgets it and every request in
    /// flight on it (a later `scan` sends those again), says how it ended.
    private func end(_ link: ModuleHostLink, killed: Bool, as reason: ModuleHostExit? = nil) -> ModuleHostExit {
        self.link = nil
        inFlight.removeAll()
        link.drainOutput(limit: ModuleHostLink.maximumOutputBytesAtEnd)
        link.flushOutput()
        if killed { link.process.kill() }
        link.process.closeDescriptors()
        if !killed && !link.process.waitForExit(.milliseconds(500)) { link.process.kill() }
        let exit = link.process.reap(block: true) ?? .closedConnection
        return reason ?? exit
    }

    /// One line for a file that took the scanner down in `phase`.
    static func refusal(path: String, phase: UInt8, exit: ModuleHostExit) -> ModuleError {
        let what: String
        switch (phase, exit) {
        case (_, .killedAfterHang(let after)):
            let place = ["in its constructors", "in tab_module_entry", "reading its descriptor", "in its destructors"][
                Int(min(max(phase, 1), 4)) - 1]
            what = "hung \(place) while loading (no answer within \(ModuleHostExit.seconds(after)))"
        case (1, .exited(let status)):
            what = "made the dynamic loader exit (status \(status)) while loading"
        case (1, _):
            what = "crashed the dynamic loader (\(exit)) while loading"
        case (2, _):
            what = "crashed in tab_module_entry (\(exit)) while loading"
        case (4, _):
            what = "crashed in its destructors (\(exit)) while being unloaded"
        default:
            what = "crashed while its descriptor was read (\(exit)): the descriptor points outside the file"
        }
        return ModuleError(
            .crashedWhileLoading, path: path, reason: what,
            hint: "the file is corrupt or not built for this host; rebuild it or remove it")
    }
}
