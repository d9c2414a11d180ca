/// The saved state of one controller in a `RestorationState`: a stack's path, a tab container's
/// tabs, or nothing (a controller that is neither).
public enum RestorationNode: Codable, Sendable, Hashable {
    /// A navigation stack, root first.
    case stack([RestorationEntry])
    /// A tab container.
    case tabs(RestorationTabs)
    /// Anything else: nothing to restore.
    case other

    private enum CodingKeys: String, CodingKey {
        case stack, tabs
    }

    /// Reads `{"stack": …}`, `{"tabs": …}` or `{}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let entries = try container.decodeIfPresent([RestorationEntry].self, forKey: .stack) {
            self = .stack(entries)
        } else if let tabs = try container.decodeIfPresent(RestorationTabs.self, forKey: .tabs) {
            self = .tabs(tabs)
        } else {
            self = .other
        }
    }

    /// Writes `{"stack": …}`, `{"tabs": …}` or `{}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .stack(let entries): try container.encode(entries, forKey: .stack)
        case .tabs(let tabs): try container.encode(tabs, forKey: .tabs)
        case .other: break
        }
    }
}
