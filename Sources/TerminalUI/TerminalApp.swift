import SystemPackage
import TabHostClient
import TabHostLoop
import TabKit
import _CTerminalShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal front end: a client of a live `ScreenSession`. It draws the session's screens,
/// turns keys and clicks into the session's actions, redraws on resize, and restores the terminal
/// however it ends. It holds no session wiring: the session publishes its screens, whoever changed them.
///
/// Runs on the session's loop thread: `run()` runs the session's loop on the calling thread.
///
/// ```swift
/// let app = try TerminalApp(session: session)        // throws TerminalError(.notATerminal)
/// try app.run()                                      // returns after q / Ctrl-C; terminal restored
/// ```
public final class TerminalApp {
    /// The session's loop, which `run()` runs.
    public var loop: any EventLoop { session.loop }
    /// The terminal drawn on.
    public let terminal: Terminal
    private let session: any ScreenSession
    private let renderer: ScreenRenderer
    private var router = InputRouter()
    private var decoder = InputDecoder()
    private var differ = FrameDiffer()
    private var needsDisplay = true
    private var needsFullRepaint = true
    private var escapeTimer: LoopTimerID?
    /// The newest screen the session published (or returned after an action); nil before `run()`.
    private var screen: Screen?
    /// What the last frame showed: a frame is composed again only when one of these changed.
    private var drawn: (screen: Screen, focus: Int?, scroll: Int, interaction: InteractionState, size: TerminalSize)?
    private var failure: TerminalError?
    private var isRunning = false
    /// Set by `q`, Ctrl-C or Ctrl-D: input after it (even in the same read) is not applied.
    private var isQuitting = false
    /// The serials of the notes (toast, copy, focus) already acted on; nil before the first screen,
    /// whose notes are old news.
    private var noteSerials: (toast: UInt64, clipboard: UInt64, focus: UInt64)?
    private var toastTimer: LoopTimerID?
    /// A `scroll_to` whose row the screen did not show yet (its list's new window comes in a later frame).
    private var pendingFocus: ScreenNote?
    /// How long a toast shows.
    public var toastDuration: Duration = .seconds(3)
    /// The longest the first frame waits for the modules' first views (`ScreenSession.isAwaitingModules`):
    /// a module that takes longer shows its tab's title line meanwhile, as a busy module does.
    public var firstFrameWait: Duration = .milliseconds(50)
    /// Runs out `firstFrameWait` while the first frame waits for the modules.
    private var firstFrameTimer: LoopTimerID?
    /// Sizes of the frames written so far.
    public private(set) var statistics = FrameStatistics()
    /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
    public var escapeTimeout: Duration = .milliseconds(30)
    /// The longest keys typed ahead wait for the module's first view (`ViewTree.awaitsModule`)
    /// before they act on the screen as it is. A module slower than the hang timeout shows its
    /// not-responding line sooner, which ends the wait too.
    public var typeAheadLimit: Duration = .seconds(2)
    /// Keys typed ahead of a module's first view, in order (at most `typeAheadCapacity`).
    private var typedAhead: [InputEvent] = []
    private var typeAheadTimer: LoopTimerID?
    /// Past this many keys typed ahead, they act on the screen as it is.
    static let typeAheadCapacity = 256

    /// Creates an app drawing `session` on `terminal` (default: this process's terminal).
    /// Call on the session's loop thread.
    public init(session: any ScreenSession, terminal: Terminal? = nil, options: RenderOptions = .current)
        throws(TerminalError)
    {
        self.session = session
        if let terminal {
            self.terminal = terminal
        } else {
            self.terminal = try Terminal.open()
        }
        renderer = ScreenRenderer(options: options)
        session.loop.atEndOfIteration { [weak self] in self?.drawIfNeeded() }
    }

    /// Asks for a repaint of every cell at the end of the current loop iteration.
    public func setNeedsFullRepaint() {
        needsDisplay = true
        needsFullRepaint = true
    }

    /// Ends `run()` after the current iteration; input not handled yet is dropped.
    public func quit() {
        isQuitting = true
        loop.stop()
    }

