/// Any JSON object key: how the manifest's decoders see every field an object has, to refuse the unknown ones.
struct ManifestKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// Throws when the object `decoder` reads has a field outside `known`.
    static func refuseUnknown(in decoder: any Decoder, known: [String]) throws {
        let object = try decoder.container(keyedBy: ManifestKey.self)
        if let unknown = object.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            let path = ManifestJSON.name(decoder.codingPath + [ManifestKey(stringValue: unknown)])
            throw ManifestFieldProblem("unknown field \"\(path.prefix(80))\" (known: \(known.joined(separator: ", ")))")
        }
    }
}
