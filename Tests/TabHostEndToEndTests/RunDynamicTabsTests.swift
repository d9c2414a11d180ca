import Foundation
import TabHostTesting
import Testing

/// The demo's second tab container: tabs added at run time by module name, reselected (not duplicated)
/// with a new param (rule 30 of docs/container-rules.md); a badge (rule 31) and a ticking clock on screen
/// without input.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunDynamicTabsTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    static func bar(_ screen: String) -> String { T.lines(of: screen).last { !$0.isEmpty } ?? "" }

    @Test func addThenReselectTheSameTabWithANewParam() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch))
            try tmux.click("Dynamic tabs", where: { $0.hasPrefix(" Dynamic tabs") })
            try tmux.waitForScreen { Self.bar($0).contains("Launcher") && $0.contains("Add a tab") }
            try tmux.click("Open notes", where: { $0.hasPrefix(" Open notes ") && !$0.contains("other") })
            // The new tab shows its title line until its start and first render are done: wait for the content.
            let added = try tmux.waitForScreen { screen in
                Self.bar(screen).contains("ℹ Shopping list")
                    && T.lines(of: screen).contains { $0.hasPrefix(" Subject") && $0.hasSuffix("Shopping list") }
            }
            #expect(T.lines(of: added).first?.hasSuffix("Workspace") == true, "the pushed container keeps the title bar:\n\(added)")
            #expect(T.lines(of: added).contains { $0.hasPrefix(" Started") && $0.hasSuffix(" 1") }, "\(added)")
            try tmux.send("1")
            try tmux.waitFor("Add a tab")
            try tmux.click("Open notes (other page)")
            // The bar item follows the title set in start at once; the content is the kept frame until the
            // restarted instance's first render arrives, so wait for the content itself.
            let reselected = try tmux.waitForScreen { screen in
                T.lines(of: screen).contains { $0.hasPrefix(" Subject") && $0.hasSuffix("Holiday plans") }
            }
            #expect(T.lines(of: reselected).contains { $0.hasPrefix(" Started") && $0.hasSuffix(" 2") }, "\(reselected)")
            #expect(Self.bar(reselected).components(separatedBy: "ℹ").count == 2, "one detail item:\n\(reselected)")
            #expect(Self.bar(reselected).contains("ℹ Holiday plans"), "the item follows the module's title:\n\(reselected)")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }

    @Test func theBadgeShowsAndTheClockTicksWithoutInput() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch))
            try tmux.waitFor("Jack")
            try tmux.send("Enter")
            let account = try tmux.waitFor("Jack's favourites")
            #expect(Self.bar(account).contains("★ Favourites (4)"), "\(account)")
            try tmux.send("Escape")
            try tmux.click("Dynamic tabs", where: { $0.hasPrefix(" Dynamic tabs") })
            try tmux.waitFor("Add a tab")
            try tmux.send("2")
            let clock = try tmux.waitFor("Local time")
            func time(_ screen: String) -> String? {
                T.lines(of: screen).map { $0.trimmingCharacters(in: .whitespaces) }
                    .first {
                        $0.count == 8 && $0.filter { $0 == ":" }.count == 2
                            && $0.replacingOccurrences(of: ":", with: "").allSatisfy(\.isNumber)
                    }
            }
            let first = try #require(time(clock), "\(clock)")
            try tmux.waitForScreen(timeout: .seconds(10)) { screen in time(screen).map { $0 != first } ?? false }
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }
}
