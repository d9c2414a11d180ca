import ArgumentParser
import TabModuleBundle
import TabModuleIsolation
import TabModuleLoading

/// `tabhost update [NAME…] [--yes] [--modules DIR]`: each installed bundle (or each one named) brought to
/// the version its signed feed announces. The arguments are checked here; the work is `tabhost-bundle`'s.
struct UpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Updates installed module bundles from their signed feeds.",
        discussion: """
            For each installed bundle (or each NAME), fetches the feed its manifest names (https only) and its \
            signature, and checks them with the key the module is pinned to: a feed for another module, an \
            expired feed (a freeze) or an older version (a rollback) is refused. A newer bundle is downloaded, \
            checked against the feed's size and SHA-256 and as tabhost install checks it (same key, the feed's \
            version), and replaces the installed one atomically; a running host reloads its tab with its state, \
            and tabhost rollback NAME returns to the version it replaced. An update that asks for more \
            permissions runs with what was granted until the rest is allowed. Then it waits (--wait SECONDS, \
            default 10) for each running host that shows an updated module and prints what it did: reloaded, \
            state kept; reloaded fresh (its restore_state refused the old state, which is kept on disk); kept \
            the old version (and why); or no answer. Exit status: 0 every module updated or up to date and every \
            running host showing one reloaded it (or none runs), 1 any refused or failed (the others are still \
            updated; 1 wins over 3), 2 usage error, 3 installed but a running host kept the old version or did \
            not answer.
            """)

    @Argument(help: ArgumentHelp("The modules to update (default: every installed bundle).", valueName: "NAME"))
    var names: [String] = []

    @Option(
        help: ArgumentHelp(
            "Confine the scanner child that reads the module before anything is asked: on (the default) or off.",
            valueName: "off|on"))
    var sandbox: SandboxMode = .on

    @Flag(help: "Accepted for scripts: an update never asks (it must be signed by the key the module is pinned to).")
    var yes = false

    @OptionGroup var modules: ModulesDirectoryOption

    @OptionGroup var wait: ReloadWaitOption

    func validate() throws {
        for name in names where !ModuleSearchPath.isValidModuleName(name) {
            throw ValidationError("'\(name)' is not a module name ([a-z0-9._-], 1 to 64 bytes)")
        }
    }

    func run() throws {
        let directory = try modules.resolved()
        let trust = try TrustCommand.storePath()
        guard let tools = TabHostCommand.bundles else { CompanionProgram.bundle.exec() }
        let request = BundleInstallRequest(
            modulesDirectory: directory, trustStorePath: trust, assumeYes: yes, allowUnsigned: false, sandbox: sandbox)
        let candidates = names.isEmpty ? ReloadWaitOption.installedNames(in: directory) : names
        let before = wait.before(candidates, in: directory)
        let report = tools.update(names: names, request: request)
        for line in report.lines { writeStandardOutput(line) }
        for problem in report.problems { writeStandardError(problem) }
        let after = ReloadWaitOption.versions(candidates, in: directory)
        let changed = Set(candidates.filter { after[$0] != nil && after[$0] != before.versions[$0] })
        let allReloaded = wait.report(before.hosts, changed: changed)
        if !report.problems.isEmpty { throw ExitCode(1) }
        if !allReloaded { throw ExitCode(3) }
    }
}
