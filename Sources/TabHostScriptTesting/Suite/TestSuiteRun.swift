import FoundationEssentials
import Glibc
import TabHostDev

/// `tabhost test`: builds a module project as `tabhost dev` does, runs its `tests/*.tabtest`
/// scripts (sorted, those whose path holds `filter` when given) and reports them in TAP.
public final class TestSuiteRun {
    /// The project.
    public let project: DevProject
    /// Only scripts whose path holds this word; nil for all.
    public var filter: String?
    /// Write missing and changed snapshots.
    public var update = false
    /// A step taking more of the child's CPU time than this fails.
    public var slowCall: Duration = .milliseconds(250)
    /// How long a step may take to settle.
    public var settleTimeout: Duration = .seconds(5)

    /// A run over `project`.
    public init(project: DevProject) {
        self.project = project
    }

    /// The scripts to run, as paths relative to the project (`tests/a.tabtest`), sorted.
    public func scriptPaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: project.directory + "/tests")) ?? []
        return names.filter { $0.hasSuffix(".tabtest") && !$0.hasPrefix(".") }.sorted().map { "tests/" + $0 }
            .filter { path in filter.map { path.contains($0) } ?? true }
    }

    /// Builds the project into `moduleDirectory`; the outcome says whether it worked.
    public func build(into moduleDirectory: String) throws(DevError) -> BuildOutcome {
        try DevLoop(project: project, moduleDirectory: moduleDirectory).buildAndWait()
    }

    /// Parses every script first (a parse error is a usage error: nothing runs), then runs each,
    /// writing TAP to `write` as it goes. Returns the outcomes.
    public func run(
        scripts: [TestScript], moduleDirectory: String, write: (String) -> Void
    ) -> [ScriptOutcome] {
        let runner = ScriptRunner(
            options: ScriptRunOptions(
                moduleDirectory: moduleDirectory, moduleName: project.name,
                snapshotDirectory: project.directory + "/tests/__snapshots__", update: update, slowCall: slowCall,
                settleTimeout: settleTimeout))
        write("1..\(scripts.count)")
        var outcomes: [ScriptOutcome] = []
        for (index, script) in scripts.enumerated() {
            let outcome = runner.run(script)
            outcomes.append(outcome)
            write(TAPReport.lines(for: outcome, number: index + 1).joined(separator: "\n"))
        }
        write(TAPReport.summary(of: outcomes))
        return outcomes
    }
}
