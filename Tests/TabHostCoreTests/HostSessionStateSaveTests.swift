import Foundation
import TabHostCore
import TabHostTesting
import TabKit
import TabModuleIsolation
import Testing

/// The state file written between quits asks the isolated modules for their states without
/// waiting on them: another module's tab answers while one is still in its `save_state`, and the
/// file is written when the answers came, with them.
@Suite(.serialized, .blocking)
struct HostSessionStateSaveTests {
    /// The saver, whose `hold` row adds one and makes each later `save_state` wait (at most 4 s)
    /// until the file `flag` exists.
    static func holder(flag: String) -> String {
        SaverModule.source
            .replacingOccurrences(of: "int count; } saver;", with: "int count; int hold; } saver;")
            .replacingOccurrences(
                of: #"self->api->row(view, "Crash", NULL, "segv");"#,
                with: #"self->api->row(view, "Crash", NULL, "segv"); self->api->row(view, "Hold", NULL, "hold");"#
            )
            .replacingOccurrences(of: "#include <string.h>", with: "#include <string.h>\n#include <time.h>\n#include <unistd.h>")
            .replacingOccurrences(
                of: #"if (strcmp(e->action, "segv") == 0)"#,
                with: #"if (strcmp(e->action, "hold") == 0) { self->hold = 1; self->count += 1; self->api->invalidate(self->host); }"#
                    + "\n            " + #"if (strcmp(e->action, "segv") == 0)"#
            )
            .replacingOccurrences(
                of: "saver *self = opaque;\n    if (buf != NULL",
                with: """
                    saver *self = opaque;
                        for (int i = 0; self->hold && i < 400 && access("\(flag)", F_OK) != 0; i++) {
                            struct timespec t = {0, 10000000L};
                            nanosleep(&t, NULL);
                        }
                        if (buf != NULL
                    """)
    }

    /// The holder named "keeper", holding from its start: its first `save_state` (the snapshot after
    /// its `create`) already waits for `flag`.
    static func keeper(flag: String) -> String {
        holder(flag: flag)
            .replacingOccurrences(of: #".name = "saver", .title = "Saver""#, with: #".name = "keeper", .title = "Keeper""#)
            .replacingOccurrences(of: "self->api = api; self->host = host;", with: "self->api = api; self->host = host; self->hold = 1;")
    }

    /// The state of tab `tab`'s first screen in the state file (nil: no file, or no state there).
    static func savedCount(_ path: String, tab: String = "a") -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let saved = try? JSONDecoder().decode(RestorationState.self, from: data), case .tabs(let tabs) = saved.root
        else { return nil }
        return tabs.stacks[tab]?.first?.state
    }

    /// A session with the saver on tab a and the keeper on tab b, each holding until `flag` exists, and
    /// its `--state` file.
    struct Holders {
        let states: Fixture
        let statePath: String
        let flag: String
        let harness: SessionHarness
        var session: HostSession { harness.session }

        init() throws {
            states = try Fixture()
            statePath = states.path("state.json")
            flag = states.path("answer")
            let saver = HostSessionStateSaveTests.holder(flag: flag)
            let keeper = HostSessionStateSaveTests.keeper(flag: flag)
            try #require(keeper.contains(#""keeper""#) && keeper.contains("self->hold = 1;"), "the keeper's source was not patched")
            // No snapshot after an event but the first.
            let settings = IsolationSettings(
                sandbox: .off, hangTimeout: .seconds(5), killTimeout: .seconds(10), snapshotInterval: .seconds(3600))
            harness = try SessionHarness(
                root: #"{"tabs": [{"name": "a", "module": "saver"}, {"name": "b", "module": "keeper"}]}"#,
                modules: ["saver": saver, "keeper": keeper], statePath: statePath, isolationSettings: settings)
        }
    }

