import TabKit

/// What one module instance asks of its host through `tab_host_api`.
///
/// The module-backed controller implements it and maps each call onto the
/// container model. Called on the main loop only, from inside a module call.
public protocol ModuleInstanceDelegate: AnyObject {
    /// `set_title`: the instance's title changed.
    func moduleDidSetTitle(_ title: String)
    /// `set_badge`: the tab item's badge changed; nil hides it.
    func moduleDidSetBadge(_ badge: String?)
    /// `invalidate`: the instance wants a new render.
    func moduleDidInvalidate()
    /// `push`: push a new instance of `module` onto the own or the application's stack.
    func modulePush(module: String, param: String?, target: ModulePushTarget) -> Bool
    /// `pop`: pop the stack this instance is on.
    func modulePop()
    /// `present`: present `module` modally.
    func modulePresent(module: String, param: String?) -> Bool
    /// `dismiss`: dismiss the modal this instance is part of (and those above it); nothing outside a modal.
    func moduleDismiss()
    /// `add_tab`: the dynamic-tab call on the nearest tab container.
    func moduleAddTab(name: String, module: String, image: String?, param: String?) -> Bool
    /// `log`: one line for the host's log.
    func moduleLog(level: ModuleLogLevel, message: String)
    /// `tab_count`: items of the bar a tab-bar instance draws.
    func moduleTabCount() -> Int
    /// `tab_item`: item `index` of that bar, or nil when out of range.
    func moduleTabItem(at index: Int) -> TabBarItem?
    /// `finish` (1.2): end this screen and hand `result` to the instance that pushed or presented it.
    func moduleFinish(result: String?)
    /// `alert` (1.2): show `alert` over the screen; the answer comes back as `ModuleEvent.alert`.
    func moduleAlert(_ alert: ScreenAlert)
    /// `save_soon` (1.2): save this instance's state soon (state file, Restart).
    func moduleSaveSoon()
    /// The instance's `isBusy` may have changed: the busy mark on its tab follows.
    func moduleBusyChanged()
    /// `push_for_result` (1.3): `push`, whose result comes back with `tag` as its action.
    func modulePush(module: String, param: String?, target: ModulePushTarget, tag: String?) -> Bool
    /// `present_for_result` (1.3): `present` with a tag, guarded when `confirmDismiss`.
    func modulePresent(module: String, param: String?, tag: String?, confirmDismiss: Bool) -> Bool
    /// `focus` (1.3): the node `id` gets the focus at the next frame.
    func moduleFocus(id: String)
    /// `scroll_to` (1.3): node `id` (a lazy list's row `index`) scrolls into view.
    func moduleScroll(to id: String, index: Int)
    /// `copy_text` (1.3): `text` for the user's clipboard.
    func moduleCopyText(_ text: String)
    /// `toast` (1.3): `text` over the bottom of the tab for a moment.
    func moduleToast(_ text: String, style: ViewStyle)
    /// When the user's key, click or edit this instance handles now began; nil outside one (for
    /// `copy_text`: an isolated instance keeps it with the event it posts).
    func moduleUserInputBegan() -> ContinuousClock.Instant?
    /// The module's calls from here to `moduleEndUserInput()` answer the user's input that began at
    /// `began`: an isolated module's calls arrive after the host's call that posted its event returned.
    func moduleBeginUserInput(at began: ContinuousClock.Instant)
    /// Ends what `moduleBeginUserInput(at:)` began.
    func moduleEndUserInput()
    /// The module refused `state`, given by a `restoreState` that did not wait for its answer (it
    /// returned true): the state must be kept aside, as a refusal it waited for would be.
    func moduleRefusedState(_ state: [UInt8])
}

extension ModuleInstanceDelegate {
    /// The instance's `isBusy` may have changed (its tab's busy mark); ignored by default.
    public func moduleBusyChanged() {}
    /// A late refusal of a restored state; ignored by default.
    public func moduleRefusedState(_ state: [UInt8]) {}
}
