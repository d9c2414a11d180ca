/// A key that sends an action while its screen shows (`shortcut`, ABI 1.3), listed in the footer.
public struct ViewShortcut: Sendable, Hashable, Codable {
    /// The key: a Unicode scalar or a `tab_key` value.
    public var key: UInt32
    /// What the footer shows after the key (`/ Search`).
    public var label: String
    /// The action id the key sends as an action event.
    public var action: String

    /// Creates a shortcut.
    public init(key: UInt32, label: String, action: String) {
        self.key = key
        self.label = label
        self.action = action
    }

    /// How the footer names the key: the character itself, or the name of a `tab_key`.
    public var keyName: String { TabKey(rawValue: key).footerName }
}
