import ArgumentParser
import TabModuleBundle
import TabModuleLoading

/// `tabhost trust remove KEYID` or `tabhost trust remove --module NAME`: stops trusting a key, or forgets a
/// module's pin (its next install asks again, as a first install does).
struct TrustRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stops trusting a key (KEYID), or forgets the key a module is pinned to (--module).",
        discussion: "Exit status: 0 removed, 1 nothing matched or the store cannot be read or written, 2 usage error.")

    @Argument(help: "The key id to stop trusting, as tabhost trust list shows it.")
    var keyID: String?

    @Option(help: "Forget the key this module name is pinned to.")
    var module: String?

    func validate() throws {
        guard (keyID == nil) != (module == nil) else { throw ValidationError("give either a KEYID or --module NAME") }
        if let module, !ModuleSearchPath.isValidModuleName(module) {
            throw ValidationError("'\(module)' is not a module name ([a-z0-9._-], 1 to 64 bytes)")
        }
    }

    func run() throws {
        let path = try TrustCommand.storePath()
        var store = try TrustCommand.reporting { () throws(BundleError) in try TrustStoreFile.read(path) }
        if let module {
            guard store.unpin(module) else {
                writeStandardError("\(module): not pinned to any key; run tabhost trust list to see the pins")
                throw ExitCode(1)
            }
            try TrustCommand.reporting { () throws(BundleError) in try TrustStoreFile.write(store, to: path) }
            writeStandardOutput("\(module): pin removed; its next install asks as a first install does")
            return
        }
        let wanted = (keyID ?? "").uppercased()
        guard let key = store.trusted.first(where: { $0.key.keyID.description == wanted })?.key else {
            writeStandardError("key \(keyID ?? ""): not trusted; run tabhost trust list to see the trusted keys")
            throw ExitCode(1)
        }
        store.untrust(key.keyID)
        try TrustCommand.reporting { () throws(BundleError) in try TrustStoreFile.write(store, to: path) }
        writeStandardOutput("key \(key.keyID): no longer trusted (pins to it stay)")
    }
}
