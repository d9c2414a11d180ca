import ArgumentParser
import TabModuleBundle
import TabModuleLoading
import TabModuleRuntime

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost remove NAME [--purge] [--modules DIR]`: an installed bundle and its previous version deleted;
/// `--purge` also its data directory and grants (its trust pin stays). Runs in `tabhost` itself: renames and
/// deletions under the lock, no archive.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Removes an installed module bundle (--purge: its data and grants too).",
        discussion: """
            Moves DIR/NAME away in one rename (a running host closes its tab), then deletes it and DIR/.NAME.previous. \
            With --purge, also the module's data directory ($XDG_DATA_HOME/tabhost/data/NAME) and the permissions \
            granted to it; the key its name is pinned to stays (tabhost trust remove --module NAME forgets it). \
            Exit status: 0 removed, 1 not installed or failed, 2 usage error.
            """)

    @Argument(help: "The module's name.")
    var name: String

    @Flag(help: "Also delete the module's data directory and the permissions granted to it.")
    var purge = false

    @OptionGroup var modules: ModulesDirectoryOption

    func validate() throws {
        guard ModuleSearchPath.isValidModuleName(name) else {
            throw ValidationError("'\(name)' is not a module name ([a-z0-9._-], 1 to 64 bytes)")
        }
    }

    func run() throws {
        let directory = try modules.resolved()
        let removed: InstalledBundle?
        do {
            let installed = try InstalledBundles(path: directory, create: false)
            removed = try installed.withLock {
                installed.sweepAbandoned(holdingLock: true)
                return try installed.remove(name)
            }
        } catch let error as BundleError where error.code == .notInstalled {
            writeStandardError("\(directory)/\(name): no bundle of that name is installed; run tabhost list to see them")
            throw ExitCode(1)
        } catch {
            writeStandardError("\(error)")
            throw ExitCode(1)
        }
        var line = "removed \(name) \(removed.map { "\($0.manifest.version)" } ?? "(its manifest could not be read)") from \(directory)"
        if purge {
            if let data = ModuleDataDirectory.fromEnvironment() {
                let path = data.path(forModule: name)
                FileTree.remove(path)
                // Which bundle the directory belonged to goes with it: the next bundle of the name claims anew.
                unlink(data.claimPath(forModule: name))
                line += "; deleted its data \(path)"
            }
            if let path = ModuleGrantStore.defaultPath() {
                var store = ModuleGrantStore(path: path)
                // Grants are keyed by the module file with links resolved (the directory stays; the file is gone).
                let file = ModuleFileReader.resolved(directory) + "/" + name + "/" + name + ".so"
                let before = store.grants.count
                for grant in store.grants where grant.name == name && (grant.file == file || grant.file == nil) {
                    store.revoke(nil, name: name, file: grant.file, publisherKey: grant.publisherKey)
                }
                if store.grants.count != before {
                    do throws(ModuleGrantStoreError) {
                        try store.save()
                    } catch {
                        writeStandardError(error.description)
                        throw ExitCode(1)
                    }
                    line += " and its grants"
                }
            }
            line += " (its key pin stays: tabhost trust remove --module \(name) forgets it)"
        }
        writeStandardOutput(line)
    }
}
