import TabHostClient
import TabHostLoop
import TabHostPoll
import TabKit
import Testing
import _CTerminalShims

@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// A small session for driving the app: two tabs, a list, a Back label; records every action and
/// publishes its screen at the end of each loop iteration, as a live session does.
final class RecordingSession: ScreenSession {
    let loop: any EventLoop
    private let publisher = ScreenPublisher()
    var actions: [ScreenAction] = []
    /// The focus reports (`ScreenAction.focus`), kept apart from `actions`.
    var focusReports: [String?] = []
    var selected = 0
    var ticks = 0
    /// How many times a front end asked for the screen.
    var screenReads = 0
    /// What `isAwaitingModules` says (a module's first view on its way).
    var awaitsModules = false
    /// The tab whose module has not sent its first view: it shows its title line meanwhile
    /// (`ViewTree.awaitsModule`), as an isolated module's tab does.
    var awaitedTab: Int?
    /// The alert shown over the screen, if any.
    var alert: ScreenAlert?

    /// With `publishing` false, call `startPublishing()` later (as a live session does in `start()`,
    /// after a front end registered its own end-of-iteration work).
    init(loop: PollEventLoop = PollEventLoop(), publishing: Bool = true) {
        self.loop = loop
        if publishing { startPublishing() }
    }

    func startPublishing() {
        loop.atEndOfIteration { [unowned self] in publisher.publish(current) }
    }

    var screen: Screen {
        screenReads += 1
        return current
    }

    var isAwaitingModules: Bool { awaitsModules }

    var current: Screen {
        Screen(
            title: selected == 0 ? "Jack" : "Mentions", backLabel: "Accounts",
            content: selected == awaitedTab
                ? ViewTree([.text("Mentions")], awaitsModule: true)
                : ViewTree([
                    .row(ViewRow(title: "First", action: "first")),
                    .row(ViewRow(title: "Second", detail: "ticks \(ticks)", action: "second")),
                ]),
            tabBar: TabBar(items: [
                TabBarItem(title: "Favourites", glyph: "★", isSelected: selected == 0),
                TabBarItem(title: "Mentions", glyph: "@", isSelected: selected == 1),
            ]), alert: alert)
    }

    func perform(_ action: ScreenAction) {
        if case .focus(let id) = action {
            focusReports.append(id)
            return
        }
        actions.append(action)
        if case .selectTab(let index) = action { selected = index }
    }

    func subscribe(_ subscriber: @escaping (Screen) -> Void) -> ScreenSubscription {
        publisher.subscribe(subscriber)
    }

    func unsubscribe(_ subscription: ScreenSubscription) {
        publisher.unsubscribe(subscription)
    }
}

/// The whole front end on a pseudo-terminal, in this process: keys in, frames out.
@Suite(.serialized)
struct TerminalAppTests {
    func makeApp(_ source: RecordingSession, _ pty: PseudoTerminal) throws -> TerminalApp {
        // Keys typed before raw mode would be echoed and line-buffered: start from raw.
        var ignored = termios()
        _ = tabhost_term_enter_raw(pty.device, &ignored)
        return try TerminalApp(
            session: source, terminal: Terminal(input: pty.device, output: pty.device),
            options: RenderOptions(useColor: false))
    }

