extension FeedCheck {
    /// What a checked feed says.
    public enum Outcome: Sendable, Hashable {
        /// A newer version, to download from the feed's URL.
        case newer(BundleFeed, SemanticVersion)
        /// The installed version is the feed's.
        case upToDate
    }
}
