/// How `pack`, `feed`, `install` and `update` do their work without linking libarchive: `tabhost-bundle` passes one to
/// `TabHostCommand.main(web:bundles:)`; `tabhost` passes none, and the commands exec `tabhost-bundle`
/// (`CompanionProgram.bundle`) once their arguments are checked.
public protocol BundleTooling: Sendable {
    /// Builds the `tabhost new` project in `directory` in release, checks it and writes its signed bundle
    /// (to `output`, else `NAME-VERSION.tabmod` in the working directory) with the secret key at `keyPath`.
    /// Returns the lines to print; throws an error whose description is what to print on standard error.
    func pack(directory: String, keyPath: String, output: String?) throws -> [String]

    /// Verifies the bundle at `bundle` with the key at `keyPath` and writes the signed feed announcing it at
    /// `url` (to `output`, else `feed.json`), valid for `expiresDays` days: one file holding the signature
    /// and the feed, or with `detached` the feed and its signature beside it (`output.minisig`).
    func feed(bundle: String, keyPath: String, url: String, output: String?, expiresDays: Int, detached: Bool) throws -> [String]

    /// Installs the bundle at `source` (a file, or an https URL downloaded first) as `request` says: the
    /// checks, the first install's question, the atomic placement. Returns the lines to print; throws an
    /// error whose description is the one line to print on standard error.
    func install(source: String, request: BundleInstallRequest) throws -> [String]

    /// Updates the installed bundles `names` (every one when empty) from their signed feeds, each held to
    /// the key it is pinned to (nothing is asked). One module's refusal does not stop the others.
    func update(names: [String], request: BundleInstallRequest) -> UpdateReport
}
