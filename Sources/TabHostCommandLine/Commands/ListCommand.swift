import ArgumentParser
import TabModuleLoading

/// `tabhost list [DIR…]`: a table of the modules in the given (or default) directories.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: "tabhost",
        abstract: "Lists the modules in DIR… with their status.",
        discussion: """
            Without DIR, lists the example modules built next to tabhost, then \
            $XDG_DATA_HOME/tabhost/modules (default ~/.local/share/tabhost/modules) if it exists. \
            Every rejected file gets one line on standard error: the file, the reason, what to do. \
            Answers come from the module metadata cache ($XDG_CACHE_HOME/tabhost/modules.cache) for files \
            whose version it knows; --rescan opens every file again. \
            Exit status: 0 when every file is accepted, 1 when any file or directory is rejected.
            """)

    @Argument(help: "Directories to list (not recursive).")
    var directories: [String] = []

    @Flag(
        help: "Print a JSON array of the objects tabhost inspect --json prints (with \"cached\": true for answers from the metadata cache)."
    )
    var json = false

    @OptionGroup var loading: CommandLoadingOptions

    func run() throws {
        let loaded = try loading.commandModules()
        let copies = loaded.copies
        defer { copies.removeAll() }
        let registry = loaded.registry
        let searched = ModuleSearchPath.directories(directories)
        let entries = registry.load(directories: searched)
        registry.metadataCache?.save()
        // Indices rather than a filtered copy of the entries: each is large.
        let files = entries.indices.filter { !entries[$0].isDirectory }
        if json {
            writeStandardOutputJSON(Self.json(entries, files), terminator: "")
        } else {
            writeStandardOutputLines(Self.table(entries, files), terminator: "")
        }
        if entries.isEmpty {
            writeStandardError("no module files found in \(searched.map(\.path).joined(separator: ", "))")
        }
        for error in registry.errors { writeStandardError(error.description) }
        if !registry.errors.isEmpty { throw ExitCode(1) }
    }
}
