import ArgumentParser
import TabModuleBundle

/// `tabhost trust add|list|remove`: the publisher keys bundles are verified with (`TrustStore`).
struct TrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Manages the publisher keys module bundles are verified with.",
        discussion: """
            A module name is pinned to its publisher's key when its first bundle is installed; a later bundle of \
            that name signed by another key is refused. A trusted key is accepted for any module without asking. \
            Kept in $XDG_CONFIG_HOME/tabhost/trust.json.
            """,
        subcommands: [TrustAddCommand.self, TrustListCommand.self, TrustRemoveCommand.self])

    /// The store's path, or one line and exit 1 when there is no home to keep it in.
    static func storePath() throws -> String {
        guard let path = TrustStoreFile.defaultPath() else {
            writeStandardError("cannot find the trust store: neither XDG_CONFIG_HOME nor HOME is set; set one of them")
            throw ExitCode(1)
        }
        return path
    }

    /// Runs `body`, turning a `BundleError` into its line on standard error and exit status 1.
    static func reporting<T>(_ body: () throws(BundleError) -> T) throws -> T {
        do throws(BundleError) {
            return try body()
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
    }

    /// The key in `text`: a `.pub` file's path, or the key's base64 (`RW…`).
    static func key(_ text: String) throws -> PublicKey {
        try reporting { () throws(BundleError) -> PublicKey in
            if text.hasPrefix("RW"), let key = try? PublicKey(base64: text) { return key }
            return try PublicKey.read(path: text)
        }
    }
}
