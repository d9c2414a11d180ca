import TabKit

/// What makes two screens "the same screen" for focus memory: the controller that shows the content
/// (a new instance pushed where an old one was is a new screen), and title, Back label, modality and
/// selected slot for screens whose controller is not known (`contentID` 0).
struct ScreenIdentity: Sendable, Hashable {
    var contentID: UInt64
    var title: String
    var backLabel: String?
    var isModal: Bool
    var selectedSlot: Int?

    init(_ screen: Screen) {
        contentID = screen.contentID
        title = screen.title
        backLabel = screen.backLabel
        isModal = screen.isModal
        selectedSlot = screen.tabBar?.items.firstIndex(where: \.isSelected)
    }
}
