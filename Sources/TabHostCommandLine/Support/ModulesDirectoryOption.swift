import ArgumentParser
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// `--modules DIR` of `install`, `rollback` and `remove`: the modules directory bundles are installed in,
/// by default the user's (`$XDG_DATA_HOME/tabhost/modules`, else `~/.local/share/tabhost/modules`).
struct ModulesDirectoryOption: ParsableArguments {
    @Option(
        name: .customLong("modules"),
        help: ArgumentHelp("The modules directory (default: $XDG_DATA_HOME/tabhost/modules).", valueName: "DIR"))
    var directory: String?

    /// The directory, absolute; one line and exit 1 when there is no home to find the default in.
    func resolved() throws -> String {
        if let directory {
            guard !directory.isEmpty else {
                writeStandardError("--modules: empty; pass a directory, or leave it out")
                throw ExitCode(2)
            }
            guard !directory.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return directory }
            defer { free(cwd) }
            return String(cString: cwd) + "/" + directory
        }
        guard let user = ModuleSearchPath.userDirectory() else {
            writeStandardError(
                "cannot find the modules directory: neither XDG_DATA_HOME nor HOME is set; set one of them, or pass --modules")
            throw ExitCode(1)
        }
        return user
    }
}