    @Test func keysBecomeActionsAndTheScreenShowsTheResult() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSession()
        let app = try makeApp(source, pty)
        pty.type(Array("\u{1B}[B\r2\u{1B}[<0;2;1Mq".utf8))
        try app.run()
        #expect(source.actions == [.activate("second"), .selectTab(1), .back])
        var screen = ANSIInterpreter(width: 40, height: 12)
        let output = pty.readAll()
        screen.apply(output)
        let expected = ScreenRenderer(options: RenderOptions(useColor: false))
            .render(source.current, width: 40, height: 12, focus: 0).grid
        #expect(screen.grid.text == expected.text)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.hasPrefix(Terminal.setupSequence))
        #expect(text.hasSuffix(Terminal.restoreSequence))
        #expect(app.statistics.frames == 2)  // the first frame, then one for all three actions
        #expect(app.statistics.fullRepaints == 1)
    }

    /// While the session awaits its modules, the first frame waits: nothing is written until the view
    /// arrives, then one frame shows it with the setup ahead of it; a module that takes longer than
    /// `firstFrameWait` gets the frame it has (its tab's title line) when the wait runs out.
    @Test func theFirstFrameWaitsForTheModulesViews() throws {
        for viewArrives in [true, false] {
            let pty = PseudoTerminal(columns: 40, rows: 12)
            let source = RecordingSession()
            source.awaitsModules = true
            let app = try makeApp(source, pty)
            app.firstFrameWait = viewArrives ? .seconds(30) : .milliseconds(40)
            var writtenWhileWaiting: [UInt8] = []
            app.loop.schedule(after: .milliseconds(20)) {
                writtenWhileWaiting = pty.readAll()
                if viewArrives {
                    source.selected = 1
                    source.awaitsModules = false
                }
            }
            app.loop.schedule(after: .milliseconds(100)) { pty.type(Array("q".utf8)) }
            try app.run()
            #expect(writtenWhileWaiting.isEmpty, "\(String(decoding: writtenWhileWaiting, as: UTF8.self))")
            let output = pty.readAll()
            #expect(String(decoding: output, as: UTF8.self).hasPrefix(Terminal.setupSequence))
            var screen = ANSIInterpreter(width: 40, height: 12)
            screen.apply(output)
            // The tab bar says "Mentions" on both screens; the title says which one is drawn.
            #expect(screen.grid.text.contains("Jack") != viewArrives, "\(screen.grid.text)")
            #expect(app.statistics.frames == 1)
        }
    }

    /// `q` ends the input: keys after it in the same read are not applied (`2q1` selects tab 2 only).
    @Test func keysAfterQuitInTheSameReadAreDropped() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSession()
        let app = try makeApp(source, pty)
        pty.type(Array("2q1\u{1B}[B".utf8))
        try app.run()
        #expect(source.actions == [.selectTab(1)])
    }

    /// Keys typed while the shown tab waits for its module's first view act once the view comes,
    /// in order (`2` then Enter opens the new tab's first row); Ctrl-C does not wait; with no view
    /// by `typeAheadLimit` they act on the screen as it is; a click, or a key that leaves the screen
    /// (a digit), is never held and lets the keys before it act first (on the screen as shown: Enter
    /// there reaches the module as a key).
    @Test(arguments: [
        ("2\r", true, [ScreenAction.selectTab(1), .activate("first")]),
        ("2\u{1B}[B\r\u{1B}[B\r", true, [.selectTab(1), .activate("second"), .activate("second")]),
        ("2\r\u{3}", true, [.selectTab(1)]),
        ("2\r\u{1B}[<0;2;1M", true, [.selectTab(1), .key(.enter), .back]),
        ("21", false, [.selectTab(1), .selectTab(0)]),
        ("2\r1", false, [.selectTab(1), .key(.enter), .selectTab(0)]),
    ])
    func keysTypedAheadOfAModulesViewActOnIt(keys: String, viewArrives: Bool, expected: [ScreenAction]) throws {
        try typeAhead(keys, viewArrives: viewArrives, limit: .seconds(30), expected: expected)
    }

    /// Past `typeAheadLimit` with no view, the keys act on the screen as it is.
    @Test func keysTypedAheadActWhenTheLimitRunsOut() throws {
        try typeAhead("2\r", viewArrives: false, limit: .milliseconds(200), expected: [.selectTab(1), .key(.enter)])
    }

    /// An alert takes the keys at once, whatever waits under it.
    @Test func anAlertOverAWaitingScreenTakesTheKeysAtOnce() throws {
        try typeAhead(
            "\r", viewArrives: false, limit: .seconds(30), expected: [.answerAlert(id: "ask", button: "OK")], awaitedTab: 0,
            alert: ScreenAlert(id: "ask", title: "Sure?", buttons: []))
    }

    private func typeAhead(
        _ keys: String, viewArrives: Bool, limit: Duration, expected: [ScreenAction], awaitedTab: Int = 1,
        alert: ScreenAlert? = nil
    ) throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSession()
        source.awaitedTab = awaitedTab
        source.alert = alert
        let app = try makeApp(source, pty)
        app.typeAheadLimit = limit
        pty.type(Array(keys.utf8))
        // Weak: a run the keys end at once leaves this timer in the session's own loop.
        if viewArrives { app.loop.schedule(after: .milliseconds(80)) { [weak source] in source?.awaitedTab = nil } }
        // Ends the run (Ctrl-C drops what is still held).
        app.loop.schedule(after: .milliseconds(600)) { pty.type(Array("\u{3}".utf8)) }
        try app.run()
        #expect(source.actions == expected, "\(keys.debugDescription)")
    }

    /// The model hears where the focus is: on the first frame, then on each move.
    @Test func focusChangesAreToldToTheSession() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSession()
        let app = try makeApp(source, pty)
        app.loop.schedule(after: .milliseconds(50)) { pty.type(Array("\u{1B}[B".utf8)) }
        app.loop.schedule(after: .milliseconds(150)) { pty.type(Array("\u{1B}[Bq".utf8)) }
        try app.run()
        #expect(source.focusReports == ["first", "second"])  // the second Down changed nothing
        #expect(source.actions.isEmpty)
    }

    @Test func loneEscapeGoesBackAfterTheTimeoutAndTicksRedraw() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSession()
        let app = try makeApp(source, pty)
        pty.type([0x1B])
        // A module tick: the model changes and the session publishes it; then quit by key.
        app.loop.schedule(after: .milliseconds(100)) { source.ticks = 5 }
        app.loop.schedule(after: .milliseconds(200)) { pty.type(Array("q".utf8)) }
        try app.run()
        #expect(source.actions == [.back])
        var screen = ANSIInterpreter(width: 40, height: 12)
        screen.apply(pty.readAll())
        #expect(screen.grid.text.contains("ticks 5"))
        #expect(app.statistics.fullRepaints == 1)
        // The first frame and the tick's; Back changed nothing this session shows, so no frame.
        #expect(app.statistics.frames == 2)
    }

    @Test func aScreenPublishedAfterTheAppsOwnDrawIsDrawnInTheSameIteration() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSession(publishing: false)
        let app = try makeApp(source, pty)
        source.startPublishing()  // after the app's end-of-iteration draw, like HostSession.start()
        // Another front end (a browser) changes the model; nothing else wakes the loop until the check.
        app.loop.schedule(after: .milliseconds(50)) { source.selected = 1 }
        var shown = ""
        app.loop.schedule(after: .milliseconds(300)) {
            var screen = ANSIInterpreter(width: 40, height: 12)
            screen.apply(pty.readAll())
            shown = screen.grid.text
            app.quit()
        }
        try app.run()
        #expect(shown.contains("Mentions") && !shown.contains("Jack"), "\(shown)")
    }

    @Test func resizeRepaintsAtTheNewSizeAndCtrlLRepaints() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSession()
        let app = try makeApp(source, pty)
        app.loop.schedule(after: .milliseconds(50)) {
            _ = tabhost_term_set_size(pty.controller, 60, 10)
            raise(SIGWINCH)  // the pty is not our controlling terminal, so the kernel does not send it
        }
        app.loop.schedule(after: .milliseconds(150)) { pty.type([0x0C]) }
        app.loop.schedule(after: .milliseconds(250)) { pty.type(Array("q".utf8)) }
        try app.run()
        #expect(app.statistics.fullRepaints == 3)
        var screen = ANSIInterpreter(width: 60, height: 10)
        let output = pty.readAll()
        // Apply from the last full repaint (the 60×10 one).
        let clear = Array("\u{1B}[2J".utf8)
        var start = 0
        for index in 0...(output.count - clear.count) where Array(output[index..<(index + clear.count)]) == clear { start = index }
        screen.apply(Array(output[start...]))
        let expected = ScreenRenderer(options: RenderOptions(useColor: false))
            .render(source.current, width: 60, height: 10, focus: 0).grid
        #expect(screen.grid.text == expected.text)
    }

    @Test func focusMovesRedrawWithoutAskingTheSessionAgain() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSession()
        let app = try makeApp(source, pty)
        pty.type(Array("\u{1B}[B".utf8))
        app.loop.schedule(after: .milliseconds(100)) { pty.type(Array("\u{1B}[A".utf8)) }
        app.loop.schedule(after: .milliseconds(200)) { pty.type(Array("q".utf8)) }
        try app.run()
        #expect(source.actions.isEmpty)
        #expect(source.screenReads == 1)  // at start only: focus moves use the screen it has
        #expect(app.statistics.frames == 3)  // the first frame and one per focus move
    }

    @Test func anUnchangedScreenIsNotComposedAgain() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSession()
        let app = try makeApp(source, pty)
        // Publishes the same screen (nothing changed): no frame. Then a real change: one frame.
        app.loop.schedule(after: .milliseconds(50)) { source.ticks = 0 }
        app.loop.schedule(after: .milliseconds(100)) { source.ticks = 1 }
        app.loop.schedule(after: .milliseconds(200)) { pty.type(Array("q".utf8)) }
        try app.run()
        #expect(app.statistics.frames == 2)
    }
}
