/// What is at a bundle's name in a modules directory (`InstalledBundles.occupant(named:)`).
public enum InstalledBundleOccupant: Sendable, Hashable {
    /// Nothing.
    case none
    /// An installed bundle.
    case bundle(InstalledBundle)
    /// A bundle directory whose manifest or signature file cannot be read any more (why: the error).
    case damaged(BundleError)

    /// The bundle, when it could be read.
    public var bundle: InstalledBundle? {
        if case .bundle(let bundle) = self { bundle } else { nil }
    }
}
