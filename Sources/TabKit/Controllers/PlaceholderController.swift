/// Stands in for a tab whose module could not be made, saying why (nothing crashes, nothing is lost).
public final class PlaceholderController: Controller {
    /// The container bookkeeping.
    public let context = ControllerContext()
    /// The title (the tab's name).
    public let title: String
    /// The one-line reason shown as content.
    public let message: String

    /// Creates a placeholder titled `title` showing `message`.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }

    /// Shows the message.
    public func render() -> ViewTree { ViewTree([.text(message)]) }
}
