import ArgumentParser
import TabModuleBundle
import TabModuleIsolation

/// `tabhost install FILE|URL [--yes] [--allow-unsigned] [--allow-older] [--modules DIR]`: a signed bundle checked and
/// installed. The arguments are checked here; the work is `tabhost-bundle`'s (libarchive and libcurl stay
/// off `tabhost`'s start).
struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Installs a module bundle (.tabmod) from a file or an https URL.",
        discussion: """
            Checks, before anything is written outside a private staging directory: the archive, the signature, \
            every file's size and SHA-256, and the manifest against the module's descriptor (read in a scanner \
            child). The first install of a name shows the publisher key and the permissions asked for and asks \
            (--yes answers for scripts); the name is then pinned to that key, and a bundle signed by another key \
            is refused. The bundle lands in DIR/NAME/ atomically; the version it replaces is kept for tabhost \
            rollback; a version older than the installed one is refused unless --allow-older. Exit status: 0 installed, 1 refused or failed, 2 usage error.
            """)

    @Argument(help: ArgumentHelp("The bundle: a .tabmod file, or an https URL.", valueName: "FILE|URL"))
    var source: String

    @Flag(help: "Answer the first install's question with yes (never accepts a publisher's new key).")
    var yes = false

    @Flag(name: .customLong("allow-unsigned"), help: "Accept a bundle without a signature.")
    var allowUnsigned = false

    @Flag(
        name: .customLong("allow-older"),
        help: "Install a version older than the installed one (tabhost rollback returns to the one before).")
    var allowOlder = false

    @Option(
        help: ArgumentHelp(
            "Confine the scanner child that reads the module before anything is asked: on (the default) or off.",
            valueName: "off|on"))
    var sandbox: SandboxMode = .on

    @OptionGroup var modules: ModulesDirectoryOption

    func validate() throws {
        guard !source.isEmpty else { throw ValidationError("FILE|URL: empty; pass a .tabmod file or an https URL") }
    }

    func run() throws {
        if source.contains("://"), !source.lowercased().hasPrefix("https://") {
            let plain = source.lowercased().hasPrefix("http://")
            writeStandardError(
                "\(source): \(plain ? "plain http is refused: a module must come over https" : "not an https URL"); "
                    + "use an https:// URL, or download the file and give its path")
            throw ExitCode(1)
        }
        let directory = try modules.resolved()
        let trust = try TrustCommand.storePath()
        guard let tools = TabHostCommand.bundles else { CompanionProgram.bundle.exec() }
        var request = BundleInstallRequest(
            modulesDirectory: directory, trustStorePath: trust, assumeYes: yes, allowUnsigned: allowUnsigned, sandbox: sandbox)
        request.allowOlder = allowOlder
        do {
            for line in try tools.install(source: source, request: request) { writeStandardOutput(line) }
        } catch {
            writeStandardError("\(error)")
            throw ExitCode(1)
        }
    }
}
