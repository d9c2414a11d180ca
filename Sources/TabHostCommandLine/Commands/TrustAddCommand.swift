import ArgumentParser
import TabModuleBundle
import TabModuleLoading

/// `tabhost trust add KEY [--module NAME] [--comment TEXT]`: trusts a key for any module, or pins one module
/// name to it (the deliberate way to accept a publisher's new key).
struct TrustAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Trusts a publisher key for any module, or pins one module to it (--module).",
        discussion: """
            KEY is a .pub file (from tabhost keygen or minisign -G) or the key itself (RW…). With --module NAME, NAME \
            is pinned to KEY, replacing the key it was pinned to: how to accept a publisher's new key, after checking \
            it with them. Exit status: 0 done, 1 KEY or the store cannot be read or written, 2 usage error.
            """)

    @Argument(help: "A .pub file, or the public key in base64 (RW…).")
    var key: String

    @Option(help: "Pin this module name to KEY instead of trusting KEY for every module.")
    var module: String?

    @Option(help: "A note on whose key it is (shown by tabhost trust list).")
    var comment = ""

    func validate() throws {
        if let module, !ModuleSearchPath.isValidModuleName(module) {
            throw ValidationError("'\(module)' is not a module name ([a-z0-9._-], 1 to 64 bytes)")
        }
        if let control = ControlCharacters.first(in: comment) {
            throw ValidationError(
                "--comment must be one line of text: it holds a control character (U+\(String(control.value, radix: 16, uppercase: true)))")
        }
    }

    func run() throws {
        let publicKey = try TrustCommand.key(key)
        let path = try TrustCommand.storePath()
        var store = try TrustCommand.reporting { () throws(BundleError) in try TrustStoreFile.read(path) }
        if let module {
            let before = store.pinnedKey(for: module)
            store.pin(module, to: publicKey, replacing: true)
            try TrustCommand.reporting { () throws(BundleError) in try TrustStoreFile.write(store, to: path) }
            let was = before.map { $0 == publicKey ? " (already)" : " (was \($0.keyID))" } ?? ""
            writeStandardOutput("\(module): pinned to key \(publicKey.keyID)\(was)")
        } else {
            store.trust(publicKey, comment: comment)
            try TrustCommand.reporting { () throws(BundleError) in try TrustStoreFile.write(store, to: path) }
            writeStandardOutput("key \(publicKey.keyID): trusted for any module\(comment.isEmpty ? "" : " (\(comment))")")
        }
    }
}
