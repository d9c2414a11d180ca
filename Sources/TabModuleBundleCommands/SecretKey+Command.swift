import TabModuleBundle

extension SecretKey {
    /// The secret key at `path` for a command: its password, when it is encrypted, from TABHOST_KEY_PASSWORD
    /// or asked on the terminal, as `tabhost keygen` reads it.
    static func forCommand(path: String) throws -> SecretKey {
        try SecretKey.read(path: path) {
            PasswordSource.fromEnvironment() ?? PasswordSource.fromTerminal(prompt: "Password for \(path): ")
        }
    }
}
