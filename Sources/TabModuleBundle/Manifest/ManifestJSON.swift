import FoundationEssentials

/// The manifest's JSON coding (FoundationEssentials), apart so the manifest type names no Foundation type.
enum ManifestJSON {
    /// Decodes `bytes`; throws `ManifestFieldProblem`, `DecodingError`, or another error for bad JSON.
    static func decode(_ bytes: [UInt8]) throws -> BundleManifest {
        try JSONDecoder().decode(BundleManifest.self, from: Data(bytes))
    }

    /// Pretty-printed, keys sorted, slashes unescaped, a final newline.
    static func encode(_ manifest: BundleManifest) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and arrays of them always encode.
        let data = (try? encoder.encode(manifest)) ?? Data()
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// A field's name from its coding path: `files[0].size`.
    static func name(_ path: [any CodingKey]) -> String {
        let names = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return names.reduce("") { $0.isEmpty || $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
    }

    /// One phrase for a decoding error: the field and what was wrong with it.
    static func describe(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let joined = name(path + (last.map { [$0] } ?? []))
            return joined.isEmpty ? "the top level" : "field \"\(joined)\""
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(field(context.codingPath, key))"
        case .valueNotFound(let type, let context): return "\(field(context.codingPath)) is null, expected \(type)"
        case .typeMismatch(let type, let context): return "\(field(context.codingPath)) is not of type \(type)"
        case .dataCorrupted(let context):
            // The decoder leaves the path empty for bad JSON and for a number its field cannot hold: its words tell which.
            let words = context.underlyingError.map { "\($0)" } ?? context.debugDescription
            let detail = words.split(whereSeparator: \.isNewline).first.map { " (\($0.prefix(160)))" } ?? ""
            return context.codingPath.isEmpty ? "not valid JSON\(detail)" : "\(field(context.codingPath)) has an invalid value\(detail)"
        @unknown default: return "not a valid manifest"
        }
    }
}
