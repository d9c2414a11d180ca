import TabKit

/// ABI 1.3's host calls, with what a delegate that predates them does: push and present without a
/// tag, and nothing for the rest.
extension ModuleInstanceDelegate {
    /// `push_for_result`: `push`, whose result comes back with `tag` as its action (nil: the module's name).
    public func modulePush(module: String, param: String?, target: ModulePushTarget, tag: String?) -> Bool {
        modulePush(module: module, param: param, target: target)
    }

    /// `present_for_result`: `present`, with `tag` as for `push_for_result`; `confirmDismiss` guards
    /// the modal (`TAB_PRESENT_CONFIRM_DISMISS`).
    public func modulePresent(module: String, param: String?, tag: String?, confirmDismiss: Bool) -> Bool {
        modulePresent(module: module, param: param)
    }

    /// `focus`: give the focus to the node `id` at the next frame.
    public func moduleFocus(id: String) {}

    /// `scroll_to`: scroll node `id` (for a lazy list, its row `index`) into view.
    public func moduleScroll(to id: String, index: Int) {}

    /// `copy_text`: put `text` on the user's clipboard (the caller checked it follows a user's event).
    public func moduleCopyText(_ text: String) {}

    /// `toast`: show `text` over the bottom of the tab for a moment.
    public func moduleToast(_ text: String, style: ViewStyle) {}

    /// No user input is tracked by a delegate that predates `copy_text`.
    public func moduleUserInputBegan() -> ContinuousClock.Instant? { nil }

    /// Nothing to track (see `moduleUserInputBegan()`).
    public func moduleBeginUserInput(at began: ContinuousClock.Instant) {}

    /// Nothing to track (see `moduleUserInputBegan()`).
    public func moduleEndUserInput() {}
}
