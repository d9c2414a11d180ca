/// What a tab-bar controller reads to draw the bar itself: the slots' items.
///
/// A tab-bar controller finds it as `context.parent as? TabItemSource` (its container). Its
/// buttons whose action ids are slot indexes in canonical decimal form ("0", "1", …; see
/// `TabBar.slot(forAction:slotCount:)`) select that slot, like tags on a fake bar.
public protocol TabItemSource: AnyObject {
    /// The bar's slots in order (title, glyph, image, badge, selected; the More slot last when tabs overflow).
    var barItems: [TabBarItem] { get }
}
