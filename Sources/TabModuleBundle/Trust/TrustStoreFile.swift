import FoundationEssentials
import SystemPackage
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// The trust store's file, `$XDG_CONFIG_HOME/tabhost/trust.json`: `{"version": 1, "pins": [{"name", "key"}],
/// "trusted": [{"key", "comment"}]}`, keys as minisign's base64 (`RW…`). Read only when it is the user's own
/// and writable by no one else (anyone who can write it could pin their key); replaced atomically (0600).
public enum TrustStoreFile {
    /// The format version this host reads and writes.
    public static let formatVersion = 1

    /// `$XDG_CONFIG_HOME/tabhost/trust.json`, or `$HOME/.config/tabhost/trust.json`; nil without either.
    public static func defaultPath() -> String? {
        guard let permissions = ModuleGrantStore.defaultPath(), let slash = permissions.lastIndex(of: "/") else { return nil }
        return permissions[..<slash] + "/trust.json"
    }

    /// The store in the file at `path`; an empty store when there is no file.
    public static func read(_ path: String) throws(BundleError) -> TrustStore {
        let hint = "check it, then chmod 600 it, or move it away"
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 && errno == ENOENT { return TrustStore() }
        guard fd >= 0 else { throw BundleFile.failure("cannot open the trust store", path: path, code: errno) }
        var info = stat()
        let checked = fstat(fd, &info) == 0
        close(fd)
        guard checked, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid(), info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw BundleError(
                .untrustedStore, path: path, reason: "the trust store is not a file of yours that only you can write", hint: hint)
        }
        return try decode(BundleFile.read(path, limit: 4 << 20), path: path)
    }

    /// Writes `store` to `path` whole or not at all (mode 0600), making its directory (0700) when missing.
    public static func write(_ store: TrustStore, to path: String) throws(BundleError) {
        try KeyFiles.makeParentDirectory(of: path)
        do {
            try AtomicFile.write(encode(store), to: path)
        } catch {
            throw BundleFile.failure("cannot write the trust store", path: path, code: error.code)
        }
    }

    /// The store in `bytes` (from `path`, for the message).
    public static func decode(_ bytes: [UInt8], path: String) throws(BundleError) -> TrustStore {
        func malformed(_ reason: String) -> BundleError {
            BundleError(.malformedStore, path: path, reason: reason, hint: "fix it or move it away (its keys are then forgotten)")
        }
        let file: StoreFile
        do {
            file = try JSONDecoder().decode(StoreFile.self, from: Data(bytes))
        } catch {
            throw malformed("not a valid trust store (malformed JSON or a missing field)")
        }
        guard file.version == formatVersion else { throw malformed("format version \(file.version), this host reads \(formatVersion)") }
        var store = TrustStore()
        for pin in file.pins {
            guard ModuleSearchPath.isValidModuleName(pin.name) else { throw malformed("\"\(pin.name.prefix(64))\" is not a module name") }
            guard let key = try? PublicKey(base64: pin.key) else { throw malformed("the key pinned for \(pin.name) is not a public key") }
            guard store.pinnedKey(for: pin.name) == nil else { throw malformed("\(pin.name) is pinned twice") }
            store.pin(pin.name, to: key)
        }
        for trusted in file.trusted {
            guard let key = try? PublicKey(base64: trusted.key) else { throw malformed("a trusted key is not a public key") }
            store.trust(key, comment: trusted.comment)
        }
        return store
    }

    /// The file's bytes: pretty-printed, keys sorted, a final newline.
    public static func encode(_ store: TrustStore) -> [UInt8] {
        let file = StoreFile(
            version: formatVersion, pins: store.pins.map { StoreFile.Pin(name: $0.name, key: $0.key.base64) },
            trusted: store.trusted.map { StoreFile.Trusted(key: $0.key.base64, comment: $0.comment) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, arrays and an Int always encode.
        return Array((try? encoder.encode(file)) ?? Data()) + [UInt8(ascii: "\n")]
    }

    /// The JSON shape.
    private struct StoreFile: Codable {
        struct Pin: Codable {
            var name: String
            var key: String
        }
        struct Trusted: Codable {
            var key: String
            var comment: String
        }
        var version: Int
        var pins: [Pin]
        var trusted: [Trusted]
    }
}
