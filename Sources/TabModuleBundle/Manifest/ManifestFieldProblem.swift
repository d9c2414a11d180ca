/// Why a manifest field is refused, thrown from the manifest's decoders and turned into a `BundleError`.
struct ManifestFieldProblem: Error {
    /// One phrase naming the field.
    let reason: String

    init(_ reason: String) { self.reason = reason }
}
