import ArgumentParser
import FoundationEssentials
import TabModuleLoading

/// `tabhost inspect FILE|NAME [--json]`: every field a module declares, or why it was rejected.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        _superCommandName: "tabhost",
        abstract: "Shows every field a module declares, or why it is rejected.",
        discussion: """
            TARGET is a module file (a path, or a name ending in .so) or a module name looked up in \
            --modules DIR… (default: the same directories as tabhost list). \
            Exit status: 0 accepted, 1 rejected or not found, 2 usage error.
            """)

    @Argument(help: "A module file or a module name.")
    var target: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Print how long a running host's calls into module NAME took: count, p50, p99 and max per call.")
    var timings = false

    @Option(name: .customLong("modules"), parsing: .upToNextOption, help: "Directories to find a module NAME in.")
    var modules: [String] = []

    @OptionGroup var loading: CommandLoadingOptions

    /// True when `target` names a file rather than a module.
    var targetIsFile: Bool { target.contains("/") || target.hasSuffix(".so") }

    func validate() throws {
        if !targetIsFile && !ModuleSearchPath.isValidModuleName(target) {
            throw ValidationError(
                "'\(target)' is neither a module file (a path or *.so) nor a module name ([a-z0-9._-], 1 to 64 bytes)")
        }
        if targetIsFile && !modules.isEmpty {
            throw ValidationError("--modules only applies to a module NAME, not to a file")
        }
        if targetIsFile && timings {
            throw ValidationError("--timings applies to a module NAME (a running host's module), not to a file")
        }
    }

    /// The permissions store, nil without a home to keep it in; one that cannot be read is said on
    /// standard error and grants nothing.
    static func grantStore() -> ModuleGrantStore? {
        guard let path = ModuleGrantStore.defaultPath() else { return nil }
        let store = ModuleGrantStore(path: path)
        if let problem = store.problem { writeStandardError(problem.description) }
        return store
    }

    /// What `store` grants the module (keyed by its name and resolved file, as `tabhost grant` keeps it).
    static func granted(to info: ModuleInfo, in store: ModuleGrantStore?) -> [String] {
        store?.permissions(name: info.name, file: ModuleGrant.file(of: info)) ?? []
    }

    func run() throws {
        if timings { return try printTimings() }
        let loaded = try loading.commandModules()
        let copies = loaded.copies
        defer { copies.removeAll() }
        let registry = loaded.registry
        var report: InspectReport
        if targetIsFile {
            let entry = registry.entry(file: target)
            report =
                InspectReport(entry)
                ?? InspectReport(error: ModuleError(.notFound, path: target, reason: "no such file", hint: "check the path"))
            let file = URL(fileURLWithPath: target).standardizedFileURL.path
            report.runningHosts = RunningHostReport.find(name: report.module?.name, file: file)
        } else {
            let searched = ModuleSearchPath.directories(modules)
            let entries = registry.load(directories: searched)
            let running = RunningHostReport.find(name: target, file: nil)
            guard let entry = entries.first(where: { $0.info?.name == target && $0.error == nil }),
                let found = InspectReport(entry)
            else {
                registry.metadataCache?.save()
                for refusal in running { writeStandardOutput(refusal.line) }
                let places = searched.map(\.path).joined(separator: ", ")
                writeStandardError(
                    "\(target): no accepted module with this name in \(places.isEmpty ? "(no directories)" : places); "
                        + "run tabhost list to see the modules and the rejected files")
                throw ExitCode(1)
            }
            report = found
            report.runningHosts = running
        }
        registry.metadataCache?.save()
        if let info = report.module { report.granted = Self.granted(to: info, in: Self.grantStore()) }
        if json { writeStandardOutputJSON(report.json(), terminator: "") } else { writeStandardOutputLines(report.text(), terminator: "") }
        if let error = report.error {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
    }
}
