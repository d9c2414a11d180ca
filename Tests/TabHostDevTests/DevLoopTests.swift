import Foundation
import TabHostDev
import TabHostTesting
import TabKit
import Testing

/// `DevLoop` on a live session (real make, cc, inotify and module processes): save → build → reload.
@Suite(.hangGuard, .blocking)
struct DevLoopTests {
    @Test func aSaveRebuildsAndReloadsTheModuleWithItsStateKept() throws {
        let project = try DevProjectFixture()
        #expect(try project.start().result == .succeeded)
        #expect(try project.run { project.contentText.contains("Hello") }, "\(project.contentText)")
        project.session.perform(.activate("tap"))
        project.session.perform(.activate("tap"))
        #expect(try project.run { project.contentText.contains("2") }, "\(project.contentText)")

        try project.save(heading: "Hello again")
        #expect(try project.run { project.contentText.contains("Hello again") }, "\(project.contentText)")
        #expect(project.contentText == ["Hello again", "Taps", "2", "Tap"], "the taps survive the reload")
        let status = project.session.settledScreen().status
        #expect(status?.hasPrefix("reloaded hello") == true, "\(status ?? "-")")
    }

    @Test func aFailedBuildKeepsTheRunningVersionAndShowsTheFirstErrorUntilAGoodBuild() throws {
        let project = try DevProjectFixture()
        #expect(try project.start().result == .succeeded)
        #expect(try project.run { project.contentText.contains("Hello") })

        try project.save(heading: "Broken", broken: true)
        #expect(try project.run { project.outcomes.contains { if case .failed = $0.result { true } else { false } } })
        let status = project.session.settledScreen().status ?? ""
        #expect(status.hasPrefix("build failed: hello.c:15:"), "\(status)")
        // gcc quotes with ‘’ in a UTF-8 locale, '' in C.
        #expect(status.contains(": error: expected ") && status.contains(";") && status.hasSuffix("; Ctrl-B shows the log"), "\(status)")
        #expect(project.contentText.first == "Hello", "the running version stays")

        project.devLoop?.showLog()
        let log = project.session.settledScreen()
        #expect(log.isModal && log.title == "Build log")
        let texts = log.content.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
        #expect(texts.contains { $0.hasPrefix("hello.c:15:") && $0.contains("error: expected ") }, "\(texts)")
        #expect(texts.contains { $0.contains("cc -shared -fPIC") }, "the log holds the build's own output: \(texts)")
        // The compiler's source and caret lines keep their indentation, so the caret stays under its column.
        let caret = try #require(texts.first { $0.contains("|") && $0.contains("^") }, "no caret line: \(texts)")
        #expect(caret.prefix { $0 == " " }.count >= 4 && caret.drop { $0 == " " }.hasPrefix("|"), "\(caret)")
        project.session.perform(.dismiss)

        try project.save(heading: "Fixed")
        #expect(try project.run { project.contentText.contains("Fixed") }, "\(project.contentText)")
        let reloaded = project.session.settledScreen().status
        #expect(reloaded?.hasPrefix("reloaded hello") == true, "\(reloaded ?? "-")")
    }

    @Test func aRenderOver16MillisecondsShowsInTheStatusLine() throws {
        let project = try DevProjectFixture()
        try project.save(heading: "Hello", slowRenders: true)
        #expect(try project.start().result == .succeeded)
        #expect(try project.run { project.contentText.contains("Hello") }, "\(project.contentText)")
        #expect(project.session.screen.status?.hasPrefix("render ") != true, "the first render is fast")
        project.session.perform(.activate("tap"))
        #expect(try project.run { project.session.screen.status?.hasPrefix("render ") == true })
        let status = project.session.screen.status ?? ""
        let milliseconds = try #require(status.firstMatch(of: /^render (\d+) ms$/).flatMap { Int($0.1) }, "\(status)")
        #expect(milliseconds > 16, "\(status)")
    }

    /// A reload whose first render is slow shows `reloaded hello`, not the render line over it; once the
    /// message is gone, slow renders show again.
    @Test func theRenderLineDoesNotHideAReloadsMessage() throws {
        let project = try DevProjectFixture()
        try project.save(heading: "Hello", slowRenders: true)
        #expect(try project.start().result == .succeeded)
        #expect(try project.run { project.contentText.contains("Hello") }, "\(project.contentText)")
        // Over the line's own limit of one render line a second, so the last tap's line is due whatever the
        // machine's speed.
        project.session.statusDuration = .milliseconds(1100)
        project.session.perform(.activate("tap"))  // every render from now on is slow
        #expect(try project.run { project.session.screen.status?.hasPrefix("render ") == true })
        #expect(try project.run { project.session.screen.status == nil })
        try project.save(heading: "Again", slowRenders: true)
        #expect(try project.run { project.contentText.contains("Again") }, "\(project.contentText)")
        let reloaded = project.session.settledScreen().status
        #expect(reloaded?.hasPrefix("reloaded hello") == true, "\(reloaded ?? "-")")
        // Once that message is gone, a slow render is shown again.
        #expect(try project.run { project.session.screen.status == nil })
        project.session.perform(.activate("tap"))
        #expect(try project.run { project.session.screen.status?.hasPrefix("render ") == true })
    }

    @Test func aSaveDuringABuildStopsItsWholeProcessGroupAndBuildsAgain() throws {
        let project = try DevProjectFixture()
        #expect(try project.start().result == .succeeded)
        try "".write(toFile: project.project + "/slow", atomically: false, encoding: .utf8)
        try project.save(heading: "Slow")
        let pidFile = project.project + "/.sleeper"
        #expect(
            try project.run {
                (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                    Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
                } != nil
            })
        let sleeper = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))

        try FileManager.default.removeItem(atPath: project.project + "/slow")
        try project.save(heading: "Quick")
        #expect(try project.run { project.contentText.contains("Quick") }, "\(project.contentText)")
        #expect(project.outcomes.contains { $0.result == .cancelled })
        #expect(!project.contentText.contains("Slow"))
        #expect(try project.run { !ProcessState.runs(sleeper) }, "the build's background sleep \(sleeper) outlived the cancel")
    }
}
