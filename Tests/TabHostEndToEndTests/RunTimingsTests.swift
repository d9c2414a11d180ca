import Foundation
import TabHostTesting
import Testing

/// `tabhost inspect NAME --timings` in another process reads what a running host measured of the
/// module's calls; without a running host it says so in one line.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunTimingsTests {
    typealias R = RunSupport

    @Test func inspectTimingsPrintsARunningHostsCountsAndPercentilesPerCall() throws {
        try R.withScratch { scratch in
            let (modules, runtime) = try R.makeModulesAndRuntime(in: scratch)
            try R.compile(
                R.moduleSource(
                    name: "tapper", title: "Tapper", body: #"api->row(view, "Tap", NULL, "tap");"#,
                    onEvent: "if (event->type == TAB_EVENT_ACTION) api->invalidate(host);"),
                to: modules + "/tapper.so")
            let layout = try R.writeStackLayout(module: "tapper", to: scratch + "/layout.json")
            let environment = ["XDG_RUNTIME_DIR": runtime]
            let inspect = { try ListInspectSupport.run(["inspect", "tapper", "--timings"], environment: environment) }

            let none = try inspect()
            #expect(none.status == 1 && none.stdout.isEmpty, "\(none)")
            #expect(none.stderr.split(separator: "\n").count == 1 && none.stderr.contains("no running host"), "\(none)")

            let command = R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"], scratch: scratch)
            let tmux = try TmuxSession(command, width: 120, environment: environment)
            try tmux.waitFor("Tap")
            try tmux.send("Enter")
            try tmux.send("Enter")
            let pid = try #require(try tmux.childPIDs().first)
            // Published a second after the calls: wait for both events.
            var table: [String] = []
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline {
                let output = try inspect()
                table = output.stdout.split(separator: "\n").map(String.init)
                if output.status == 0, let event = table.first(where: { $0.hasPrefix("event ") }), event.contains(" 2 ") {
                    break
                }
                usleep(100_000)  // between runs of another process: the condition is its output
            }
            #expect(table.first == "running host \(pid): tapper's calls (p50 and p99 within a quarter, max exact)", "\(table)")
            #expect(table.dropFirst().first?.split(separator: " ") == ["call", "count", "p50", "p99", "max"], "\(table)")
            let rows = Dictionary(
                table.dropFirst(2).map { line in
                    let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                    return (fields[0], fields)
                }, uniquingKeysWith: { first, _ in first })
            #expect(
                Array(rows.keys).sorted() == ["appearance", "create", "destroy", "event", "render", "restore_state", "save_state", "start"])
            #expect(rows["create"]?[1] == "1", "\(table)")
            #expect(rows["event"]?[1] == "2", "\(table)")
            #expect(Int(rows["render"]?[1] ?? "") ?? 0 >= 3, "\(table)")
            // A row with calls: count, then three durations (number and unit each).
            #expect(rows["render"]?.count == 8 && rows["destroy"] == ["destroy", "0", "-", "-", "-"], "\(table)")
        }
    }
}
