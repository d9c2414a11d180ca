import ArgumentParser
import TabModuleLoading

/// The options of the permission commands: where to find modules by name.
struct GrantStoreOptions: ParsableArguments {
    @Option(name: .customLong("modules"), parsing: .upToNextOption, help: "Directories to find a module NAME in.")
    var modules: [String] = []

    @OptionGroup var loading: CommandLoadingOptions

    /// The accepted modules in the search path.
    func modulesFound() throws -> [GrantedModule] {
        try GrantedModule.all(in: ModuleSearchPath.directories(modules), loading: loading)
    }

    /// The module named `name`, or one line on standard error and exit status 1.
    func module(named name: String) throws -> GrantedModule {
        if let found = try modulesFound().first(where: { $0.info.name == name }) { return found }
        let places = ModuleSearchPath.directories(modules).map(\.path).joined(separator: ", ")
        writeStandardError(
            "\(name): no accepted module with this name in \(places.isEmpty ? "(no directories)" : places); "
                + "run tabhost list to see the modules, or pass --modules DIR")
        throw ExitCode(1)
    }

    /// The permissions store, or one line and exit status 1 when there is no home to keep it in.
    static func store() throws -> ModuleGrantStore {
        guard let path = ModuleGrantStore.defaultPath() else {
            writeStandardError("cannot find the permissions store: neither XDG_CONFIG_HOME nor HOME is set; set one of them")
            throw ExitCode(1)
        }
        return ModuleGrantStore(path: path)
    }

    /// Writes `store`, or its error line and exit status 1.
    static func save(_ store: ModuleGrantStore) throws {
        do throws(ModuleGrantStoreError) {
            try store.save()
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
    }
}
