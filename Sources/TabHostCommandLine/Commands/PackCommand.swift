import ArgumentParser

/// `tabhost pack [DIR] --key PATH [--output FILE]`: a `tabhost new` project made into a signed bundle. The
/// arguments are checked here; the work is `tabhost-bundle`'s (libarchive stays off `tabhost`'s start).
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Builds a module project in release and writes its signed bundle (NAME-VERSION.tabmod).",
        discussion: """
            DIR is a project made by `tabhost new` (a Makefile or a Package.swift) with a tabmod.json (publisher, \
            description, license, homepage, updates). The name, version, ABI, title and permissions come from the \
            built module's descriptor, read in a scanner child. The bundle holds the .so, its image and its \
            .resources directory when there is one, and is signed with the secret key at --key (its password from \
            the terminal, or TABHOST_KEY_PASSWORD). Exit status: 0 written, 1 refused or failed, 2 usage error.
            """)

    @Argument(help: "The project's directory.")
    var directory = "."

    @Option(help: ArgumentHelp("The secret key to sign with (made by tabhost keygen).", valueName: "PATH"))
    var key: String

    @Option(help: ArgumentHelp("The bundle to write (default: NAME-VERSION.tabmod in the working directory).", valueName: "FILE"))
    var output: String?

    func validate() throws {
        guard !key.isEmpty else { throw ValidationError("--key: empty; pass the secret key's file") }
        if let output, output.isEmpty { throw ValidationError("--output: empty; pass a file name, or leave it out") }
    }

    func run() throws {
        guard let tools = TabHostCommand.bundles else { CompanionProgram.bundle.exec() }
        do {
            for line in try tools.pack(directory: directory, keyPath: key, output: output) { print(line) }
        } catch {
            writeStandardError("\(error)")
            throw ExitCode(1)
        }
    }
}
