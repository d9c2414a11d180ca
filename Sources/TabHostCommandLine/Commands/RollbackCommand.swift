import ArgumentParser
import TabModuleBundle
import TabModuleLoading

/// `tabhost rollback NAME [--modules DIR]`: the installed bundle exchanged with the version kept before it
/// (so rolling back twice returns). Runs in `tabhost` itself: two renames under the lock, no archive.
struct RollbackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Returns an installed module to the version it had before its last install or update.",
        discussion: """
            Exchanges DIR/NAME with DIR/.NAME.previous atomically; a running host reloads the tab with its state. \
            Rolling back again returns to the newer version. Then it waits (--wait SECONDS, default 10) for each \
            running host that shows the module and prints what it did, as tabhost update does. Exit status: 0 rolled \
            back (and every running host showing it reloaded it, or none runs), 1 nothing to roll back to or failed, \
            2 usage error, 3 rolled back but a running host kept the other version or did not answer.
            """)

    @Argument(help: "The module's name.")
    var name: String

    @OptionGroup var modules: ModulesDirectoryOption

    @OptionGroup var wait: ReloadWaitOption

    func validate() throws {
        guard ModuleSearchPath.isValidModuleName(name) else {
            throw ValidationError("'\(name)' is not a module name ([a-z0-9._-], 1 to 64 bytes)")
        }
    }

    func run() throws {
        let directory = try modules.resolved()
        let hosts = RunningHostReloads(name: name, directory: directory)
        do {
            let installed = try InstalledBundles(path: directory, create: false)
            let (now, was) = try installed.withLock { try installed.rollback(name) }
            let from = was.map { " (from \($0.manifest.version); tabhost rollback \(name) again returns to it)" } ?? ""
            writeStandardOutput("rolled back \(name) to \(now.manifest.version)\(from)")
        } catch let error as BundleError where error.code == .notInstalled && error.reason == "no such modules directory" {
            writeStandardError("\(directory)/\(name): no previous version to roll back to; nothing is installed in \(directory)")
            throw ExitCode(1)
        } catch {
            writeStandardError("\(error)")
            throw ExitCode(1)
        }
        guard wait.report([hosts], changed: [name]) else { throw ExitCode(3) }
    }
}