    /// Takes over the terminal and runs the session's loop until `q`, Ctrl-C, end of input or an
    /// error; the terminal is restored before it returns or throws (signal and crash paths restore it too).
    public func run() throws(TerminalError) {
        // The setup goes out with the first frame, in one write.
        try terminal.enterFullScreen(deferringSetup: true)
        defer { terminal.restore() }
        let winch = tabhost_term_winch_open()
        guard winch >= 0 else {
            throw TerminalError(.eventLoop, "cannot watch for window size changes: \(Errno(rawValue: errno).description)")
        }
        defer { tabhost_term_winch_close() }
        let ttyWatch = loop.watch(terminal.inputDescriptor) { [unowned self] in readInput() }
        let winchWatch = loop.watch(winch) { [unowned self] in
            tabhost_term_drain(winch)
            setNeedsFullRepaint()
        }
        let subscription = session.subscribe { [unowned self] screen in
            self.screen = screen
            needsDisplay = true
            if !typedAhead.isEmpty && !screen.content.awaitsModule { applyTypedAhead(holding: true) }
            // Screens are published at the end of an iteration, possibly after this app's own
            // end-of-iteration draw (a change from a tick or another front end): draw it now.
            drawIfNeeded()
        }
        screen = session.screen
        isRunning = true
        defer {
            isRunning = false
            session.unsubscribe(subscription)
            loop.unwatch(ttyWatch)
            loop.unwatch(winchWatch)
        }
        needsDisplay = true
        needsFullRepaint = true
        // An isolated module's first view usually comes a loop iteration after its start: drawing the
        // title line first would put a full frame's composition ahead of it.
        if session.isAwaitingModules {
            firstFrameTimer = loop.schedule(after: firstFrameWait) { [unowned self] in
                firstFrameTimer = nil
                drawIfNeeded()
            }
        }
        defer {
            if let firstFrameTimer { loop.cancel(firstFrameTimer) }
            firstFrameTimer = nil
            if let typeAheadTimer { loop.cancel(typeAheadTimer) }
            typeAheadTimer = nil
            typedAhead = []
        }
        do {
            try loop.run()
        } catch {
            throw TerminalError(.eventLoop, error.description)
        }
        if let failure { throw failure }
    }

    private func readInput() {
        let bytes: [UInt8]
        do {
            bytes = try terminal.read()
        } catch {
            fail(error)
            return
        }
        if bytes.isEmpty {
            quit()  // end of input: the terminal went away
            return
        }
        guard !isQuitting else { return }
        if let escapeTimer { loop.cancel(escapeTimer) }
        escapeTimer = nil
        handle(decoder.feed(bytes))
        if decoder.hasPending {
            escapeTimer = loop.schedule(after: escapeTimeout) { [unowned self] in
                escapeTimer = nil
                handle(decoder.flush())
            }
        }
    }

    /// Handles decoded events as if typed (also useful to drive the app from tests). Events after
    /// a quit are dropped: `q1` quits without selecting tab 1.
    ///
    /// Keys typed while the screen waits for its module's first view (`ViewTree.awaitsModule`: a
    /// tab just opened, an isolated module still starting) are held, in order, and act once the view
    /// comes: `2` then Enter opens the new tab's first row however fast they come. The keys that
    /// leave the screen (a digit, Left and Right, Esc, Backspace, `q`) and Ctrl-C, Ctrl-D never
    /// wait, so a module that never answers keeps nobody on its tab; like a click, which aims at
    /// what is shown, they first let the keys held before them act on the screen as it is. Nothing
    /// is held while an alert shows.
    public func handle(_ events: [InputEvent]) { handle(events, holding: true) }

    private func handle(_ events: [InputEvent], holding: Bool) {
        for event in events {
            guard !isQuitting else { return }
            if holding && holdsTypedAhead(event) {
                typedAhead.append(event)
                if typeAheadTimer == nil {
                    // Weak: `handle` may be driven without `run()`, whose end cancels the timer.
                    typeAheadTimer = loop.schedule(after: typeAheadLimit) { [weak self] in
                        self?.typeAheadTimer = nil
                        self?.applyTypedAhead(holding: false)
                    }
                }
                continue
            }
            let current = screen ?? session.screen
            for command in router.handle(event, on: current) {
                switch command {
                case .perform(let action):
                    session.perform(action)
                    needsDisplay = true
                    if case .focus = action { continue }  // the model draws nothing anew for it
                    // Later events of this read act on the screen the action produced.
                    let next = session.screen
                    router.prepare(for: next)
                    screen = next
                    reportFocus(on: next)
                case .redraw: needsDisplay = true
                case .repaint: setNeedsFullRepaint()
                case .quit:
                    quit()
                    return
                }
            }
        }
    }

    /// True when `event` waits with the keys typed ahead; makes room for it first when they are
    /// too many, and lets them act first when `event` cannot wait behind them.
    private func holdsTypedAhead(_ event: InputEvent) -> Bool {
        switch event {
        case .key(.control("c")), .key(.control("d")):
            return false  // quits: what is held is dropped with the rest
        case .mouse:
            if !typedAhead.isEmpty { applyTypedAhead(holding: false) }
            return false
        case .key(let key) where Self.leavesTheScreen(key):
            // The user leaves (another tab, Back, quit): never kept waiting on a slow module.
            if !typedAhead.isEmpty { applyTypedAhead(holding: false) }
            return false
        case .key, .paste:
            if typedAhead.count >= Self.typeAheadCapacity { applyTypedAhead(holding: false) }
            // An alert takes the keys whatever is under it.
            let current = screen ?? session.screen
            return !typedAhead.isEmpty || (current.content.awaitsModule && current.alert == nil)
        }
    }

