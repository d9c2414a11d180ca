import FoundationEssentials
import TabModuleLoading

/// `tabhost test-drive`: one session of a module driven a step at a time, the other end of
/// `ModuleTester`. Reads `.tabtest` step lines, performs each exactly as a script's step (same session,
/// same settling), and answers the start and each line with one JSON line (`DriverReply`).
public final class ScriptDriver {
    /// What the session runs with.
    public let options: ScriptRunOptions
    private let setup: TestScript

    /// A driver whose session starts the module with `param`, granted only `grants`.
    public init(options: ScriptRunOptions, param: String?, grants: [String]) {
        self.options = options
        setup = TestScript(path: "test-drive", param: param, grants: grants)
    }

    /// Starts the session, then performs each line `readLine` gives until it returns nil; `write` gets
    /// one JSON line for the start and one for each line. A session that does not start ends the run
    /// after its answer.
    public func run(readLine: () -> String?, write: (String) -> Void) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func answer(_ reply: DriverReply) {
            let data = (try? encoder.encode(reply)) ?? Data("{\"failure\":[\"cannot encode the reply\"]}".utf8)
            write(String(decoding: data, as: UTF8.self))
        }
        guard let scratch = ScriptRunner.makeScratchDirectory() else {
            answer(DriverReply(failure: ["cannot make a scratch directory; set TMPDIR"]))
            return
        }
        // What a module made in its data directory there may be thousands of levels deep, and links.
        defer { FileTreeRemoval.remove(scratch) }
        ScriptRunner.prepareEnvironment(scratch: scratch)
        let session: ScriptSession
        do throws(StepFailure) {
            session = try ScriptSession(script: setup, options: options, scratch: scratch)
            try session.start()
        } catch {
            answer(DriverReply(failure: error.lines))
            return
        }
        defer { session.close() }
        var first = Self.reply(session)
        first.skip = session.skipReason
        answer(first)
        var number = 0
        while let line = readLine() {
            number += 1
            answer(perform(line, number: number, in: session))
        }
    }

    private func perform(_ line: String, number: Int, in session: ScriptSession) -> DriverReply {
        let parsed: TestScript
        do {
            parsed = try TestScriptParser(file: "step \(number)").parse(line)
        } catch {
            var reply = Self.reply(session)
            reply.failure = [error.description]
            return reply
        }
        guard parsed.param == nil, parsed.grants.isEmpty else {
            var reply = Self.reply(session)
            reply.failure = ["param and grant are set when the session starts (ModuleTester(path:param:grants:)), not as steps"]
            return reply
        }
        var failure: [String] = []
        for step in parsed.steps {
            do throws(StepFailure) {
                try session.perform(step)
            } catch {
                failure = error.lines
                break
            }
        }
        var reply = Self.reply(session)
        reply.failure = failure
        return reply
    }

    private static func reply(_ session: ScriptSession) -> DriverReply {
        var reply = DriverReply()
        reply.screen = session.screenText
        reply.title = session.screen?.title ?? ""
        reply.focus = session.focusLabel
        reply.result = session.lastResult
        reply.log = session.moduleLog
        if let frame = session.frame, let screen = session.screen {
            reply.snapshot = ContentSnapshot(frame: frame, screen: screen).text
        }
        reply.notes = session.notes
        session.notes.removeAll()
        return reply
    }
}