    /// What the log says of modules not responding.
    static func notResponding(_ harness: SessionHarness) -> [String] {
        ((try? String(contentsOfFile: harness.logPath, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { $0.contains("not responding") }.map(String.init)
    }

    @Test func aModuleStillInItsSaveStateHoldsUpNeitherTheOtherTabsNorItsOwnAnswerInTheFile() throws {
        let states = try Fixture()
        let statePath = states.path("state.json")
        let flag = states.path("answer")
        let source = Self.holder(flag: flag)
        try #require(source.contains("access(") && source.contains("\"hold\""), "the holder's source was not patched")
        // No snapshot after an event but the first: each `save_state` here is the state file's.
        let settings = IsolationSettings(
            sandbox: .off, hangTimeout: .seconds(5), killTimeout: .seconds(10), snapshotInterval: .seconds(3600))
        let harness = try SessionHarness(
            root: #"{"tabs": [{"name": "a", "module": "saver"}, {"name": "b", "module": "counting"}]}"#,
            modules: ["saver": source, "counting": CountingModule.source], statePath: statePath, isolationSettings: settings)
        let session = harness.session
        session.stateAnswerLimit = .seconds(10)
        #expect(SessionHarness.text(of: session.settledScreen()) == "count 0")
        // A user's action: the state file is written half a second later, with the module's answer.
        let one = Data([1, 0, 0, 0]).base64EncodedString()
        let two = Data([2, 0, 0, 0]).base64EncodedString()
        session.perform(.activate("bump"))
        try harness.run(until: { Self.savedCount(statePath) == one })
        #expect(Self.savedCount(statePath) == one)
        // From now on the saver's `save_state` waits for the flag.
        session.perform(.activate("hold"))
        #expect(SessionHarness.text(of: session.settledScreen()) == "count 2")
        let asked = ContinuousClock.now + .milliseconds(800)
        try harness.run(until: { ContinuousClock.now >= asked })
        session.perform(.selectTab(1))
        try harness.run(until: { SessionHarness.text(of: session.screen)?.contains("taps 0") == true }, timeout: .seconds(3))
        session.perform(.activate("tap"))
        try harness.run(until: { SessionHarness.text(of: session.screen)?.contains("taps 1") == true }, timeout: .seconds(3))
        #expect(SessionHarness.text(of: session.screen)?.contains("taps 1") == true)
        // The saver has not answered: the file was not written again yet, with a state it had before.
        #expect(Self.savedCount(statePath) == one)
        #expect(FileManager.default.createFile(atPath: flag, contents: nil))
        try harness.run(until: { Self.savedCount(statePath) == two })
        #expect(Self.savedCount(statePath) == two)
    }

    /// A write at its round's limit asks nothing more: a screen that came after the round began (here
    /// a tab opened for the first time, whose module is still in its first `save_state`) is written with
    /// what it saved last, where the write used to wait on it, holding up the loop for a hang timeout.
    @Test func aWriteAtItsLimitWaitsOnNoModuleTheRoundDidNotAsk() throws {
        let holders = try Holders()
        let (statePath, flag, harness, session) = (holders.statePath, holders.flag, holders.harness, holders.session)
        session.stateAnswerLimit = .seconds(1)
        #expect(SessionHarness.text(of: session.settledScreen()) == "count 0")
        let one = Data([1, 0, 0, 0]).base64EncodedString()
        session.perform(.activate("bump"))
        try harness.run(until: { Self.savedCount(statePath) == one })
        // The saver holds from now on: the write half a second after this action waits for its answer
        // until the limit, a second later.
        session.perform(.activate("hold"))
        #expect(SessionHarness.text(of: session.settledScreen()) == "count 2")
        let late = ContinuousClock.now + .milliseconds(1200)
        try harness.run(until: { ContinuousClock.now >= late })
        // The keeper's tab opens before that limit, after the round asked the modules on the host.
        try? FileManager.default.removeItem(atPath: statePath)
        session.perform(.selectTab(1))
        try harness.run(until: { FileManager.default.fileExists(atPath: statePath) }, timeout: .seconds(10))
        #expect(FileManager.default.fileExists(atPath: statePath))
        // Written with what each saved last: the saver's answer before it held, nothing of the keeper's.
        #expect(Self.savedCount(statePath) == one)
        #expect(Self.savedCount(statePath, tab: "b") == nil)
        #expect(Self.notResponding(harness) == [])
        #expect(FileManager.default.createFile(atPath: flag, contents: nil))
        let two = Data([2, 0, 0, 0]).base64EncodedString()
        try harness.run(until: { Self.savedCount(statePath) == two })
        #expect(Self.savedCount(statePath) == two)
    }

    /// Quit asks every module on the host at once and waits `quitWaitLimit` in all: a module that
    /// answers is written with its answer, one still in a `save_state` with what it saved last, and
    /// the host never waits on it for a hang timeout.
    @Test func quitAsksEveryModuleAtOnceAndWritesWhatAStuckOneSavedLast() throws {
        let holders = try Holders()
        let (statePath, flag, harness, session) = (holders.statePath, holders.flag, holders.harness, holders.session)
        session.quitWaitLimit = .milliseconds(300)
        #expect(SessionHarness.text(of: session.settledScreen()) == "count 0")
        // The keeper's first screen: its first save_state waits for the flag.
        session.perform(.selectTab(1))
        #expect(SessionHarness.text(of: session.settledScreen()) == "count 0")
        session.perform(.selectTab(0))
        session.perform(.activate("bump"))
        #expect(SessionHarness.text(of: session.settledScreen()) == "count 1")
        #expect(session.saveStateAtQuit() == nil)
        #expect(Self.savedCount(statePath) == Data([1, 0, 0, 0]).base64EncodedString())
        #expect(Self.savedCount(statePath, tab: "b") == nil)
        #expect(Self.notResponding(harness) == [])
        #expect(FileManager.default.createFile(atPath: flag, contents: nil))
    }
}
