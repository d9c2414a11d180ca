import Foundation
import Testing

/// `tabhost run --state FILE`: the selection (by tab name) and every stack's path are saved on quit
/// and restored at the next start.
@Suite(.timeLimit(.minutes(2)))
struct RunStateTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    @Test func quitSavesTheStacksAndSelectionAndTheNextRunRestoresThem() throws {
        let scratch = try R.makeScratch()
        defer { R.remove(scratch) }
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

    @Test func aDamagedStateFileIsOneLineAndTheLayoutStarts() throws {
        let scratch = try R.makeScratch()
        defer { R.remove(scratch) }
        let state = scratch + "/state.json"
        try "{ not json".write(toFile: state, atomically: true, encoding: .utf8)
        let errors = scratch + "/stderr"
        let tmux = try T(R.runCommand(["--state", state], scratch: scratch, stderrFile: errors))
        try tmux.waitForScreen(RunTweetieTests.isAccounts)
        try tmux.send("q")
        try tmux.waitFor("STATUS:0")
        let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("\(state): cannot restore") == true, "\(lines)")
    }
}
