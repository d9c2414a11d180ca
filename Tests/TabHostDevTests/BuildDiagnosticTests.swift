import TabHostDev
import Testing

/// Compiler output → `file:line:col: severity: message`, as the status line and the log show it.
struct BuildDiagnosticTests {
    @Test func gccOutputGivesItsErrorsRelativeToTheProject() {
        let log = """
            cc -shared -fPIC -O2 -Wall -Wextra -I. -o hello.so hello.c
            hello.c: In function 'hello_render':
            hello.c:41:5: error: expected ';' before 's'
               41 |     s->api->row(view, "Taps", taps, NULL)
                  |     ^
            /work/p/hello/hello.c:50:12: warning: unused variable 'x' [-Wunused-variable]
            make: *** [Makefile:6: hello.so] Error 1
            """
        let found = BuildDiagnostic.parse(log, relativeTo: "/work/p/hello")
        #expect(
            found.map(\.description) == [
                "hello.c:41:5: error: expected ';' before 's'",
                "hello.c:50:12: warning: unused variable 'x' [-Wunused-variable]",
            ])
        #expect(found.map(\.isError) == [true, false])
    }

    @Test func swiftcOutputIsReadOnceEach() {
        let log = """
            [1/3] Compiling Hello Hello.swift
            /tmp/x/hello/Sources/Hello/Hello.swift:12:9: error: cannot find 'vieww' in scope
            /tmp/x/hello/Sources/Hello/Hello.swift:12:9: error: cannot find 'vieww' in scope
            /tmp/x/hello/Sources/Hello/Hello.swift:3:1: note: did you mean 'view'?
            error: fatalError
            """
        let found = BuildDiagnostic.parse(log, relativeTo: "/tmp/x/hello")
        #expect(
            found.map(\.description) == [
                "Sources/Hello/Hello.swift:12:9: error: cannot find 'vieww' in scope",
                "Sources/Hello/Hello.swift:3:1: note: did you mean 'view'?",
            ])
    }

    @Test(arguments: [
        "make: *** [Makefile:6: hello.so] Error 1", "hello.c:41: error: no column", "a:b:c: error: x",
        "hello.c:1:2: remark: not a severity", "",
    ])
    func otherLinesAreNotDiagnostics(_ line: String) {
        #expect(BuildDiagnostic.parse(line, relativeTo: "/p").isEmpty)
    }

    @Test func theSummaryNamesTheFirstErrorAndHowManyMore() {
        let diagnostics = [
            BuildDiagnostic(file: "a.c", line: 1, column: 2, severity: "warning", message: "w"),
            BuildDiagnostic(file: "a.c", line: 3, column: 4, severity: "error", message: "first"),
            BuildDiagnostic(file: "a.c", line: 5, column: 6, severity: "fatal error", message: "second"),
        ]
        let failed = BuildOutcome(result: .failed("exit status 2"), log: "", diagnostics: diagnostics, duration: .zero)
        #expect(failed.summary == "build failed: a.c:3:4: error: first (+1 more); Ctrl-B shows the log")
        let bare = BuildOutcome(result: .failed("exit status 2"), log: "", diagnostics: [], duration: .zero)
        #expect(bare.summary == "build failed (exit status 2); Ctrl-B shows the log")
    }
}
