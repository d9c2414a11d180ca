/// A cached entry's outcome on the heap (`CachedModuleEntry.box`), shared by the entry's copies and by
/// the registry's entry for the same file.
final class CachedOutcomeBox: Sendable {
    /// Accepted with its metadata, or refused.
    let outcome: CachedModuleEntry.Outcome

    /// A box holding `outcome`.
    init(_ outcome: CachedModuleEntry.Outcome) {
        self.outcome = outcome
    }
}
