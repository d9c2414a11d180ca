import TabModuleLoading

extension BundleManifest {
    /// The manifest `tabhost pack` signs: name, version, ABI, title and permissions from the module's
    /// descriptor (`info`, read by the scanner child), the rest from the project's `tabmod.json`, and `files`.
    /// Errors name `project` (the project's directory).
    public init(settings: ProjectBundleSettings, descriptor info: ModuleInfo, files: [BundleFileEntry], project: String)
        throws(BundleError)
    {
        guard let text = info.version, let version = SemanticVersion(text) else {
            throw BundleError(
                .invalidManifestField, path: project,
                reason: "the module's version \(info.version.map { "\"\($0)\"" } ?? "(none)") is not a semantic version",
                hint: "set the descriptor's .version to MAJOR.MINOR.PATCH, e.g. \"1.0.0\", and build again")
        }
        self.init(
            name: info.name, version: version, abi: "\(info.abiMajor).\(info.abiMinor)", title: info.title,
            description: settings.description, publisher: settings.publisher, license: settings.license, homepage: settings.homepage,
            permissions: info.permissions, updates: settings.updates, files: files, tab: settings.tab ?? true)
        if let problem = checkProblem() {
            throw BundleError(
                .invalidManifestField, path: project, reason: problem, hint: "fix tabmod.json or the descriptor, and pack again")
        }
    }
}
