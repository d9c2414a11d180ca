import ArgumentParser
import FoundationEssentials
import SystemPackage
import TabHostDev
import TabHostScriptTesting
import TabModuleLoading

/// `tabhost test [DIR]`: builds a module project as `tabhost dev` does and runs its `tests/*.tabtest`
/// scripts against the module in its real sandboxed child, headless, reporting in TAP.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Builds a module project and runs its tests/*.tabtest scripts against the module (TAP output).",
        discussion: """
            Each script runs in a fresh session: the module in its child process under the default sandbox, \
            with only the script's grants and a fresh data directory, on an 80x24 screen drawn in memory. \
            Exit status: 0 when every script passed, 1 when one failed, 2 for a usage or build error. \
            See docs/modules/testing.md for the script format.
            """)

    @Argument(help: "The project directory (a Makefile or a Package.swift).")
    var directory: String = "."

    @Flag(help: "Write missing and changed snapshots (tests/__snapshots__/NAME.txt) instead of failing on them.")
    var update = false

    @Option(help: "Also write a JUnit XML report to FILE.")
    var junit: String?

    @Option(help: "Run only the scripts whose path holds WORD.")
    var filter: String?

    @Option(help: "Fail a step whose module calls take more than MS milliseconds of the child's CPU time.")
    var slow: Int = 250

    func validate() throws {
        guard slow > 0 else { throw ValidationError("--slow takes a positive number of milliseconds") }
    }

    func run() throws {
        let project: DevProject
        do {
            project = try DevProject.detect(in: directory)
        } catch {
            writeStandardError("tabhost test: \(error.description)")
            throw ExitCode(2)
        }
        let suite = TestSuiteRun(project: project)
        suite.filter = filter
        suite.update = update
        suite.slowCall = .milliseconds(slow)
        let paths = suite.scriptPaths()
        guard !paths.isEmpty else {
            let which = filter.map { " whose path holds \"\($0)\"" } ?? ""
            writeStandardError("tabhost test: no tests/*.tabtest\(which) in \(project.directory); write one (see docs/modules/testing.md)")
            throw ExitCode(2)
        }
        var scripts: [TestScript] = []
        for path in paths {
            if let problem = ProjectFiles.linkProblem(path, in: project.directory) {
                writeStandardError("tabhost test: \(problem)")
                throw ExitCode(2)
            }
            do {
                scripts.append(try TestScript.read(path: project.directory + "/" + path, displayPath: path))
            } catch {
                writeStandardError("tabhost test: \(error.description)")
                throw ExitCode(2)
            }
        }
        guard let moduleDirectory = DevLoop.makeModuleDirectory() else {
            writeStandardError("tabhost test: cannot make a module directory in \(FileManager.default.temporaryDirectory.path); set TMPDIR")
            throw ExitCode(2)
        }
        defer { FileTreeRemoval.remove(moduleDirectory) }
        writeStandardError(
            "tabhost test: building \(project.name) (\(project.buildCommand.joined(separator: " "))): the project's build runs "
                + "unconfined, as you; the module runs sandboxed")
        let outcome: BuildOutcome
        do {
            outcome = try suite.build(into: moduleDirectory)
        } catch {
            writeStandardError("tabhost test: \(error.description)")
            throw ExitCode(2)
        }
        if case .failed = outcome.result {
            writeStandardErrorLines(outcome.log)
            writeStandardError("tabhost test: \(outcome.summary)")
            throw ExitCode(2)
        }
        let outcomes = suite.run(scripts: scripts, moduleDirectory: moduleDirectory) { line in writeStandardOutputLines(line) }
        if let junit {
            do throws(AtomicFile.Failure) {
                try AtomicFile.write(Array(JUnitReport.document(outcomes, suite: project.name).utf8), to: junit)
            } catch {
                writeStandardError(
                    "tabhost test: \(junit): cannot write the report (\(Errno(rawValue: error.code).description)); "
                        + "check that its directory exists and is writable")
                throw ExitCode(2)
            }
        }
        if outcomes.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}
