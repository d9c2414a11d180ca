import TabModuleBundle

/// What an install did: the bundle now installed, the one it replaced, and how its key was accepted.
public struct InstallOutcome: Sendable {
    /// The bundle as installed.
    public let installed: InstalledBundle
    /// The bundle it replaced (now `.NAME.previous`), nil for a first install.
    public let replaced: InstalledBundle?
    /// The key that signed it; nil when unsigned.
    public let key: PublicKey?
    /// How that key was accepted.
    public let acceptance: KeyAcceptance
    /// What a first install of the name did with files already in its data directory, which no bundle of
    /// the name wrote: where they were moved, or why they could not be (nil when there were none).
    public var dataNote: String? = nil

    /// "installed hello 1.2.0 (key 1A2B…) into DIR" (and what it replaced).
    public var line: String {
        let manifest = installed.manifest
        let signer = key.map { "key \($0.keyID)" + (acceptance == .firstUse || acceptance == .trusted ? ", now pinned" : "") } ?? "unsigned"
        let was = replaced.map { $0.manifest.version == manifest.version ? ", reinstalled" : ", replacing \($0.manifest.version)" } ?? ""
        return "installed \(manifest.name) \(manifest.version) (\(signer)) into \(installed.directory)\(was)"
    }

    /// ``line``, then ``dataNote`` when there is one.
    public var lines: [String] {
        [line] + (dataNote.map { [$0] } ?? [])
    }
}
