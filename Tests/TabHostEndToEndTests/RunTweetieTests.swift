import Foundation
import TabHostTesting
import Testing

/// The Tweetie flow of the demo layout, walked in a real terminal (tmux, 100×30) with keys and with the mouse:
/// rules 37 and 40 of docs/container-rules.md.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunTweetieTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// The bottom line of a screen (where the demo's tab bar is).
    static func lastLine(_ screen: String) -> String {
        T.lines(of: screen).last { !$0.isEmpty } ?? ""
    }

    static func isAccounts(_ screen: String) -> Bool {
        let lines = T.lines(of: screen)
        return lines.first?.trimmingCharacters(in: .whitespaces) == "Accounts"
            && ["Jack", "Jill", "John"].allSatisfy { name in lines.contains { $0.hasPrefix(" \(name) ") } }
            && !screen.contains("‹")
    }

    static func isJackFavourites(_ screen: String) -> Bool {
        let lines = T.lines(of: screen)
        let bar = lastLine(screen)
        return lines.first?.hasPrefix("‹ Accounts") == true && lines.first?.hasSuffix("Jack") == true
            && screen.contains("Jack's favourites") && bar.contains("★ Favourites (4)") && bar.contains("… More")
    }

    static func isJackMore(_ screen: String) -> Bool {
        let lines = T.lines(of: screen)
        let bar = lastLine(screen)
        return lines.first?.hasPrefix("‹ Accounts") == true && lines.first?.hasSuffix("Jack") == true
            && ["Followers", "Following", "Lists", "Settings"].allSatisfy { row in lines.contains { $0.hasPrefix(" \(row) ") } }
            && bar.contains("Favourites") && bar.contains("More")
    }

    static func isDetail(_ screen: String, _ subject: String) -> Bool {
        let lines = T.lines(of: screen)
        return lines.first?.hasPrefix("‹ Jack") == true && lines.first?.hasSuffix(subject) == true
            && lines.contains { $0.hasPrefix(" Subject") && $0.hasSuffix(subject) }
            && lines.contains { $0.hasPrefix(" Started") && $0.hasSuffix(" 1") }
            // The pushed screen covers the tab bar: no bar line anywhere.
            && !lines.contains { $0.contains("Favourites") || $0.contains("More") }
    }

    @Test func theWholeFlowWithKeys() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch))
            try tmux.waitForScreen(Self.isAccounts)
            try tmux.send("Enter")  // Jack is focused first
            try tmux.waitForScreen(Self.isJackFavourites)
            try tmux.send("2")
            try tmux.waitForScreen(Self.isJackMore)
            try tmux.send("Down", "Enter")  // Following
            let detail = try tmux.waitForScreen { Self.isDetail($0, "Jack: Following") }
            #expect(!Self.lastLine(detail).contains("More"), "bar still drawn:\n\(detail)")
            try tmux.send("Escape")
            try tmux.waitForScreen(Self.isJackMore)
            try tmux.send("Escape")
            try tmux.waitForScreen(Self.isAccounts)
            try tmux.send("Down", "Enter")  // Jill
            try tmux.waitForScreen { T.lines(of: $0).first?.hasSuffix("Jill") == true && $0.contains("Jill's favourites") }
            try tmux.send("BSpace")
            try tmux.waitForScreen(Self.isAccounts)
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }

    @Test func theWholeFlowWithTheMouse() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch))
            try tmux.waitForScreen(Self.isAccounts)
            try tmux.click("John", where: { $0.hasPrefix(" John") })
            try tmux.waitForScreen { T.lines(of: $0).first?.hasSuffix("John") == true && $0.contains("John's favourites") }
            try tmux.click("‹ Accounts")
            try tmux.waitForScreen(Self.isAccounts)
            try tmux.click("Jack", where: { $0.hasPrefix(" Jack") })
            try tmux.waitForScreen(Self.isJackFavourites)
            try tmux.click("More", where: { $0.contains("Favourites") })
            try tmux.waitForScreen(Self.isJackMore)
            try tmux.click("Lists", where: { $0.hasPrefix(" Lists") })
            try tmux.waitForScreen { Self.isDetail($0, "Jack: Lists") }
            try tmux.click("‹ Jack")
            try tmux.waitForScreen(Self.isJackMore)
            try tmux.click("Favourites", where: { $0.contains("More") })
            try tmux.waitForScreen(Self.isJackFavourites)
            try tmux.click("‹ Accounts")
            try tmux.waitForScreen(Self.isAccounts)
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }
}
