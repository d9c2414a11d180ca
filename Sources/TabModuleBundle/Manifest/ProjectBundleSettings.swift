import FoundationEssentials

/// A module project's `tabmod.json`: what `tabhost pack` takes from the author for the manifest, the rest
/// (name, version, ABI, title, permissions) coming from the built module's descriptor. Read strictly, as
/// the manifest is: every field required, no other field.
///
/// ```json
/// {"publisher": "Ada Example", "description": "Shows the time", "license": "MIT",
///  "homepage": "https://example.org/clock", "updates": "https://example.org/clock/feed.json"}
/// ```
public struct ProjectBundleSettings: Sendable, Hashable, Codable {
    /// Who publishes the module.
    public var publisher: String
    /// One line saying what it does.
    public var description: String
    /// Its licence (an SPDX expression).
    public var license: String
    /// Its home page.
    public var homepage: String
    /// The `https:` URL its feed will be published at.
    public var updates: String
    /// The version the author means to publish, optional: when present, `pack` refuses a module whose
    /// descriptor says another (the version itself always comes from the descriptor).
    public var version: String?
    /// Whether the module is meant to be a tab, optional (default true): the manifest's `tab`.
    public var tab: Bool?

    /// Settings of these fields.
    public init(
        publisher: String, description: String, license: String, homepage: String, updates: String, version: String? = nil,
        tab: Bool? = nil
    ) {
        self.publisher = publisher
        self.description = description
        self.license = license
        self.homepage = homepage
        self.updates = updates
        self.version = version
        self.tab = tab
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case publisher, description, license, homepage, updates, version, tab }

    /// Decodes strictly: an unknown field is refused.
    public init(from decoder: any Decoder) throws {
        try ManifestKey.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
        let object = try decoder.container(keyedBy: CodingKeys.self)
        publisher = try object.decode(String.self, forKey: .publisher)
        description = try object.decode(String.self, forKey: .description)
        license = try object.decode(String.self, forKey: .license)
        homepage = try object.decode(String.self, forKey: .homepage)
        updates = try object.decode(String.self, forKey: .updates)
        version = try object.decodeIfPresent(String.self, forKey: .version)
        tab = try object.decodeIfPresent(Bool.self, forKey: .tab)
    }

    /// The settings in `bytes` (read from `path`); one line for anything wrong, the fields' values checked
    /// when the manifest is made (`BundleManifest(settings:descriptor:files:)`).
    public static func decode(_ bytes: [UInt8], path: String) throws(BundleError) -> ProjectBundleSettings {
        let hint = "fix tabmod.json (fields: publisher, description, license, homepage, updates; version and tab optional)"
        do {
            return try JSONDecoder().decode(ProjectBundleSettings.self, from: Data(bytes))
        } catch let problem as ManifestFieldProblem {
            throw BundleError(.malformedManifest, path: path, reason: problem.reason, hint: hint)
        } catch let error as DecodingError {
            throw BundleError(.malformedManifest, path: path, reason: ManifestJSON.describe(error), hint: hint)
        } catch {
            throw BundleError(.malformedManifest, path: path, reason: "not valid JSON", hint: hint)
        }
    }
}
