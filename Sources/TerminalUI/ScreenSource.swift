import TabKit

/// The model a `TerminalApp` shows: it supplies the screen to draw and receives the user's actions.
///
/// Both are called on the event loop's thread. After `perform`, the app redraws; when the model
/// changes for another reason (a tick, a hot reload), call `TerminalApp.setNeedsDisplay()`.
public protocol ScreenSource: AnyObject {
    /// The screen as it should look now.
    func currentScreen() -> Screen
    /// Carries out a user action (select a tab, activate a row, back, dismiss, forward a key).
    func perform(_ action: ScreenAction)
}
