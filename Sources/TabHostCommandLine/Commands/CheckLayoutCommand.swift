import ArgumentParser
import TabHostCore
import TabKit
import TabLayout
import TabModuleLoading

/// `tabhost check-layout FILE [--modules DIR…]`: validates a layout without a terminal, as `nginx -t`
/// validates a configuration.
struct CheckLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-layout",
        abstract: "Checks a layout file: syntax, structure, templates, and module names when --modules is given.",
        discussion: """
            Prints FILE: ok and exits 0 when the layout is valid. Otherwise prints one line per problem \
            on standard error (FILE:LINE:COL: reason; what to do) and exits 1. With --modules, module names \
            must name a module accepted in one of the directories (read as tabhost list reads them: each \
            file is opened in a scanner child, never in this process); without it, names are not checked. \
            A usage error exits 2.
            """)

    @Argument(help: "The layout file (JSON).")
    var file: String

    @Option(name: .long, parsing: .upToNextOption, help: "Module directories whose module names the layout may use.")
    var modules: [String] = []

    @OptionGroup var loading: CommandLoadingOptions

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(file, limit: Layout.maximumFileBytes)
        } catch {
            writeStandardError("\(file): cannot read the layout file (\(error)); check the path")
            throw ExitCode(1)
        }
        var known: Set<String>?
        var refused: Set<String> = []
        var problems: [String] = []
        if !modules.isEmpty {
            let loaded = try loading.commandModules()
            defer { loaded.copies.removeAll() }
            let entries = loaded.registry.load(directories: ModuleSearchPath.directories(modules))
            known = loaded.registry.moduleNames
            // As `run` takes them: a tab placed for a refused file says why, and the host starts.
            refused = loaded.registry.refusedFileNames
            // A directory that cannot be read makes every name check meaningless: a problem. A rejected
            // file is only the reason a name may be unknown: said, but not counted.
            for entry in entries where entry.error != nil {
                let line = entry.error!.description
                if entry.isDirectory { problems.append(line) } else { writeStandardError("note: \(line)") }
            }
        }
        problems += Layout.problems(bytes: bytes, file: file, knownModules: known, refusedModules: refused).map(\.description)
        guard problems.isEmpty else {
            ProblemLines.write(problems, file: file)
            throw ExitCode(1)
        }
        writeStandardOutput("\(file): ok")
    }
}
