/// One file the manifest lists: its path in the bundle, size, SHA-256 and, for a module's `.so`, the
/// architecture it is built for.
public struct BundleFileEntry: Sendable, Hashable, Codable {
    /// The architectures a `.so` may be listed for (Debian's multiarch triplets).
    public static let architectures: Set<String> = ["x86_64-linux-gnu", "aarch64-linux-gnu"]

    /// The path inside the bundle (see `BundlePath`).
    public var path: String
    /// The size in bytes.
    public var size: UInt64
    /// The SHA-256 in lower-case hexadecimal.
    public var sha256: String
    /// The architecture of a `.so` (one of `architectures`); nil for a file any architecture uses.
    public var arch: String?

    /// An entry.
    public init(path: String, size: UInt64, sha256: String, arch: String? = nil) {
        self.path = path
        self.size = size
        self.sha256 = sha256
        self.arch = arch
    }

    /// The entry for `bytes` at `path` (its size and SHA-256 computed).
    public init(path: String, bytes: [UInt8], arch: String? = nil) {
        self.init(path: path, size: UInt64(bytes.count), sha256: SHA256Hasher.hex(bytes), arch: arch)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case path, size, sha256, arch }

    /// Decodes strictly: unknown fields, a bad path, hash or architecture are refused.
    public init(from decoder: any Decoder) throws {
        try ManifestKey.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
        let object = try decoder.container(keyedBy: CodingKeys.self)
        path = try object.decode(String.self, forKey: .path)
        // Read as signed, so a negative size gets its own words rather than a JSON decoder's.
        guard let size = try? object.decode(Int64.self, forKey: .size) else {
            throw ManifestFieldProblem("files: \"\(path.prefix(80))\": size is missing or not a whole number of bytes")
        }
        sha256 = try object.decode(String.self, forKey: .sha256)
        arch = try object.decodeIfPresent(String.self, forKey: .arch)
        if let problem = BundlePath.problem(path) { throw ManifestFieldProblem("files: \"\(path.prefix(80))\": \(problem)") }
        guard size >= 0 else { throw ManifestFieldProblem("files: \"\(path)\": size is negative") }
        self.size = UInt64(size)
        guard Hex.isLowercase(sha256, byteCount: 32) else {
            throw ManifestFieldProblem("files: \"\(path)\": sha256 is not 64 lower-case hexadecimal digits")
        }
        if let arch, !Self.architectures.contains(arch) {
            throw ManifestFieldProblem(
                "files: \"\(path)\": unknown arch \"\(arch.prefix(40))\" (known: \(Self.architectures.sorted().joined(separator: ", ")))")
        }
    }

    /// Writes every field (`arch` only when set).
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(path, forKey: .path)
        try object.encode(size, forKey: .size)
        try object.encode(sha256, forKey: .sha256)
        try object.encodeIfPresent(arch, forKey: .arch)
    }
}
