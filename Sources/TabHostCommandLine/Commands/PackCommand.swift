import ArgumentParser

/// `tabhost pack [DIR] [--key PATH] [--output FILE]`: a `tabhost new` project made into a signed bundle. The
/// arguments are checked here; the work is `tabhost-bundle`'s (libarchive stays off `tabhost`'s start).
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Builds a module project in release and writes its signed bundle (NAME-VERSION.tabmod).",
        discussion: """
            DIR is a project made by `tabhost new` (a Makefile or a Package.swift) with a tabmod.json (publisher, \
            description, license, homepage, updates). The name, version, ABI, title and permissions come from the \
            built module's descriptor, read in a scanner child. The bundle holds the .so, its image and its \
            .resources directory when there is one, and is signed with the secret key at --key (default: the one \
            tabhost keygen writes, $XDG_CONFIG_HOME/tabhost/publisher.key; its password from the terminal, or \
            TABHOST_KEY_PASSWORD), in minisign's format (keys made by minisign -G, with or without -W, sign too). \
            tabmod.json may not keep the placeholders tabhost new wrote (publisher, description, example.org URLs). Exit status: 0 written, 1 refused or failed, 2 usage error.
            """)

    @Argument(help: "The project's directory.")
    var directory = "."

    @Option(
        help: ArgumentHelp(
            "The secret key to sign with (default: tabhost keygen's, $XDG_CONFIG_HOME/tabhost/publisher.key).", valueName: "PATH"))
    var key: String?

    @Option(help: ArgumentHelp("The bundle to write (default: NAME-VERSION.tabmod in the working directory).", valueName: "FILE"))
    var output: String?

    func validate() throws {
        if let key, key.isEmpty { throw ValidationError("--key: empty; pass the secret key's file, or leave it out") }
        if let output, output.isEmpty { throw ValidationError("--output: empty; pass a file name, or leave it out") }
    }

    func run() throws {
        let keyPath = try SigningKeyPath.resolve(key)
        guard let tools = TabHostCommand.bundles else { CompanionProgram.bundle.exec() }
        do {
            for line in try tools.pack(directory: directory, keyPath: keyPath, output: output) { writeStandardOutput(line) }
        } catch {
            writeStandardError(failure: error)
            throw ExitCode(1)
        }
    }
}
