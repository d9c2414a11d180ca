import ArgumentParser
import TabModuleBundle
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost keygen [--output PATH] [--unencrypted]`: a publisher's key pair for signing bundles, in
/// minisign's format (so `minisign -S` signs with it and `minisign -V` verifies with its `.pub`).
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Makes a key pair for signing module bundles (minisign's format).",
        discussion: """
            Writes PATH, the secret key (mode 0600, encrypted with a password unless --unencrypted), and PATH.pub, \
            the public key users pin; neither may exist yet. The password is read from the terminal without echo, \
            or from TABHOST_KEY_PASSWORD for scripts. PATH defaults to $XDG_CONFIG_HOME/tabhost/publisher.key. \
            Exit status: 0 written, 1 a file exists or cannot be written or no password could be read, 2 usage error.
            """)

    @Option(help: "The secret key's file (the public key goes to PATH.pub).")
    var output: String?

    @Flag(help: "Store the secret key without a password (for a machine that signs unattended).")
    var unencrypted = false

    func run() throws {
        guard let path = output ?? Self.defaultPath() else {
            writeStandardError("cannot find where to write the key: neither XDG_CONFIG_HOME nor HOME is set; pass --output PATH")
            throw ExitCode(1)
        }
        let publicPath = path + ".pub"
        for existing in [path, publicPath] where Self.exists(existing) {
            writeStandardError("\(existing): already exists; remove it first, or choose another path with --output")
            throw ExitCode(1)
        }
        let password = unencrypted ? nil : try Self.password()
        let key = SecretKey.generate()
        do throws(BundleError) {
            try KeyFiles.makeParentDirectory(of: path)
            try KeyFiles.create(path, contents: key.fileContents(password: password), mode: 0o600)
            try KeyFiles.create(publicPath, contents: key.publicKey.fileContents, mode: 0o644)
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        writeStandardOutput("secret key: \(path) (\(unencrypted ? "unencrypted" : "encrypted with your password"); keep it private)")
        writeStandardOutput("public key: \(publicPath), key id \(key.keyID)")
    }

    /// `$XDG_CONFIG_HOME/tabhost/publisher.key`, or `$HOME/.config/tabhost/publisher.key`.
    static func defaultPath() -> String? {
        guard let permissions = ModuleGrantStore.defaultPath(), let slash = permissions.lastIndex(of: "/") else { return nil }
        return permissions[..<slash] + "/publisher.key"
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The password from TABHOST_KEY_PASSWORD, or typed twice on the terminal.
    private static func password() throws -> [UInt8] {
        if let password = PasswordSource.fromEnvironment() { return password }
        guard let first = PasswordSource.fromTerminal(prompt: "Password for the new secret key: ") else {
            writeStandardError("no terminal to read a password from; set TABHOST_KEY_PASSWORD, or pass --unencrypted")
            throw ExitCode(1)
        }
        guard !first.isEmpty else {
            writeStandardError("the password is empty; type one, or pass --unencrypted for a key without a password")
            throw ExitCode(1)
        }
        guard PasswordSource.fromTerminal(prompt: "The same password again: ") == first else {
            writeStandardError("the two passwords differ; run tabhost keygen again")
            throw ExitCode(1)
        }
        return first
    }
}
