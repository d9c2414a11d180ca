import TabKit

/// What makes two screens "the same place" for focus memory: title, Back label, modality, selected slot.
struct ScreenIdentity: Sendable, Hashable {
    var title: String
    var backLabel: String?
    var isModal: Bool
    var selectedSlot: Int?

    init(_ screen: Screen) {
        title = screen.title
        backLabel = screen.backLabel
        isModal = screen.isModal
        selectedSlot = screen.tabBar?.items.firstIndex(where: \.isSelected)
    }
}
