import TabKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import FoundationEssentials
#endif

/// Reads and checks what a browser sends: one `ScreenAction` as JSON text, which must make sense on
/// the screen the session shows now. Anything else is refused with a reason for the log.
public enum ActionValidation {
    /// The longest message read as an action; longer ones are refused unread.
    ///
    /// The longest action a page sends is an edit (`editText`, `submit`) of a whole field: its value may
    /// hold `TAB_MAX_FIELD_BYTES` and its field id `TAB_MAX_ID_BYTES` (tab_module.h), and the page's
    /// `JSON.stringify` writes a control character as `\u00XX`, six bytes for one, and any other
    /// character as its own UTF-8 bytes or two (`\"`, `\\`). Six times both, plus room for the keys,
    /// admits every edit of a field the module could be given.
    public static let maximumMessageBytes = 6 * (maximumFieldBytes + maximumIDBytes) + 1024

    /// `TAB_MAX_FIELD_BYTES` (tab_module.h): the longest text of a field.
    public static let maximumFieldBytes = 65536

    /// `TAB_MAX_ID_BYTES` (tab_module.h): the longest id of a field, toggle or alert.
    public static let maximumIDBytes = 256

    /// The action in `text`, or why it is refused.
    public static func decode(_ text: String) -> Result<ScreenAction, Refusal> {
        guard text.utf8.count <= maximumMessageBytes else {
            return .failure(Refusal("message of \(text.utf8.count) bytes (limit \(maximumMessageBytes))"))
        }
        do {
            return .success(try JSONDecoder().decode(ScreenAction.self, from: Data(text.utf8)))
        } catch {
            return .failure(Refusal("not an action: \(excerpt(text))"))
        }
    }

    /// Why `action` does not apply to `screen`, or nil when it may be performed.
    public static func refusal(of action: ScreenAction, on screen: Screen) -> Refusal? {
        let slots = screen.tabBar?.items.count ?? 0
        // An alert is modal: until it is answered, nothing under it applies.
        if let alert = screen.alert {
            guard case .answerAlert = action else { return Refusal("\(name(of: action)): the alert \(excerpt(alert.id)) is shown") }
        }
        switch action {
        case .selectTab(let slot):
            return (0..<slots).contains(slot) ? nil : Refusal("selectTab \(slot): the bar has \(slots) slot(s)")
        case .activate(let id):
            if screen.content.actions.contains(id) { return nil }
            if let custom = screen.tabBar?.custom, custom.focusableActions.contains(id) { return nil }
            return Refusal("activate \(excerpt(id)): no such row or button on the screen")
        case .back:
            return screen.backLabel != nil || screen.isModal ? nil : Refusal("back: nothing to go back to")
        case .dismiss:
            return screen.isModal ? nil : Refusal("dismiss: no modal is shown")
        case .key:
            return nil
        case .moveTab(let from, let to):
            return (0..<slots).contains(from) && (0..<slots).contains(to)
                ? nil : Refusal("moveTab \(from) → \(to): the bar has \(slots) slot(s)")
        case .focus(let id):
            guard let id else { return nil }
            return screen.content.focusables.contains { $0.id == id }
                ? nil : Refusal("focus \(excerpt(id)): nothing with that id on the screen")
        case .editText(let field, _), .submit(let field, _):
            return screen.content.fieldIDs.contains(field) ? nil : Refusal("\(excerpt(field)): no such text field on the screen")
        case .toggle(let id, _):
            return screen.content.toggleIDs.contains(id) ? nil : Refusal("toggle \(excerpt(id)): no such toggle on the screen")
        case .answerAlert(let id, let button):
            guard let alert = screen.alert, alert.id == id else { return Refusal("answerAlert \(excerpt(id)): no such alert is shown") }
            return alert.buttons.contains(button) ? nil : Refusal("answerAlert \(excerpt(id)): no button \(excerpt(button))")
        case .showRows(let list, let start, let count):
            guard screen.content.containsList(list) else { return Refusal("showRows \(excerpt(list)): no such list on the screen") }
            return start >= 0 && start < ViewList.maximumCount && count > 0
                ? nil : Refusal("showRows \(excerpt(list)): rows \(start) +\(count)")
        }
    }

    /// The action's `type` as the page writes it, for a refusal.
    static func name(of action: ScreenAction) -> String {
        switch action {
        case .selectTab: "selectTab"
        case .activate: "activate"
        case .back: "back"
        case .dismiss: "dismiss"
        case .key: "key"
        case .moveTab: "moveTab"
        case .focus: "focus"
        case .editText: "editText"
        case .submit: "submit"
        case .toggle: "toggle"
        case .answerAlert: "answerAlert"
        case .showRows: "showRows"
        }
    }

    /// A refused message, with a reason for the log.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// One line.
        public let description: String
        init(_ description: String) { self.description = description }
    }

    static func excerpt(_ text: String) -> String {
        let flat = text.map { $0.isNewline ? " " : $0 }
        return flat.count > 80 ? String(flat.prefix(80)) + "…" : String(flat)
    }
}
