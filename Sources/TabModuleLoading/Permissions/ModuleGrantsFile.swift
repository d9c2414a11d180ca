import FoundationEssentials

/// The permissions store's file format: a JSON object `{"version": 1, "grants": [ModuleGrant…]}`,
/// a pure codec that checks every field as `tabhost grant` would.
struct ModuleGrantsFile: Codable {
    /// The format version this host reads and writes.
    static let formatVersion = 1

    /// The format version.
    var version: Int
    /// The grants, one per module.
    var grants: [ModuleGrant]

    /// The file's grants; throws a reason (one phrase) when the bytes are not a valid store.
    static func decode(_ bytes: [UInt8]) throws(ModuleGrantsFileProblem) -> [ModuleGrant] {
        let file: ModuleGrantsFile
        do {
            file = try JSONDecoder().decode(ModuleGrantsFile.self, from: Data(bytes))
        } catch {
            throw ModuleGrantsFileProblem("not a valid permissions file (malformed JSON or a missing field)")
        }
        guard file.version == formatVersion else {
            throw ModuleGrantsFileProblem("format version \(file.version), this host reads \(formatVersion)")
        }
        for grant in file.grants {
            guard DescriptorValidator.isValidName(grant.name) else {
                throw ModuleGrantsFileProblem("module name \"\(grant.name.prefix(64))\" is not valid")
            }
            guard grant.file.map({ $0.hasPrefix("/") }) ?? (grant.publisherKey != nil) else {
                throw ModuleGrantsFileProblem("the grant for \(grant.name) has neither an absolute file nor a publisher key")
            }
            for permission in grant.permissions {
                if let problem = ModulePermissions.problem(permission) {
                    throw ModuleGrantsFileProblem("the grant for \(grant.name): \(problem)")
                }
            }
        }
        return file.grants
    }

    /// The file's bytes for `grants` (pretty-printed, keys sorted, a final newline: readable and diffable).
    static func encode(_ grants: [ModuleGrant]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, arrays and an Int cannot fail.
        let data = (try? encoder.encode(ModuleGrantsFile(version: formatVersion, grants: grants))) ?? Data()
        return Array(data) + [UInt8(ascii: "\n")]
    }
}
