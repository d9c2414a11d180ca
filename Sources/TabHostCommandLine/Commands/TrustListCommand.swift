import ArgumentParser
import TabModuleBundle

/// `tabhost trust list`: the pinned module names and the trusted keys.
struct TrustListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Shows the pinned module names and the trusted keys.",
        discussion: "Exit status: 0 shown, 1 the store cannot be read.")

    func run() throws {
        let path = try TrustCommand.storePath()
        let store = try TrustCommand.reporting { () throws(BundleError) in try TrustStoreFile.read(path) }
        if store.pins.isEmpty && store.trusted.isEmpty {
            writeStandardOutput("no pinned modules and no trusted keys (\(path))")
            return
        }
        for pin in store.pins { writeStandardOutput("pinned   \(pin.name)  key \(pin.key.keyID)  \(pin.key.base64)") }
        for trusted in store.trusted {
            let note = trusted.comment.isEmpty ? "" : "  (\(trusted.comment))"
            writeStandardOutput("trusted  key \(trusted.key.keyID)  \(trusted.key.base64)\(note)")
        }
    }
}
