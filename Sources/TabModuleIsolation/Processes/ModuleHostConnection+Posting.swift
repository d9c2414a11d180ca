import TabHostLoop
import TabModuleRuntime

/// Posted calls: what the loop sends to the child without waiting, and the escalation of a call that
/// takes long (the busy mark, the not-responding line, the kill).
extension ModuleHostConnection {
    /// A call the user waits on marks its tabs busy after this long.
    static let busyAfter: Duration = .milliseconds(100)
    /// How often the escalation of a call in flight is looked at (and the line's seconds move).
    static let escalationStep: Duration = .milliseconds(100)
    /// Posted calls queued behind the one in flight, at most: past it a new one is dropped with a line.
    static let maximumQueuedCalls = 1024

    /// Sends `writer` once the child is free (one posted call in flight at a time, in order), never
    /// waiting for the reply: `handler` gets it when it comes, or `.unavailable` when the child
    /// stops first or a stop drops the call. False, with one log line, when the queue is full (the
    /// handler is not called). Without a loop (a command that runs none) it waits as a request would.
    @discardableResult
    func post(
        _ writer: WireWriter, call: ModuleCall, userWaits: Bool, isInput: Bool = false,
        finish: ((inout WireWriter) -> Void)? = nil, handler: @escaping (Reply) -> Void
    ) -> Bool {
        guard state != .stopped else {
            handler(.unavailable)
            return true
        }
        guard queue.count < Self.maximumQueuedCalls else {
            noteDroppedCall(call)
            return false
        }
        queue.append(PostedModuleCall(writer: writer, call: call, userWaits: userWaits, isInput: isInput, finish: finish, handler: handler))
        sendNext()
        if loop == nil { _ = settle(until: .now + settings.hangTimeout) }
        return true
    }

    /// Says that `call` was dropped at a full queue, in one line a second at most that counts the others:
    /// a flood of keys or of a page's actions dropped thousands a second, each with its line, past the
    /// log's budget for a module.
    private func noteDroppedCall(_ call: ModuleCall) {
        guard let others = dropLines.admit() else { return }
        let busy = inFlight?.posted.call.description ?? "a call"
        let more = others > 0 ? "; \(others) more calls dropped since the last such line" : ""
        logger.warning(
            "\(call) dropped: \(Self.maximumQueuedCalls) calls already wait for its process (it is busy with \(busy))\(more)",
            metadata: ["module": "\(module.name)"])
    }

    /// True while a posted event for `instance` waits in the queue (not the one in flight).
    func hasQueuedEvent(for instance: UInt64) -> Bool {
        queue.contains { $0.call.function == .event && $0.call.instance == instance }
    }

    /// The posted call the child works on and how long its clock has run, for the not-responding line.
    var busyCall: (call: ModuleCall, elapsed: Duration)? {
        guard let inFlight else { return nil }
        return (inFlight.posted.call, .now - inFlight.since)
    }

    /// Sends the next queued call when the child is free: nothing in flight, no synchronous request
    /// waiting (the child would read it inside that request), running.
    func sendNext() {
        guard state == .running, inFlight == nil, outstanding.isEmpty, !queue.isEmpty else { return }
        var next = queue.removeFirst()
        next.finish?(&next.writer)
        let seq = takeSeq()
        // The child may read the call and start on it before `send` returns: its clock starts here.
        let sending = ContinuousClock.now
        switch channel.send(next.writer.frame(seq: seq), deadline: sending + settings.hangTimeout) {
        case .sent:
            inFlight = (seq, next, sending)
            scheduleEscalation()
        case .closed:
            queue.insert(next, at: 0)
            childEnded(blaming: .some(nil))
        case .timedOut:
            queue.insert(next, at: 0)
            kill(.killedAfterHang(settings.hangTimeout), call: next.call)
        }
    }

