import TabKit

extension Screen {
    /// What the terminal's focus moves among: the content's focusables, then the title bar's enabled
    /// buttons (ABI 1.3), so Up, Down and Tab reach them and Enter activates them.
    var terminalFocusables: [ViewFocusable] {
        content.focusables + content.barButtons.filter(\.isEnabled).map { .action($0.action) }
    }
}
