import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// The secret key `pack` and `feed` sign with: `--key`, or else the key `tabhost keygen` writes by default,
/// so a publisher who made theirs with a plain `tabhost keygen` never has to name it.
enum SigningKeyPath {
    /// `key`, or keygen's default path when it is nil; writes one line and exits 1 when there is none.
    static func resolve(_ key: String?) throws -> String {
        if let key { return key }
        guard let path = KeygenCommand.defaultPath() else {
            writeStandardError("no --key, and no default key: neither XDG_CONFIG_HOME nor HOME is set; pass --key PATH")
            throw ExitCode(1)
        }
        // Said here rather than as "cannot open": the user never named this path.
        guard access(path, F_OK) == 0 else {
            writeStandardError("\(path): no secret key at the default path; run tabhost keygen to make one, or pass --key PATH")
            throw ExitCode(1)
        }
        return path
    }
}
