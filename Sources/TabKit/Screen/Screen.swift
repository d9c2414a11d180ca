/// Everything a front end draws for one frame, computed from the container tree.
///
/// A front end only draws this and sends `ScreenAction`s back; it never sees
/// controllers or modules.
public struct Screen: Sendable, Hashable, Codable {
    /// The title bar's title (the visible top controller's title).
    public var title: String
    /// The Back button's label; nil when there is nothing to go back to.
    public var backLabel: String?
    /// The content of the visible controller (or the More list).
    public var content: ViewTree
    /// The tab bar of the visible tab container; nil when none is visible (e.g. covered by a pushed screen).
    public var tabBar: TabBar?
    /// True when the content is a modal presentation (front ends may frame it and offer Dismiss).
    public var isModal: Bool
    /// A one-line status message (e.g. "reloaded clock v2"); nil for none.
    public var status: String?
    /// The alert shown over everything until answered (ABI 1.2); nil for none. While it shows, the
    /// only action that applies is `answerAlert`.
    public var alert: ScreenAlert?
    /// The `ControllerContext.identity` of the controller whose content this is (0 when unknown):
    /// the same number means the same screen, a new one a new screen even where an old one was.
    public var contentID: UInt64
    /// The last `toast` (ABI 1.3): front ends show a new one (a new `serial`) for about three seconds.
    public var toast: ScreenNote?
    /// The last `copy_text` (ABI 1.3): front ends put a new one (a new `serial`) on the clipboard once.
    public var clipboard: ScreenNote?
    /// The last `focus` or `scroll_to` of the shown content (ABI 1.3): front ends move the focus
    /// to `text` (an id) or scroll to it (`index`: a lazy list's row) once per `serial`.
    public var focusRequest: ScreenNote?

    /// Creates a screen.
    public init(
        title: String, backLabel: String? = nil, content: ViewTree = ViewTree(), tabBar: TabBar? = nil,
        isModal: Bool = false, status: String? = nil, alert: ScreenAlert? = nil, contentID: UInt64 = 0,
        toast: ScreenNote? = nil, clipboard: ScreenNote? = nil, focusRequest: ScreenNote? = nil
    ) {
        self.toast = toast
        self.clipboard = clipboard
        self.focusRequest = focusRequest
        self.title = title
        self.backLabel = backLabel
        self.content = content
        self.tabBar = tabBar
        self.isModal = isModal
        self.status = status
        self.alert = alert
        self.contentID = contentID
    }
}
