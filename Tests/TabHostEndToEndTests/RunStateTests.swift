import Foundation
import TabHostTesting
import Testing

/// `tabhost run --state FILE`: the selection (by tab name) and every stack's path are saved on quit
/// and restored at the next start (rules 41 and 26 of docs/container-rules.md).
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunStateTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    @Test func quitSavesTheStacksAndSelectionAndTheNextRunRestoresThem() throws {
        try R.withScratch { scratch in
            let state = scratch + "/state.json"

            let first = try T(R.runCommand(["--state", state], scratch: scratch))
            try first.waitForScreen(RunTweetieTests.isAccounts)
            try first.send("Enter")  // Jack
            try first.waitForScreen(RunTweetieTests.isJackFavourites)
            try first.send("2")  // the More tab
            try first.waitForScreen(RunTweetieTests.isJackMore)
            try first.send("q")
            try first.waitFor("STATUS:0")
            let saved = try String(contentsOfFile: state, encoding: .utf8)
            #expect(saved.contains("\"@account\"") && saved.contains("\"Jack\"") && saved.contains("\"more\""), "\(saved)")

            let second = try T(R.runCommand(["--state", state], scratch: scratch))
            try second.waitForScreen(RunTweetieTests.isJackMore)
            try second.send("Escape")  // the restored stack still has Accounts below
            try second.waitForScreen(RunTweetieTests.isAccounts)
            try second.send("q")
            try second.waitFor("STATUS:0")
        }
    }

    /// The state is written shortly after each action, so a host ended by SIGTERM (or a closed
    /// terminal) still comes back where the user was.
    @Test func aHostEndedBySIGTERMComesBackWhereTheUserWas() throws {
        try R.withScratch { scratch in
            let state = scratch + "/state.json"

            let first = try T(R.runCommand(["--state", state], scratch: scratch))
            try first.waitForScreen(RunTweetieTests.isAccounts)
            try first.send("Enter")
            try first.waitForScreen(RunTweetieTests.isJackFavourites)
            try first.send("2")
            try first.waitForScreen(RunTweetieTests.isJackMore)
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline,
                (try? String(contentsOfFile: state, encoding: .utf8))?.contains("\"selected\":\"more\"") != true
            {
                usleep(50_000)
            }
            let saved = (try? String(contentsOfFile: state, encoding: .utf8)) ?? ""
            #expect(saved.contains("\"selected\":\"more\""), "\(saved)")
            for pid in try first.childPIDs() { kill(pid, SIGTERM) }
            try first.waitFor("STATUS:143")

            let second = try T(R.runCommand(["--state", state], scratch: scratch))
            try second.waitForScreen(RunTweetieTests.isJackMore)
            try second.send("q")
            try second.waitFor("STATUS:0")
        }
    }

    /// Shift-Right moves the selected tab one slot (customizing); the order is saved and restored.
    @Test func aReorderedBarIsPersisted() throws {
        try R.withScratch { scratch in
            let state = scratch + "/state.json"
            func moreFirst(_ screen: String) -> Bool {
                let bar = RunTweetieTests.lastLine(screen)
                guard let more = bar.range(of: "More"), let favourites = bar.range(of: "Favourites") else { return false }
                return more.lowerBound < favourites.lowerBound && screen.contains("Jack's favourites")
            }

            let first = try T(R.runCommand(["--state", state], scratch: scratch))
            try first.waitForScreen(RunTweetieTests.isAccounts)
            try first.send("Enter")
            try first.waitForScreen(RunTweetieTests.isJackFavourites)
            try first.send("S-Right")
            try first.waitForScreen(moreFirst)
            try first.send("q")
            try first.waitFor("STATUS:0")

            let second = try T(R.runCommand(["--state", state], scratch: scratch))
            try second.waitForScreen(moreFirst)
            try second.send("q")
            try second.waitFor("STATUS:0")
        }
    }

    /// One line, in the status line too (the terminal's screen hid what went to stderr until quit), and
    /// the damaged file is kept aside: the session's first save overwrote it, and with it whatever in it
    /// could still be recovered by hand.
    @Test func aDamagedStateFileIsOneLineIsKeptAsideAndTheLayoutStarts() throws {
        try R.withScratch { scratch in
            let state = scratch + "/state.json"
            let damaged = #"{"root": {"tabs": {"selected": counter, "state": "NDI="}}, "version": 2}"#
            try damaged.write(toFile: state, atomically: true, encoding: .utf8)
            // Taken: the next name is used, and this file is not touched.
            try "older".write(toFile: state + ".unreadable", atomically: true, encoding: .utf8)
            let errors = scratch + "/stderr"
            let tmux = try T(R.runCommand(["--state", state], scratch: scratch, stderrFile: errors))
            try tmux.waitFor("cannot restore")  // the status line
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
            let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("\(state): cannot restore (restoration data:1:") == true, "\(lines)")
            #expect(lines.first?.hasSuffix("; starting from the layout; the file is kept in \(state).unreadable-2") == true, "\(lines)")
            #expect(try String(contentsOfFile: state + ".unreadable-2", encoding: .utf8) == damaged)
            #expect(try String(contentsOfFile: state + ".unreadable", encoding: .utf8) == "older")
            // The session saved its own state in the file's place.
            #expect(try String(contentsOfFile: state, encoding: .utf8).contains(#""version":2"#))
        }
    }

    /// A file a newer TabHost wrote is read for what this one knows, and kept as it was: this version's
    /// save would drop what it does not know.
    @Test func aNewerStateFileIsReadAndKeptAsItWas() throws {
        try R.withScratch { scratch in
            let state = scratch + "/state.json"
            let newer = #"{"future": {"kept": true}, "root": {}, "version": 3}"#
            try newer.write(toFile: state, atomically: true, encoding: .utf8)
            let errors = scratch + "/stderr"
            let tmux = try T(R.runCommand(["--state", state], scratch: scratch, stderrFile: errors))
            try tmux.waitForScreen(RunTweetieTests.isAccounts)
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
            let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
            #expect(
                lines == [
                    "\(state): written by a newer TabHost (format 3); read for what this one knows, and kept as it was in \(state).v3"
                ])
            #expect(try String(contentsOfFile: state + ".v3", encoding: .utf8) == newer)
        }
    }

    /// Two hosts on one state file would overwrite each other's saves: the second is refused in one line
    /// naming the first, and starts once the first has quit (its claim goes with it).
    @Test func aSecondHostOnTheSameStateFileIsRefusedUntilTheFirstQuits() throws {
        try R.withScratch { scratch in
            let state = scratch + "/state.json"
            let first = try T(R.runCommand(["--state", state], scratch: scratch))
            try first.waitForScreen(RunTweetieTests.isAccounts)
            let firstPID = try #require(try first.childPIDs().first)
            var info = stat()
            #expect(stat(state + ".lock", &info) == 0 && info.st_mode & 0o777 == 0o600)

            let second = try T(R.runCommand(["--state", state], scratch: scratch))
            let refused = try second.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: refused) == "STATUS:1", "\(refused)")
            let line =
                "\(state): another tabhost (PID \(firstPID)) is using this state file; "
                + "quit it first, or give this one another --state FILE"
            #expect(refused.replacingOccurrences(of: "\n", with: "").contains(line), "\(refused)")
            // The first host is untouched and still saves.
            try first.send("Enter")
            try first.waitForScreen(RunTweetieTests.isJackFavourites)
            try first.send("q")
            try first.waitFor("STATUS:0")

            let third = try T(R.runCommand(["--state", state], scratch: scratch))
            try third.waitForScreen(RunTweetieTests.isJackFavourites)
            try third.send("q")
            try third.waitFor("STATUS:0")
        }
    }
}
