import Foundation
import TabHostCore
import TabHostTesting
import TabKit
import TabModuleIsolation
import Testing

/// The state file written between quits asks the isolated modules for their states without
/// waiting on them: another module's tab answers while one is still in its `save_state`, and the
/// file is written when the answers came, with them.
@Suite(.serialized, .disabled(if: Sanitizers.thread, "the held module's child runs beside the host's threads"))
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

    /// The holder's state in the state file (nil: no file, or no state there).
    static func savedCount(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let saved = try? JSONDecoder().decode(RestorationState.self, from: data), case .tabs(let tabs) = saved.root
        else { return nil }
        return tabs.stacks["a"]?.first?.state
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
}
