/// A button of the title bar (`bar_button`, ABI 1.3), like UINavigationItem's bar items.
public struct ViewBarButton: Sendable, Hashable, Codable {
    /// The button's label.
    public var label: String
    /// The action id it sends.
    public var action: String
    /// True at the trailing end of the bar (`TAB_BAR_TRAILING`), false at the leading end.
    public var isTrailing: Bool
    /// False when `enabled(view, 0)` came before it: drawn disabled, neither focused nor activated.
    public var isEnabled: Bool

    /// Creates a bar button.
    public init(label: String, action: String, isTrailing: Bool = true, isEnabled: Bool = true) {
        self.label = label
        self.action = action
        self.isTrailing = isTrailing
        self.isEnabled = isEnabled
    }

    enum CodingKeys: String, CodingKey {
        case label, action, trailing, enabled
    }

    /// Reads what `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decode(String.self, forKey: .label)
        action = try c.decode(String.self, forKey: .action)
        isTrailing = try c.decodeIfPresent(Bool.self, forKey: .trailing) ?? true
        isEnabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
    }

    /// `{"label":…,"action":…,"trailing":true,"enabled":false}` (enabled left out when true).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(label, forKey: .label)
        try c.encode(action, forKey: .action)
        try c.encode(isTrailing, forKey: .trailing)
        if !isEnabled { try c.encode(false, forKey: .enabled) }
    }
}