    /// The reply of the posted call in flight: handled, then the next queued call goes (an event whose
    /// reply says a FRAME follows stays in flight as that instance's render until the frame comes).
    func completePosted(_ frame: WireFrame) {
        guard let done = inFlight else { return }
        recordReply(to: done.posted.call.function, sent: inFlightSent)
        flushPending()
        guard state != .stopped else { return }
        var reader = frame.reader
        if done.posted.call.function == .event, !frame.isFailure, (try? reader.u8()) == 1, let id = done.posted.call.instance {
            let render = PostedModuleCall(
                writer: done.posted.writer, call: ModuleCall(.render, instance: id), userWaits: done.posted.userWaits,
                isInput: false, finish: nil, handler: { _ in })
            inFlight = (done.seq, render, .now)
            awaitsFrame = id
            done.posted.handler(.replied(reader))
            return
        }
        inFlight = nil
        awaitsFrame = nil
        cancelEscalation()
        setBusy(.idle)
        done.posted.handler(frame.isFailure ? .failed(frame.failureMessage) : .replied(reader))
        finishedPosted()
    }

    /// The FRAME of instance `id` was applied: when the call in flight waited for it, the child is free.
    func framePushed(_ id: UInt64) {
        guard awaitsFrame == id, inFlight != nil else { return }
        // Its render's time came with it (`recordPushedRender`), as every FRAME's does.
        flushPending()
        inFlight = nil
        awaitsFrame = nil
        cancelEscalation()
        setBusy(.idle)
        finishedPosted()
    }

    /// The child is free again: retire it (when its last instance went meanwhile) or send the next call.
    private func finishedPosted() {
        guard state != .stopped else { return }
        if retireWhenIdle && queue.isEmpty && inFlight == nil {
            retire()
            return
        }
        sendNext()
    }

    /// Drops what is posted when the child stops (a kill, Restart, reload, crash): each handler gets
    /// `.unavailable`, and the input events dropped are counted in one line.
    func dropPosted() {
        cancelEscalation()
        busy = .idle
        var dropped = queue
        queue.removeAll()
        // Delivered already (the module got it), so not counted; its handler still hears the stop.
        let inputs = dropped.filter(\.isInput).count
        if let inFlight, awaitsFrame == nil { dropped.insert(inFlight.posted, at: 0) }
        inFlight = nil
        awaitsFrame = nil
        if inputs > 0 {
            logger.warning(
                "\(inputs) input event\(inputs == 1 ? "" : "s") dropped: its process stopped before they were delivered",
                metadata: ["module": "\(module.name)"])
        }
        for posted in dropped { posted.handler(.unavailable) }
    }

    /// Wait on the not-responding line: the call's clock starts again (the mark, the line and the
    /// kill limit count from now).
    func waitLonger() {
        guard let current = inFlight else { return }
        inFlight = (current.seq, current.posted, .now)
        setBusy(.idle, quietly: true)
        scheduleEscalation()
    }

    /// Restart on the not-responding line: the child is killed now, blaming the call it is stuck in.
    func killStuck() {
        if let current = inFlight {
            kill(.killedAfterHang(.now - current.since), call: current.posted.call)
        } else if let hung = hungCall {
            kill(.killedAfterHang(.now - hung.since), call: hung.call)
        }
    }

    /// FRAME_ACK: the instance's pushed frame was applied, so the child may push its next one.
    func acknowledgeFrame(of id: UInt64) {
        var writer = WireWriter(.frameAck)
        writer.u64(id)
        notify(writer)
    }

    /// SHOWN: whether the instance's tab is shown, so the child pushes a FRAME when a module thread
    /// invalidates it (shown) or sends an INVALIDATE (hidden: the host asks when it shows the tab).
    func tellShown(_ id: UInt64, _ shown: Bool) {
        var writer = WireWriter(.shown)
        writer.u64(id)
        writer.u8(shown ? 1 : 0)
        notify(writer)
    }

    /// A notification to the child (no reply; it reads it between its calls, or while it waits for one
    /// of its own requests).
    private func notify(_ writer: WireWriter) {
        guard state != .stopped else { return }
        switch channel.send(writer.frame(seq: 0), deadline: .now + settings.hangTimeout) {
        case .sent: break
        case .closed: childEnded()
        case .timedOut: kill(.killedAfterHang(settings.hangTimeout), call: inFlight?.posted.call)
        }
    }

