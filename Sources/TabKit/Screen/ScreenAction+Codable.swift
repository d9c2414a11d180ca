extension ScreenAction: Codable {
    /// The JSON keys: `type` names the case, the others are its fields.
    enum CodingKeys: String, CodingKey {
        case type, slot, id, key, from, to, field, value, on, button, list, start, count
    }

    /// The case names written as `type`.
    enum Kind: String, Codable {
        case selectTab, activate, back, dismiss, key, moveTab, focus, editText, submit, toggle, answerAlert, showRows
    }

    /// Reads the flat form `{"type": "activate", "id": …}` that `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(Kind.self, forKey: .type) {
        case .selectTab: self = .selectTab(try c.decode(Int.self, forKey: .slot))
        case .activate: self = .activate(try c.decode(String.self, forKey: .id))
        case .back: self = .back
        case .dismiss: self = .dismiss
        case .key: self = .key(try c.decode(TabKey.self, forKey: .key))
        case .moveTab: self = .moveTab(from: try c.decode(Int.self, forKey: .from), to: try c.decode(Int.self, forKey: .to))
        case .focus: self = .focus(try c.decodeIfPresent(String.self, forKey: .id))
        case .editText:
            self = .editText(field: try c.decode(String.self, forKey: .field), value: try c.decode(String.self, forKey: .value))
        case .submit: self = .submit(field: try c.decode(String.self, forKey: .field), value: try c.decode(String.self, forKey: .value))
        case .toggle: self = .toggle(id: try c.decode(String.self, forKey: .id), isOn: try c.decode(Bool.self, forKey: .on))
        case .answerAlert:
            self = .answerAlert(id: try c.decode(String.self, forKey: .id), button: try c.decode(String.self, forKey: .button))
        case .showRows:
            self = .showRows(
                list: try c.decode(String.self, forKey: .list), start: try c.decode(Int.self, forKey: .start),
                count: try c.decode(Int.self, forKey: .count))
        }
    }

    /// Writes one flat object, its case under `type` (a stable shape for browsers and process
    /// boundaries): `{"type":"selectTab","slot":n}`, `{"type":"activate","id":…}`, `{"type":"back"}`,
    /// `{"type":"dismiss"}`, `{"type":"key","key":n}` (the `tab_key` value), `{"type":"moveTab","from":n,"to":n}`,
    /// `{"type":"focus","id":…}` (no id: nothing focused), `{"type":"editText","field":…,"value":…}`,
    /// `{"type":"submit","field":…,"value":…}`, `{"type":"toggle","id":…,"on":true}`, `{"type":"answerAlert","id":…,"button":…}`,
    /// `{"type":"showRows","list":…,"start":n,"count":n}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .selectTab(let slot):
            try c.encode(Kind.selectTab, forKey: .type)
            try c.encode(slot, forKey: .slot)
        case .activate(let id):
            try c.encode(Kind.activate, forKey: .type)
            try c.encode(id, forKey: .id)
        case .back:
            try c.encode(Kind.back, forKey: .type)
        case .dismiss:
            try c.encode(Kind.dismiss, forKey: .type)
        case .key(let key):
            try c.encode(Kind.key, forKey: .type)
            try c.encode(key, forKey: .key)
        case .moveTab(let from, let to):
            try c.encode(Kind.moveTab, forKey: .type)
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
        case .focus(let id):
            try c.encode(Kind.focus, forKey: .type)
            try c.encodeIfPresent(id, forKey: .id)
        case .editText(let field, let value):
            try c.encode(Kind.editText, forKey: .type)
            try c.encode(field, forKey: .field)
            try c.encode(value, forKey: .value)
        case .submit(let field, let value):
            try c.encode(Kind.submit, forKey: .type)
            try c.encode(field, forKey: .field)
            try c.encode(value, forKey: .value)
        case .toggle(let id, let isOn):
            try c.encode(Kind.toggle, forKey: .type)
            try c.encode(id, forKey: .id)
            try c.encode(isOn, forKey: .on)
        case .answerAlert(let id, let button):
            try c.encode(Kind.answerAlert, forKey: .type)
            try c.encode(id, forKey: .id)
            try c.encode(button, forKey: .button)
        case .showRows(let list, let start, let count):
            try c.encode(Kind.showRows, forKey: .type)
            try c.encode(list, forKey: .list)
            try c.encode(start, forKey: .start)
            try c.encode(count, forKey: .count)
        }
    }
}
