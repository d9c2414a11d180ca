import ArgumentParser
import TabModuleLoading

/// `tabhost revoke NAME [PERMISSION…]`: takes permissions back (all of them without PERMISSION).
struct RevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Takes back permissions granted to a module (all of them when none is named).",
        discussion: """
            NAME is a module name looked up in --modules DIR… (default: the same directories as tabhost list). \
            A module no longer found there loses the grants of every file of that name. \
            Exit status: 0 done, 1 nothing granted to NAME or the store cannot be written, 2 usage error or a bad permission.
            """)

    @Argument(help: "A module name.")
    var name: String

    @Argument(help: "The permissions to take back (default: all).")
    var permissions: [String] = []

    @OptionGroup var options: GrantStoreOptions

    func validate() throws {
        if !ModuleSearchPath.isValidModuleName(name) {
            throw ValidationError("'\(name)' is not a module name ([a-z0-9._-], 1 to 64 bytes)")
        }
    }

    func run() throws {
        let problems = permissions.compactMap(ModulePermissions.problem)
        if !problems.isEmpty {
            for problem in problems { writeStandardError("\(name): \(problem)") }
            throw ExitCode(2)
        }
        var store = try GrantStoreOptions.store()
        if let problem = store.problem {
            writeStandardError(problem.description)
            throw ExitCode(1)
        }
        let module = try options.modulesFound().first { $0.info.name == name }
        guard let module else {
            guard store.revokeAll(name: name) > 0 else {
                writeStandardError("\(name): no such module and nothing granted to it; run tabhost permissions to see the grants")
                throw ExitCode(1)
            }
            try GrantStoreOptions.save(store)
            writeStandardOutput("\(name): module not found; revoked everything granted to any file of that name")
            return
        }
        let taken = store.revoke(permissions.isEmpty ? nil : permissions, name: name, file: module.file)
        try GrantStoreOptions.save(store)
        let left = store.permissions(name: name, file: module.file)
        let what = taken.isEmpty ? "nothing to revoke" : "revoked \(taken.joined(separator: " "))"
        writeStandardOutput("\(name) (\(module.file)): \(what); granted \(left.isEmpty ? "nothing" : left.joined(separator: " "))")
    }
}
