import TabKit

/// What the front end does in answer to one input event.
package enum FrontEndCommand: Sendable, Hashable {
    /// Send this action to the model, then redraw.
    case perform(ScreenAction)
    /// Redraw (focus or scroll moved).
    case redraw
    /// Repaint every cell (Ctrl-L).
    case repaint
    /// Leave the app.
    case quit
}
