import Testing

@testable import TabModuleIsolation
@testable import TabModuleLoading

/// The one rule both companions are found by: the environment variable, beside the running
/// executable, then `../libexec/tabhost/`. (The environment itself is not set here: `setenv` while
/// other tests' threads read the environment is a data race; WebSplitTests sets $TABHOST_WEB for a
/// child process instead.)
struct CompanionExecutableTests {
    private let missing = CompanionExecutable(name: "tabhost-no-such-companion", environmentVariable: "TABHOST_NO_SUCH_COMPANION")

    @Test func theEnvironmentsPathIsTheOnlyCandidateEvenWhenNothingIsThere() {
        #expect(missing.candidates(named: "/nonexistent/dir/helper") == ["/nonexistent/dir/helper"])
        #expect(CompanionExecutable.firstExecutable(of: ["/nonexistent/dir/helper"]) == nil)
    }

    @Test func withoutTheVariableItLooksBesideThenInLibexec() throws {
        #expect(missing.pathFromEnvironment == nil)
        let directory = try #require(ModuleSearchPath.executableDirectory())
        let parent = ModuleFileReader.parentDirectory(of: directory)
        #expect(missing.candidates == ["\(directory)/\(missing.name)", "\(parent)/libexec/tabhost/\(missing.name)"])
        #expect(missing.executablePath == nil)
        #expect(missing.path == missing.candidates[0], "a failure to start names where it was expected")
    }

    @Test func theFirstExecutableCandidateWins() {
        #expect(CompanionExecutable.firstExecutable(of: ["/nonexistent/a", "/bin/sh", "/bin/true"]) == "/bin/sh")
        #expect(CompanionExecutable.firstExecutable(of: ["/dev/null"]) == nil, "a file without an execute bit")
    }

    @Test func theModuleHostBuiltBesideTheTestsIsFound() throws {
        // SwiftPM builds tabhost-module-host into the directory the test bundle runs from; the test
        // command never sets $TABHOST_MODULE_HOST.
        #expect(CompanionExecutable.moduleHost.pathFromEnvironment == nil)
        let directory = try #require(ModuleSearchPath.executableDirectory())
        #expect(CompanionExecutable.moduleHost.executablePath == "\(directory)/tabhost-module-host")
        #expect(IsolationSettings.defaultHelperPath == "\(directory)/tabhost-module-host")
    }
}