    /// Waits (blocking, until `deadline`) until no posted call is in flight or queued and every
    /// abandoned call was answered, handling what the child sends meanwhile: for tests and commands
    /// that run no loop. True when it settled (or the child stopped).
    @discardableResult
    func settle(until deadline: ContinuousClock.Instant) -> Bool {
        while state != .stopped && (inFlight != nil || !abandoned.isEmpty || !queue.isEmpty) {
            // A child flooding notifications always has a frame ready: the deadline is checked between
            // them too (a quit settles for a bounded time).
            guard outstanding.isEmpty, ContinuousClock.now < deadline else { return false }
            if inFlight == nil && abandoned.isEmpty { sendNext() }
            switch receive(until: deadline) {
            case .timedOut: return false
            case .ended: return true
            case .frame(let frame): dispatch(frame)
            }
        }
        return true
    }

    /// Waits (blocking, until `deadline`) until no posted call for `instance` is left in the queue:
    /// each has been sent (the last may still run), handling what the child sends meanwhile. A
    /// request for `instance` sent after it reaches the child behind them, as it was made. True when
    /// none is left (or the child stopped), false at the deadline or inside another request.
    func sendQueued(for instance: UInt64, until deadline: ContinuousClock.Instant) -> Bool {
        while state == .running {
            if inFlight == nil { sendNext() }
            guard queue.contains(where: { $0.call.instance == instance }) else { return true }
            guard outstanding.isEmpty, ContinuousClock.now < deadline else { return false }
            switch receive(until: deadline) {
            case .timedOut: return false
            case .ended: return true
            case .frame(let frame): dispatch(frame)
            }
        }
        return true
    }

    // MARK: Escalation

    private func scheduleEscalation() {
        guard let loop else { return }
        if let escalationTimer { loop.cancel(escalationTimer) }
        escalationTimer = loop.schedule(after: Self.escalationStep) { [weak self] in
            self?.escalationTimer = nil
            self?.escalate()
        }
    }

    private func cancelEscalation() {
        if let escalationTimer { loop?.cancel(escalationTimer) }
        escalationTimer = nil
    }

    /// Looks at the call in flight: the busy mark after `busyAfter` (for a call the user waits on),
    /// the not-responding line after the hang timeout (for any call: a hidden tab stuck in a timer's
    /// event is marked too), the kill at the kill timeout.
    func escalate(now: ContinuousClock.Instant = .now) {
        guard state == .running, let current = inFlight else { return }
        let elapsed = now - current.since
        if elapsed >= settings.killTimeout {
            kill(.killedAfterHang(settings.killTimeout), call: current.posted.call)
            return
        }
        if elapsed >= settings.hangTimeout {
            setBusy(.notResponding)
        } else if current.posted.userWaits && elapsed >= Self.busyAfter {
            setBusy(.busy)
        }
        scheduleEscalation()
    }

    /// Moves to `level`, telling the instances (every step while not responding: the line shows the
    /// seconds) and, on the way into and out of not responding, the factory and (unless `quietly`) the log.
    private func setBusy(_ level: ModuleBusyLevel, quietly: Bool = false) {
        let old = busy
        busy = level
        if level == .notResponding && old != .notResponding, let call = inFlight?.posted.call {
            logger.warning(
                "not responding: no answer to \(call) within \(ModuleHostExit.seconds(settings.hangTimeout))",
                metadata: ["module": "\(module.name)"])
            onEvent?(.notResponding(call: call.description))
        } else if old == .notResponding && level != .notResponding {
            // After Wait the module has not answered: the log says nothing until it does or escalates again.
            if !quietly { logger.info("responding again", metadata: ["module": "\(module.name)"]) }
            onEvent?(.responding)
        }
        guard level != old || level == .notResponding else { return }
        for entry in instances.values { entry.instance?.busyChanged() }
    }
}
