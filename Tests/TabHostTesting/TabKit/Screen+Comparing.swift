import TabKit

extension Screen {
    /// The screen with `contentID` 0: what a test compares with a `Screen` it writes out, whose
    /// controllers' identities it cannot know.
    public var withoutContentID: Screen {
        var copy = self
        copy.contentID = 0
        return copy
    }
}
