import ArgumentParser
import FoundationEssentials
import TabModuleLoading

/// `tabhost permissions [NAME] [--json]`: what each module asks for, what it was granted, what this
/// kernel enforces.
struct PermissionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "permissions",
        abstract: "Shows what each module asks for, what it was granted, and what this kernel can enforce.",
        discussion: """
            Without NAME: every module in --modules DIR… (default: the same directories as tabhost list) \
            and every grant kept in $XDG_CONFIG_HOME/tabhost/permissions.json. \
            Exit status: 0 shown, 1 NAME is neither found nor granted anything, 2 usage error.
            """)

    /// What every report says about enforcement.
    static let enforcement =
        "enforced by the sandbox of each module's process (tabhost run, serve and dev; not with --sandbox off or --isolation none)"

    @Argument(help: "A module name (default: all).")
    var name: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var options: GrantStoreOptions

    func validate() throws {
        if let name, !ModuleSearchPath.isValidModuleName(name) {
            throw ValidationError("'\(name)' is not a module name ([a-z0-9._-], 1 to 64 bytes)")
        }
    }

    func run() throws {
        let store = try GrantStoreOptions.store()
        if let problem = store.problem { writeStandardError(problem.description) }
        let modules = try options.modulesFound().filter { name == nil || $0.info.name == name }
        var reports = modules.map { module in
            PermissionsReport(
                name: module.info.name, file: module.file, asks: module.info.permissions,
                granted: store.permissions(name: module.info.name, file: module.file))
        }
        // Grants whose module file is not in the search path (moved, removed, or another directory).
        for grant in store.grants where name == nil || grant.name == name {
            let shown = modules.contains { grant.matches(name: $0.info.name, file: $0.file, publisherKey: nil) }
            if !shown {
                reports.append(
                    PermissionsReport(name: grant.name, file: grant.file, publisherKey: grant.publisherKey, granted: grant.permissions))
            }
        }
        if let name, reports.isEmpty {
            let places = ModuleSearchPath.directories(options.modules).map(\.path).joined(separator: ", ")
            writeStandardError(
                "\(name): no accepted module with this name in \(places.isEmpty ? "(no directories)" : places) and nothing granted to it; "
                    + "run tabhost list to see the modules")
            throw ExitCode(1)
        }
        let kernel = KernelSandboxSupport.current()
        if json {
            writeStandardOutputJSON(
                InspectReport.json(Output(modules: reports, enforced: true, landlockABI: kernel.landlockABI, seccomp: kernel.seccomp)),
                terminator: "")
            return
        }
        for report in reports { writeStandardOutputLines(report.lines.map { ControlCharacters.escaped($0) }.joined(separator: "\n")) }
        writeStandardOutputLines(Self.enforcement)
        writeStandardOutput(kernel.line)
    }

}
