import ArgumentParser

/// `tabhost feed BUNDLE [--key PATH] --url URL [--output FILE] [--expires-days N]`: the signed feed that
/// announces a bundle to `tabhost update`. Arguments checked here; the work is `tabhost-bundle`'s.
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Writes the signed feed announcing a bundle (feed.json: its signature, then the feed).",
        discussion: """
            Verifies BUNDLE with the key at --key (default: tabhost keygen's, $XDG_CONFIG_HOME/tabhost/publisher.key), \
            then writes FILE (default feed.json): the four lines of its minisign signature, then the feed (the \
            module's name and version, the bundle's https URL, size and SHA-256, when it was published and when \
            it expires). Publish it at the manifest's `updates` URL after the bundle, in one rename. With \
            --detached-signature, FILE is the feed alone and FILE.minisig its signature (publish FILE.minisig \
            at that URL with .minisig appended). Exit status: 0 written, 1 refused or failed, 2 usage error.
            """)

    @Argument(help: "The bundle (.tabmod) the feed announces.")
    var bundle: String

    @Option(
        help: ArgumentHelp(
            "The secret key that signed the bundle, which signs the feed (default: tabhost keygen's).", valueName: "PATH"))
    var key: String?

    @Option(help: ArgumentHelp("The https URL users will download the bundle from.", valueName: "URL"))
    var url: String

    @Option(help: ArgumentHelp("The signed feed to write (default: feed.json).", valueName: "FILE"))
    var output: String?

    @Flag(
        name: .customLong("detached-signature"),
        help: "Write the feed alone to FILE and its signature to FILE.minisig (two files, as minisign -S does).")
    var detachedSignature = false

    @Option(name: .customLong("expires-days"), help: "How many days the feed is valid (update refuses an expired feed).")
    var expiresDays = 30

    func validate() throws {
        guard url.lowercased().hasPrefix("https://"), url.count > "https://".count else {
            throw ValidationError("--url \(url): not an https URL; publish the bundle on an HTTPS host (plain http is refused)")
        }
        guard (1...3650).contains(expiresDays) else { throw ValidationError("--expires-days \(expiresDays): not 1 to 3650") }
        if let output, output.isEmpty { throw ValidationError("--output: empty; pass a file name, or leave it out") }
        if let key, key.isEmpty { throw ValidationError("--key: empty; pass the secret key's file, or leave it out") }
    }

    func run() throws {
        let keyPath = try SigningKeyPath.resolve(key)
        guard let tools = TabHostCommand.bundles else { CompanionProgram.bundle.exec() }
        do {
            let lines = try tools.feed(
                bundle: bundle, keyPath: keyPath, url: url, output: output, expiresDays: expiresDays, detached: detachedSignature)
            for line in lines { writeStandardOutput(line) }
        } catch {
            writeStandardError("\(error)")
            throw ExitCode(1)
        }
    }
}
