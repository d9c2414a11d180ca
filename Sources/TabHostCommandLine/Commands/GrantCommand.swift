import ArgumentParser
import TabModuleLoading

/// `tabhost grant NAME PERMISSION…`: grants a module permissions, kept in the permissions store.
struct GrantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grant",
        abstract: "Grants a module permissions (network, system, exec, read:PATH, write:PATH, unrestricted).",
        discussion: """
            NAME is a module name looked up in --modules DIR… (default: the same directories as tabhost list); \
            the grant is for that module file only. PATH is absolute or starts with ~/ (kept as typed, expanded \
            when used). Grants are kept in $XDG_CONFIG_HOME/tabhost/permissions.json. \
            Exit status: 0 granted, 1 unknown module or the store cannot be written, 2 usage error or a bad permission.
            """)

    @Argument(help: "A module name.")
    var name: String

    @Argument(help: "The permissions to grant.")
    var permissions: [String]

    @OptionGroup var options: GrantStoreOptions

    func validate() throws {
        if !ModuleSearchPath.isValidModuleName(name) {
            throw ValidationError("'\(name)' is not a module name ([a-z0-9._-], 1 to 64 bytes)")
        }
        if permissions.isEmpty { throw ValidationError("name at least one permission to grant") }
    }

    func run() throws {
        let problems = permissions.compactMap(ModulePermissions.problem)
        if !problems.isEmpty {
            for problem in problems { writeStandardError("\(name): \(problem)") }
            throw ExitCode(2)
        }
        let module = try options.module(named: name)
        var store = try GrantStoreOptions.store()
        store.grant(permissions, name: name, file: module.file)
        try GrantStoreOptions.save(store)
        let granted = store.permissions(name: name, file: module.file)
        writeStandardOutput("\(name) (\(module.file)): granted \(granted.joined(separator: " "))")
        if permissions.contains("unrestricted") {
            writeStandardError("\(name): warning: unrestricted runs this module with no sandbox at all")
        }
    }
}
