/// A tab module written in Swift: one instance per tab, pushed screen or modal.
///
/// Conform a final class, give it a ``descriptor``, and export it from the module's own file with
/// one line (the `@_cdecl` must live in the image that exports it):
///
/// ```swift
/// @_cdecl("tab_module_entry") public func tabModuleEntry() -> UnsafeRawPointer? { TabModuleExport.entry(for: Counter.self) }
/// ```
///
/// The host calls every requirement on its main loop's thread, never concurrently (as UIKit does).
/// Only ``ModuleHost/threadSafe`` (and ``ModuleHost/ticker``) may be used from other threads.
///
/// A module built with this kit declares ABI 1.2: it is rendered after ``ModuleHost/invalidate()``,
/// when it appears and when a front end needs a frame, not after every event.
public protocol TabModule: AnyObject {
    /// What the module declares: name, title, glyph, image. Read once, when the image is first entered.
    static var descriptor: ModuleDescriptor { get }

    /// Makes an instance; `host` stays valid until the instance is released. Return nil to fail creation.
    init?(host: ModuleHost)

    /// (Re)starts with `param` (nil when none): after creation and when `addTab` reselects this tab.
    func start(param: String?)

    /// Builds the view. `view` is valid only during this call; do not keep it.
    func render(into view: inout View)

    /// Handles an action, a key the host did not consume, a tick, or a 1.2 event (text, submit, toggle,
    /// result, alert, timer).
    func handle(_ event: Event)

    /// Handles `event` knowing what had the focus when it happened (the id of the focused row, button,
    /// field or toggle; nil for none). The default calls ``handle(_:)``: implement one of the two.
    func handle(_ event: Event, focus: String?)

    /// Reports an appearance phase; phases strictly cycle will/did appear, will/did disappear.
    func appearance(_ phase: AppearancePhase)

    /// Serializes state for hot reload and restoration; nil (the default) saves nothing.
    func saveState() -> [UInt8]?

    /// Restores bytes a ``saveState()`` wrote, maybe by an older version; returns whether it did.
    func restoreState(_ bytes: [UInt8]) -> Bool
}
