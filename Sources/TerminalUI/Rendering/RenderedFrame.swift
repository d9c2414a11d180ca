import TabKit

/// The result of drawing one `Screen`: the cells, the click map and the scroll state used.
package struct RenderedFrame: Sendable, Hashable {
    /// The cells.
    public var grid: CellGrid
    /// What clicks mean.
    public var hitMap: HitMap
    /// The focus drawn (an index into `content.focusables`, clamped), nil when nothing is focusable.
    public var focus: Int?
    /// The first content line shown (pass it back next frame so scrolling is stable).
    public var scroll: Int
    /// Rows available to content (for page-wise scrolling).
    public var contentRows: Int
    /// Lines of content in total.
    public var contentLines: Int
    /// What has the focus drawn: another item than the one asked for when the scroll was kept
    /// (the wheel) and the focused one left the view.
    public var focusedItem: ViewFocusable?
    /// The rows of each lazy list (ABI 1.3) shown as placeholders: those the module should draw next.
    public var missingListRows: [String: Range<Int>]
}
