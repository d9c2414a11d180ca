import TabKit
import _CTerminalShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal front end: draws a `ScreenSource`'s screens, turns keys and clicks into its
/// actions, redraws on resize, and restores the terminal however it ends.
///
/// Single-threaded: `run()` runs the event loop on the calling thread; everything else (the
/// source's methods, callbacks registered on `loop`) is called from there.
///
/// ```swift
/// let app = try TerminalApp(source: model)            // throws TerminalError(.notATerminal)
/// app.loop.watch(inotifyFD) { reloader.drain(); app.setNeedsDisplay() }
/// app.loop.watch(wakeReadFD) { drainWakeups(); app.setNeedsDisplay() }
/// app.loop.schedule(after: .seconds(1)) { model.tick(); app.setNeedsDisplay() }
/// try app.run()                                       // returns after q / Ctrl-C; terminal restored
/// ```
public final class TerminalApp {
    /// The loop: register more descriptors (inotify, a wake-up pipe) and timers (ticks) on it.
    public let loop: EventLoop
    /// The terminal drawn on.
    public let terminal: Terminal
    private let source: ScreenSource
    private let renderer: ScreenRenderer
    private var router = InputRouter()
    private var decoder = InputDecoder()
    private var differ = FrameDiffer()
    private var needsDisplay = true
    private var needsFullRepaint = true
    private var escapeTimer: EventLoop.TimerID?
    private var lastScreen: Screen?
    private var failure: TerminalError?
    private var isRunning = false
    /// Sizes of the frames written so far.
    public private(set) var statistics = FrameStatistics()
    /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
    public var escapeTimeout: Duration = .milliseconds(30)

    /// Creates an app drawing `source` on `terminal` (default: this process's terminal).
    public init(source: ScreenSource, terminal: Terminal? = nil, loop: EventLoop = EventLoop(),
                options: RenderOptions = .current) throws(TerminalError) {
        self.source = source
        if let terminal {
            self.terminal = terminal
        } else {
            self.terminal = try Terminal.open()
        }
        self.loop = loop
        renderer = ScreenRenderer(options: options)
        loop.atEndOfIteration { [weak self] in self?.drawIfNeeded() }
    }

    /// Asks for a redraw at the end of the current loop iteration (coalesced: one frame at most).
    public func setNeedsDisplay() {
        needsDisplay = true
    }

    /// Asks for a repaint of every cell at the end of the current loop iteration.
    public func setNeedsFullRepaint() {
        needsDisplay = true
        needsFullRepaint = true
    }

    /// Ends `run()` after the current iteration.
    public func quit() {
        loop.stop()
    }

    /// Takes over the terminal and runs until `q`, Ctrl-C, end of input or an error; the
    /// terminal is restored before it returns or throws (signal and crash paths restore it too).
    public func run() throws(TerminalError) {
        try terminal.enterFullScreen()
        defer { terminal.restore() }
        let winch = tabhost_term_winch_open()
        guard winch >= 0 else {
            throw TerminalError(.eventLoop, "cannot watch for window size changes: \(String(cString: strerror(errno)))")
        }
        defer { tabhost_term_winch_close() }
        let ttyWatch = loop.watch(terminal.inputDescriptor) { [unowned self] in readInput() }
        let winchWatch = loop.watch(winch) { [unowned self] in
            tabhost_term_drain(winch)
            setNeedsFullRepaint()
        }
        isRunning = true
        defer {
            isRunning = false
            loop.unwatch(ttyWatch)
            loop.unwatch(winchWatch)
        }
        needsDisplay = true
        needsFullRepaint = true
        try loop.run()
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

    /// Handles decoded events as if typed (also useful to drive the app from tests).
    public func handle(_ events: [InputEvent]) {
        for event in events {
            let screen = lastScreen ?? source.currentScreen()
            for command in router.handle(event, on: screen) {
                switch command {
                case .perform(let action):
                    source.perform(action)
                    needsDisplay = true
                    // Later events of this read act on the screen the action produced.
                    let next = source.currentScreen()
                    router.prepare(for: next)
                    lastScreen = next
                case .redraw: needsDisplay = true
                case .repaint: setNeedsFullRepaint()
                case .quit: quit()
                }
            }
        }
    }

    private func fail(_ error: TerminalError) {
        failure = error
        quit()
    }

    /// Draws a frame if one was asked for: render, diff, one write.
    private func drawIfNeeded() {
        guard isRunning, needsDisplay, failure == nil else { return }
        needsDisplay = false
        let size = terminal.size
        let screen = source.currentScreen()
        router.prepare(for: screen)
        let frame = renderer.render(screen, width: size.columns, height: size.rows, focus: router.focus, scroll: router.scroll)
        router.didRender(frame)
        lastScreen = screen
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
