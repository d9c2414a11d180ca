import FoundationEssentials

/// Checks the `expect` and `snapshot` steps against a settled session.
struct ScriptExpectation {
    let session: ScriptSession

    func check(_ action: TestStepAction) throws(StepFailure) {
        let text = session.screenText
        switch action {
        case .expectText(let wanted):
            guard !text.contains(wanted) else { return }
            throw StepFailure(["expected the screen to hold \"\(escaped(wanted))\"; it held:"] + ScreenDump.lines(text))
        case .expectNoText(let unwanted):
            guard text.contains(unwanted) else { return }
            throw StepFailure(["expected the screen not to hold \"\(escaped(unwanted))\"; it held:"] + ScreenDump.lines(text))
        case .expectFocus(let label):
            let focus = session.focusLabel
            guard focus != label else { return }
            throw StepFailure("expected the focus on \"\(escaped(label))\"; it was on \(focus.map { "\"\(escaped($0))\"" } ?? "nothing")")
        case .expectTitle(let title):
            let shown = session.screen?.title ?? ""
            guard shown != title else { return }
            throw StepFailure("expected the title \"\(escaped(title))\"; it was \"\(escaped(shown))\"")
        case .expectResult(let result):
            let last = session.lastResult
            guard last != result else { return }
            throw StepFailure(
                "expected the last result \"\(escaped(result))\"; it was \(last.map { "\"\(escaped($0))\"" } ?? "none (no screen finished)")"
            )
        case .expectLog(let wanted):
            let log = session.moduleLog
            guard !log.contains(where: { $0.contains(wanted) }) else { return }
            throw StepFailure(
                ["expected a module log line holding \"\(escaped(wanted))\"; the module logged:"]
                    + (log.isEmpty ? ["  (nothing)"] : log.suffix(20).map { "  |" + $0 }))
        case .expectClipboard(let wanted):
            let copied = session.screen?.clipboard?.text
            guard copied != wanted else { return }
            throw StepFailure(
                "expected the clipboard to hold \"\(escaped(wanted))\"; \(copied.map { "it held \"\(escaped($0))\"" } ?? "nothing was copied")"
            )
        case .expectToast(let wanted):
            let shown = session.screen?.toast?.text
            guard shown != wanted else { return }
            throw StepFailure(
                "expected the toast \"\(escaped(wanted))\"; \(shown.map { "the last was \"\(escaped($0))\"" } ?? "none was shown")")
        case .snapshot(let name):
            try snapshot(name)
        default:
            return
        }
    }

    private func snapshot(_ name: String) throws(StepFailure) {
        guard let frame = session.frame, let screen = session.screen else { throw StepFailure("nothing drawn yet") }
        let actual = ContentSnapshot(frame: frame, screen: screen).text
        let directory = session.options.snapshotDirectory
        let path = directory + "/" + name + ".txt"
        let shown = "tests/__snapshots__/\(name).txt"
        let project = String(directory.dropLast("/tests/__snapshots__".count))
        if directory.hasSuffix("/tests/__snapshots__"), let problem = ProjectFiles.linkProblem(shown, in: project) {
            throw StepFailure(problem)
        }
        let stored = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        if stored == actual { return }
        if session.options.update {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw StepFailure("cannot write \(path): \(error)")
            }
            session.notes.append("\(stored == nil ? "wrote" : "updated") \(shown)")
            return
        }
        guard let stored else {
            throw StepFailure("no snapshot \(shown) yet; run tabhost test --update to write it")
        }
        throw StepFailure(
            ["the content differs from \(shown) (- snapshot, + screen; --update accepts it):"] + LineDiff.lines(stored, actual))
    }

    private func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
    }
}
