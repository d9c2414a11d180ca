import TabKit
import Testing
import _CTerminalShims

@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// A small model for driving the app: two tabs, a list, a Back label; records every action.
final class RecordingSource: ScreenSource {
    var actions: [ScreenAction] = []
    var selected = 0
    var ticks = 0

    func currentScreen() -> Screen {
        Screen(
            title: selected == 0 ? "Jack" : "Mentions", backLabel: "Accounts",
            content: ViewTree([
                .row(ViewRow(title: "First", action: "first")),
                .row(ViewRow(title: "Second", detail: "ticks \(ticks)", action: "second")),
            ]),
            tabBar: TabBar(items: [
                TabBarItem(title: "Favourites", glyph: "★", isSelected: selected == 0),
                TabBarItem(title: "Mentions", glyph: "@", isSelected: selected == 1),
            ]))
    }

    func perform(_ action: ScreenAction) {
        actions.append(action)
        if case .selectTab(let index) = action { selected = index }
    }
}

/// The whole front end on a pseudo-terminal, in this process: keys in, frames out.
@Suite(.serialized)
struct TerminalAppTests {
    func makeApp(_ source: RecordingSource, _ pty: PseudoTerminal) throws -> TerminalApp {
        // Keys typed before raw mode would be echoed and line-buffered: start from raw.
        var ignored = termios()
        _ = tabhost_term_enter_raw(pty.device, &ignored)
        return try TerminalApp(source: source, terminal: Terminal(input: pty.device, output: pty.device),
                               options: RenderOptions(useColor: false))
    }

    @Test func keysBecomeActionsAndTheScreenShowsTheResult() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSource()
        let app = try makeApp(source, pty)
        pty.type(Array("\u{1B}[B\r2\u{1B}[<0;2;1Mq".utf8))
        try app.run()
        #expect(source.actions == [.activate("second"), .selectTab(1), .back])
        var screen = ANSIInterpreter(width: 40, height: 12)
        let output = pty.readAll()
        screen.apply(output)
        let expected = ScreenRenderer(options: RenderOptions(useColor: false))
            .render(source.currentScreen(), width: 40, height: 12, focus: 0).grid
        #expect(screen.grid.text == expected.text)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.hasPrefix(Terminal.setupSequence))
        #expect(text.hasSuffix(Terminal.restoreSequence))
        #expect(app.statistics.frames == 2)  // the first frame, then one for all three actions
        #expect(app.statistics.fullRepaints == 1)
    }

    @Test func loneEscapeGoesBackAfterTheTimeoutAndTicksRedraw() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSource()
        let app = try makeApp(source, pty)
        pty.type([0x1B])
        // A module tick: the model changes, the caller asks for a redraw; then quit by key.
        app.loop.schedule(after: .milliseconds(100)) {
            source.ticks = 5
            app.setNeedsDisplay()
        }
        app.loop.schedule(after: .milliseconds(200)) { pty.type(Array("q".utf8)) }
        try app.run()
        #expect(source.actions == [.back])
        var screen = ANSIInterpreter(width: 40, height: 12)
        screen.apply(pty.readAll())
        #expect(screen.grid.text.contains("ticks 5"))
        #expect(app.statistics.fullRepaints == 1)
        #expect(app.statistics.frames == 3)
    }

    @Test func resizeRepaintsAtTheNewSizeAndCtrlLRepaints() throws {
        let pty = PseudoTerminal(columns: 40, rows: 12)
        let source = RecordingSource()
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
            .render(source.currentScreen(), width: 60, height: 10, focus: 0).grid
        #expect(screen.grid.text == expected.text)
    }
}
