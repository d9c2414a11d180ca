/// One controller on a saved stack: how to make it again (module and param), what it saved, and,
/// for a tab container, its tabs.
public struct RestorationEntry: Codable, Sendable, Hashable {
    /// The module (or "@template") that made it; nil ends the path when restoring.
    public var module: String?
    /// Its param.
    public var param: String?
    /// Its `save_state` bytes, base64; nil when it saved nothing.
    public var state: String?
    /// Its tabs, when it is a tab container.
    public var tabs: RestorationTabs?
    /// True when the screen below it (on its stack, or under the modal) pushed or presented it and
    /// gets its result: restored as its presenter. Nil (left out) otherwise. Since version 2.
    public var presenterBelow: Bool?
    /// The tag its pusher or presenter gave it (ABI 1.3's result tags), handed back with its result;
    /// nil (left out) for none. Since version 2.
    public var tag: String?

    /// Creates an entry.
    public init(
        module: String?, param: String?, state: String? = nil, tabs: RestorationTabs? = nil, presenterBelow: Bool? = nil,
        tag: String? = nil
    ) {
        self.module = module
        self.param = param
        self.state = state
        self.tabs = tabs
        self.presenterBelow = presenterBelow
        self.tag = tag
    }

    private enum CodingKeys: String, CodingKey {
        case module, param, state, tabs, presenterBelow, tag
    }

    // `module` and `param` are written as null rather than left out, as readers of older files expect.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(module, forKey: .module)
        try container.encode(param, forKey: .param)
        try container.encodeIfPresent(state, forKey: .state)
        try container.encodeIfPresent(tabs, forKey: .tabs)
        try container.encodeIfPresent(presenterBelow, forKey: .presenterBelow)
        try container.encodeIfPresent(tag, forKey: .tag)
    }
}