    /// The keys that, on a screen waiting for its module (no field, no focus), pick another tab, go
    /// back or quit: what they do does not depend on the view that is on its way.
    private static func leavesTheScreen(_ key: Key) -> Bool {
        switch key {
        case .left, .right, .wordLeft, .wordRight, .shiftLeft, .shiftRight, .escape, .backspace: true
        case .character(let scalar): scalar == "q" || ("1"..."9").contains(scalar)
        default: false
        }
    }

    /// Lets the keys typed ahead act, in order, on the screen now shown. `holding`: a key whose
    /// action opens another screen that waits for its module holds the keys after it again.
    private func applyTypedAhead(holding: Bool) {
        if let typeAheadTimer { loop.cancel(typeAheadTimer) }
        typeAheadTimer = nil
        let events = typedAhead
        typedAhead = []
        let current = screen ?? session.screen
        router.prepare(for: current)
        reportFocus(on: current)
        handle(events, holding: holding)
        needsDisplay = true
    }

    /// Tells the model where the focus is when that changed without a key (a new screen appeared).
    private func reportFocus(on screen: Screen) {
        if let report = router.takeFocusReport(on: screen) { session.perform(report) }
    }

    /// Acts on the notes of `screen` not acted on yet (ABI 1.3): a toast shows for `toastDuration`,
    /// a copy goes to the terminal's clipboard (OSC 52), a focus request moves the focus.
    private func takeNotes(of screen: Screen) {
        let serials = (screen.toast?.serial ?? 0, screen.clipboard?.serial ?? 0, screen.focusRequest?.serial ?? 0)
        guard let seen = noteSerials else {
            noteSerials = serials
            return
        }
        defer { if screen.focusRequest?.serial != pendingFocus?.serial { pendingFocus = nil } }
        noteSerials = serials
        if let toast = screen.toast, toast.serial != seen.toast {
            router.show(toast: toast)
            if let toastTimer { loop.cancel(toastTimer) }
            toastTimer = loop.schedule(after: toastDuration) { [unowned self] in
                toastTimer = nil
                router.show(toast: nil)
                needsDisplay = true
            }
        }
        if let copy = screen.clipboard, copy.serial != seen.clipboard {
            do {
                try terminal.write(ClipboardSequence.bytes(for: copy.text))
            } catch {
                fail(error)
            }
        }
        if let request = screen.focusRequest, request.serial != seen.focus { pendingFocus = request }
        if let request = pendingFocus, router.focus(id: request.text, row: request.index, on: screen) || request.index == nil {
            pendingFocus = nil
        }
    }

    private func fail(_ error: TerminalError) {
        failure = error
        quit()
    }

    /// Draws a frame if one was asked for and something it shows changed: compose, diff, one write.
    private func drawIfNeeded() {
        guard isRunning, needsDisplay, failure == nil else { return }
        if let timer = firstFrameTimer {
            guard !session.isAwaitingModules else { return }
            loop.cancel(timer)
            firstFrameTimer = nil
            // The session publishes the modules' views after this draw, in the same iteration.
            screen = session.screen
        }
        guard let screen else { return }
        needsDisplay = false
        let size = terminal.size
        router.prepare(for: screen)
        takeNotes(of: screen)
        reportFocus(on: screen)
        if !needsFullRepaint, let drawn, drawn.screen == screen, drawn.focus == router.focus,
            drawn.scroll == router.scroll, drawn.interaction == router.interaction, drawn.size == size
        {
            return  // the same screen at the same focus: nothing to compose or write
        }
        let frame = renderer.render(
            screen, width: size.columns, height: size.rows, focus: router.focus, scroll: router.scroll,
            interaction: router.interaction, followFocus: router.followsFocus)
        router.didRender(frame)
        reportFocus(on: screen)
        // Rows the wheel (or Home, End) showed as placeholders: the module draws them with its next
        // render. While the view follows the focus, the focused row's window is asked for instead.
        if !router.followsFocus {
            for request in InputRouter.listRowsRequests(for: frame, on: screen) { session.perform(request) }
        }
        drawn = (screen, router.focus, router.scroll, router.interaction, size)
        let bytes = differ.frame(frame.grid, full: needsFullRepaint)
        needsFullRepaint = false
        statistics.frames += 1
        if differ.lastFrameWasFull { statistics.fullRepaints += 1 }
        statistics.lastFrameBytes = bytes.count
        statistics.totalBytes += bytes.count
        guard !bytes.isEmpty else { return }
        do {
            try terminal.write(bytes)
        } catch {
            fail(error)
        }
    }
}
