import Testing
@testable import TabModules

#if canImport(Glibc)
import Glibc
#endif

/// The one rule both companions are found by: the environment variable, beside the running
/// executable, then `../libexec/tabhost/`.
struct CompanionExecutableTests {
    /// A companion whose variable no other test touches (setenv is process-wide).
    private func companion(_ tag: String) -> CompanionExecutable {
        CompanionExecutable(name: "tabhost-no-such-\(tag)", environmentVariable: "TABHOST_TEST_COMPANION_\(tag.uppercased())")
    }

    @Test func theEnvironmentNamesItOutrightEvenWhenNothingIsThere() {
        let program = companion("env")
        setenv(program.environmentVariable, "/nonexistent/dir/helper", 1)
        defer { unsetenv(program.environmentVariable) }
        #expect(program.candidates == ["/nonexistent/dir/helper"])
        #expect(program.executablePath == nil)
        #expect(program.path == "/nonexistent/dir/helper")
    }

    @Test func anEmptyVariableCountsAsUnset() throws {
        let program = companion("empty")
        setenv(program.environmentVariable, "", 1)
        defer { unsetenv(program.environmentVariable) }
        #expect(program.pathFromEnvironment == nil)
        #expect(program.candidates.count == 2)
    }

    @Test func withoutTheVariableItLooksBesideThenInLibexec() throws {
        let program = companion("missing")
        let directory = try #require(ModuleSearchPath.executableDirectory())
        let parent = ModuleFileReader.parentDirectory(of: directory)
        #expect(program.candidates == ["\(directory)/\(program.name)", "\(parent)/libexec/tabhost/\(program.name)"])
        #expect(program.executablePath == nil)
        #expect(program.path == program.candidates[0])
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
