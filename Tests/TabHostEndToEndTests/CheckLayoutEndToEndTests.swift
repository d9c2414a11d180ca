import Foundation
import TabHostTesting
import Testing

/// `tabhost check-layout`, run as a user would: exit status and the exact lines.
@Suite(.blocking)
struct CheckLayoutEndToEndTests {
    typealias S = ListInspectSupport

    /// Calls `body` with a new temporary directory and the layout file written there, removed when `body` ends.
    private func withLayout<T>(_ text: String, _ body: (_ directory: String, _ file: String) throws -> T) throws -> T {
        try S.withDirectory { dir in
            let file = dir + "/layout.json"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return try body(dir, file)
        }
    }

    @Test func aValidLayoutExitsZero() throws {
        try withLayout(#"{"root": {"stack": {"module": "anything"}}}"#) { _, file in
            let output = try S.run(["check-layout", file])
            #expect(output == S.Output(stdout: "\(file): ok\n", stderr: "", status: 0), "\(output)")
        }
    }

    @Test func theDemoLayoutIsValidAgainstTheBuiltExamples() throws {
        let output = try S.run(["check-layout", Products.repositoryRoot + "/Layouts/demo.json", "--modules", Products.directory])
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout == Products.repositoryRoot + "/Layouts/demo.json: ok\n")
    }

    @Test func everyProblemGetsItsOwnLineInFileOrder() throws {
        try withLayout(
            """
            {
              "root": {"stack": {"module": "@account", "colour": "red"}},
              "templates": {
                "@account": {"tabs": [
                  {"name": "a", "module": "one"},
                  {"name": "a", "module": "one"},
                  {"module": "one"},
                  {"name": "b", "module": "@missing", "customizable": "yes"}
                ], "bar": "left", "capacity": -1},
                "plain": {"tabs": []}
              }
            }
            """
        ) { _, file in
            let output = try S.run(["check-layout", file])
            #expect(output.status == 1, "\(output)")
            #expect(output.stdout == "")
            #expect(
                output.stderr == """
                    \(file):2:44: unknown key "colour" at root.stack; allowed keys: module, param, title, isolation, permissions
                    \(file):6:16: duplicate tab name "a" at templates.@account.tabs[1].name; tab names must be unique in a container
                    \(file):7:7: templates.@account.tabs[2] is missing the required key "name"; add it
                    \(file):8:31: unknown template "@missing" at templates.@account.tabs[3].module; declare it under "templates"
                    \(file):8:59: templates.@account.tabs[3].customizable must be true or false, found a string
                    \(file):9:15: templates.@account.bar must be "top" or "bottom", found "left"
                    \(file):9:35: templates.@account.capacity must be a whole number from 0 (all tabs shown) to 1000
                    \(file):10:5: template name "plain" must start with "@"; rename it

                    """)
        }
    }

    /// Module names are checked against the modules the directories hold, read as `list` reads them.
    @Test func moduleNamesAreCheckedOnlyWhenModuleDirectoriesAreGiven() throws {
        try withLayout(#"{"root": {"tabs": [{"name": "a", "module": "alpha"}, {"name": "b", "module": "beta"}]}}"#) { dir, file in
            let modules = dir + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try S.compileModule(modules + "/a.so", fields: #".name = "alpha", .title = "Alpha""#)
            try "not a module".write(toFile: modules + "/b.so", atomically: true, encoding: .utf8)
            #expect(try S.run(["check-layout", file]).status == 0)
            let output = try S.run(["check-layout", file, "--modules", modules])
            #expect(output.status == 1, "\(output)")
            #expect(
                output.stderr == """
                    note: \(modules)/b.so: not an ELF file (starts with "not a mo"); rebuild it with cc -shared -fPIC
                    \(file):1:78: unknown module "beta" at root.tabs[1].module; known modules: alpha

                    """)
        }
    }

    /// One problem does not hide the next, even in one tab (a duplicate name used to end its tab):
    /// `check-layout` lists all three, and `run`, stopped by the same file, says the same lines.
    @Test func aDuplicateNameATypeErrorAfterItAndAnUnknownModuleAreAllReportedByCheckLayoutAndRun() throws {
        try withLayout(
            """
            {"root": {"tabs": [
              {"name": "a", "module": "alpha"},
              {"name": "a", "customizable": "yes", "module": "beta"}
            ]}}
            """
        ) { dir, file in
            let modules = dir + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try S.compileModule(modules + "/a.so", fields: #".name = "alpha", .title = "Alpha""#)
            let problems = """
                \(file):3:12: duplicate tab name "a" at root.tabs[1].name; tab names must be unique in a container
                \(file):3:33: root.tabs[1].customizable must be true or false, found a string
                \(file):3:50: unknown module "beta" at root.tabs[1].module; known modules: alpha

                """
            let checked = try S.run(["check-layout", file, "--modules", modules])
            #expect(checked == S.Output(stdout: "", stderr: problems, status: 1), "\(checked)")
            let ran = try S.run(["run", "--layout", file, "--modules", modules, "--log", dir + "/tabhost.log", "--no-watch"])
            #expect(ran == S.Output(stdout: "", stderr: problems, status: 1), "\(ran)")
        }
    }

    @Test func aSyntaxErrorIsOneLineWithLineAndColumn() throws {
        try withLayout("{\n  \"root\": {\"stack\": {\"module\": \"x\"}},\n}") { _, file in
            let output = try S.run(["check-layout", file])
            #expect(output.status == 1)
            #expect(
                output.stderr == "\(file):3:1: malformed JSON: unexpected character '}'; expected a key in double quotes; fix the syntax\n")
        }
    }

    @Test(arguments: [
        (["check-layout"], "Error: Missing expected argument '<file>'"),
        (["check-layout", "a.json", "--colour"], "Error: Unknown option '--colour'"),
    ])
    func aUsageErrorExitsTwo(arguments: [String], firstLine: String) throws {
        let output = try S.run(arguments)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.hasPrefix(firstLine + "\n"), "\(output)")
    }

    @Test func aMissingFileIsOneLineAndExitsOne() throws {
        let output = try S.run(["check-layout", "/nonexistent/layout.json"])
        #expect(
            output
                == S.Output(
                    stdout: "",
                    stderr: "/nonexistent/layout.json: cannot read the layout file (No such file or directory); check the path\n",
                    status: 1), "\(output)")
    }

    @Test func aFloodOfProblemsIsCutAfterAHundredLines() throws {
        let keys = (0..<150).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        try withLayout(#"{"root": {"stack": {"module": "x"}}, "# + keys + "}") { _, file in
            let lines = try S.run(["check-layout", file]).stderr.split(separator: "\n")
            #expect(lines.count == 101)
            #expect(lines.last == "\(file): 50 more problems not shown; fix these first")
        }
    }
}
