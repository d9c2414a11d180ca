import TabKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import FoundationEssentials
#endif

/// What the server sends over the WebSocket, as JSON text messages.
///
/// - `{"type":"frame","screen":SCREEN}`: the whole screen, sent first on every connection.
/// - `{"type":"update","changes":{FIELD: VALUE, …}}`: the top-level fields of `Screen` that differ
///   from the screen this connection was last sent; a field that became absent is `null`. The page
///   applies it as `screen = {...screen, ...changes}`.
///
/// `SCREEN` is `Screen`'s own Codable form (see `ScreenCodingTests`), as `sent(_:)` makes it: a secure
/// text field's value never leaves the host, so the page gets it empty (and an edit of it alone sends
/// nothing).
public enum ScreenMessage {
    /// The full frame for `screen`.
    public static func frame(_ screen: Screen) -> String {
        encode(Frame(screen: sent(screen)))
    }

    /// The update that turns `old` into `new`, or nil when they are equal (as sent).
    public static func update(from old: Screen, to new: Screen) -> String? {
        let changes = Changes(old: sent(old), new: sent(new))
        guard !changes.isEmpty else { return nil }
        return encode(Update(changes: changes))
    }

    /// What to send a connection that was last sent `last` (nil: nothing yet) when the screen is `screen`.
    public static func next(after last: Screen?, screen: Screen) -> String? {
        guard let last else { return frame(screen) }
        return update(from: last, to: screen)
    }

    /// `screen` as a page may see it: every secure text field's value emptied (`TAB_FIELD_SECURE`: the
    /// text is the module's and the host's alone). The page keeps what its user typed into such a field.
    public static func sent(_ screen: Screen) -> Screen {
        guard screen.content.nodes.contains(where: isFilledSecureField) else { return screen }
        var copy = screen
        copy.content.nodes = screen.content.nodes.map { node in
            guard isFilledSecureField(node), case .textField(var field) = node.unstyled else { return node }
            field.value = ""
            return .styling(.textField(field), node.style)
        }
        return copy
    }

    private static func isFilledSecureField(_ node: ViewNode) -> Bool {
        if case .textField(let field) = node.unstyled { return field.isSecure && !field.value.isEmpty }
        return false
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Screens hold strings, numbers and booleans only: encoding cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return withoutDirectionOverrides(String(decoding: data, as: UTF8.self))
    }

    /// `json` without U+202A–U+202E and U+2066–U+2069, which JSON leaves as they are and the page would obey:
    /// a module's title holding U+202E would reverse the host's own words around it (its crash notice, the
    /// window's title). The terminal drops them too. Only a string value can hold one, so dropping them from
    /// the text drops them from the screen's strings.
    static func withoutDirectionOverrides(_ json: String) -> String {
        // Each is E2 80 AA–AE or E2 81 A6–A9 in UTF-8: text without an E2 byte holds none.
        guard json.utf8.contains(0xE2), json.unicodeScalars.contains(where: DirectionControls.contains) else { return json }
        return String(String.UnicodeScalarView(json.unicodeScalars.filter { !DirectionControls.contains($0) }))
    }

    private struct Frame: Encodable {
        let type = "frame"
        let screen: Screen
    }

    private struct Update: Encodable {
        let type = "update"
        let changes: Changes
    }

    /// The changed top-level fields of a screen, under `Screen`'s own key names.
    struct Changes: Encodable {
        enum Key: String, CodingKey {
            case title, backLabel, content, tabBar, isModal, status, alert, contentID, toast, clipboard, focusRequest
        }

        let old: Screen
        let new: Screen

        var changedKeys: [Key] {
            var keys: [Key] = []
            if old.title != new.title { keys.append(.title) }
            if old.backLabel != new.backLabel { keys.append(.backLabel) }
            if old.content != new.content { keys.append(.content) }
            if old.tabBar != new.tabBar { keys.append(.tabBar) }
            if old.isModal != new.isModal { keys.append(.isModal) }
            if old.status != new.status { keys.append(.status) }
            if old.alert != new.alert { keys.append(.alert) }
            if old.contentID != new.contentID { keys.append(.contentID) }
            if old.toast != new.toast { keys.append(.toast) }
            if old.clipboard != new.clipboard { keys.append(.clipboard) }
            if old.focusRequest != new.focusRequest { keys.append(.focusRequest) }
            return keys
        }

        var isEmpty: Bool { changedKeys.isEmpty }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            for key in changedKeys {
                switch key {
                case .title: try c.encode(new.title, forKey: key)
                case .backLabel: try encodeOrNull(new.backLabel, key, &c)
                case .content: try c.encode(new.content, forKey: key)
                case .tabBar: try encodeOrNull(new.tabBar, key, &c)
                case .isModal: try c.encode(new.isModal, forKey: key)
                case .status: try encodeOrNull(new.status, key, &c)
                case .alert: try encodeOrNull(new.alert, key, &c)
                case .contentID: try c.encode(new.contentID, forKey: key)
                case .toast: try encodeOrNull(new.toast, key, &c)
                case .clipboard: try encodeOrNull(new.clipboard, key, &c)
                case .focusRequest: try encodeOrNull(new.focusRequest, key, &c)
                }
            }
        }

        private func encodeOrNull<T: Encodable>(_ value: T?, _ key: Key, _ c: inout KeyedEncodingContainer<Key>) throws {
            if let value { try c.encode(value, forKey: key) } else { try c.encodeNil(forKey: key) }
        }
    }
}
