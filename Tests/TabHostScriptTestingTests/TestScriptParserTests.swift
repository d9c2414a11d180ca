import TabHostScriptTesting
import Testing

/// The `.tabtest` format: every step, strings and their escapes, comments, and errors that name the line.
struct TestScriptParserTests {
    func parse(_ text: String) throws -> TestScript {
        try TestScriptParser(file: "tests/a.tabtest").parse(text)
    }

    @Test func everyStepParses() throws {
        let script = try parse(
            """
            # setup
            param "Jack \\"J\\" Doe"
            grant network read:/etc/hosts
            size 100x30
            press enter esc tab backtab up down left right home end pageup pagedown backspace delete space ctrl-b alt-enter q
            type "line one\\nline two"   # a comment after a step
            click "Send"
            wait 500ms
            wait 2s
            reload
            restart
            expect "a # not a comment"
            expect not "Error"
            expect focus "Name"
            expect result "sent"
            expect title "Compose"
            expect log "posted"
            snapshot compose-empty
            """)
        #expect(script.param == "Jack \"J\" Doe")
        #expect(script.grants == ["network", "read:/etc/hosts"])
        let actions = script.steps.map(\.action)
        #expect(actions.count == 15)
        #expect(actions.first == .size(columns: 100, rows: 30))
        guard case .press(let keys) = actions[1] else { throw Failure("not a press") }
        #expect(keys.count == 18)
        #expect(keys.first(where: { $0.name == "ctrl-b" })?.bytes == [0x02])
        #expect(keys.first(where: { $0.name == "alt-enter" })?.bytes == [0x1B, 0x0D])
        #expect(keys.last?.bytes == Array("q".utf8))
        #expect(try parse("press \"#\" \"\\\"\"").steps.first?.action == .press([TestKey("#")!, TestKey("\"")!]))
        #expect(actions[2] == .type("line one\nline two"))
        #expect(actions[4] == .wait(.milliseconds(500)))
        #expect(actions[5] == .wait(.seconds(2)))
        #expect(actions[8] == .expectText("a # not a comment"))
        #expect(actions.last == .snapshot("compose-empty"))
        #expect(script.steps[2].line == 6)
        #expect(script.steps[2].source == "type \"line one\\nline two\"   # a comment after a step")
    }

    @Test(arguments: [
        ("presss enter", 1, "unknown step \"presss\""),
        ("press entr", 1, "unknown key \"entr\""),
        ("expect \"x\"\nparam \"late\"", 2, "param must come before the first step"),
        ("type \"open", 1, "a string is not closed"),
        ("wait 5 minutes", 1, "wait takes one word"),
        ("wait soon", 1, "wait takes a duration"),
        ("size 80", 1, "size takes COLSxROWS"),
        ("expect maybe \"x\"", 1, "expect takes"),
        ("click Send", 1, "click takes one string in double quotes"),
        ("snapshot ../escape", 1, "a snapshot name is"),
        ("type \"a\\qb\"", 1, "unknown escape \\q"),
    ])
    func errorsNameTheFileAndLine(text: String, line: Int, reason: String) {
        #expect {
            try parse(text)
        } throws: { error in
            guard let error = error as? TestScriptError else { return false }
            return error.line == line && error.file == "tests/a.tabtest" && error.reason.hasPrefix(reason)
                && error.description.hasPrefix("tests/a.tabtest:\(line): ")
        }
    }

    struct Failure: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}
