extension ViewNode: Codable {
    /// The JSON keys: `type` names the case, the others are its fields (a row's are `ViewRow`'s).
    enum CodingKeys: String, CodingKey {
        case type, title, detail, action, glyph, badge, text, label, path, alt
    }

    /// The case names written as `type`.
    enum Kind: String, Codable {
        case section, row, text, button, image
    }

    /// Reads the flat form `{"type": "row", "title": …}` that `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(Kind.self, forKey: .type) {
        case .section: self = .section(title: try c.decodeIfPresent(String.self, forKey: .title))
        case .row: self = .row(try ViewRow(from: decoder))
        case .text: self = .text(try c.decode(String.self, forKey: .text))
        case .button:
            self = .button(label: try c.decode(String.self, forKey: .label), action: try c.decode(String.self, forKey: .action))
        case .image:
            self = .image(path: try c.decode(String.self, forKey: .path), alt: try c.decodeIfPresent(String.self, forKey: .alt))
        }
    }

    /// Writes one flat object per node, its case under `type` (a stable shape for browsers and
    /// process boundaries; absent optionals are left out):
    /// `{"type":"section","title":…}`, `{"type":"row","title":…,"detail":…,"action":…,"glyph":…,"badge":…}`,
    /// `{"type":"text","text":…}`, `{"type":"button","label":…,"action":…}`, `{"type":"image","path":…,"alt":…}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .section(let title):
            try c.encode(Kind.section, forKey: .type)
            try c.encodeIfPresent(title, forKey: .title)
        case .row(let row):
            try c.encode(Kind.row, forKey: .type)
            try c.encode(row.title, forKey: .title)
            try c.encodeIfPresent(row.detail, forKey: .detail)
            try c.encodeIfPresent(row.action, forKey: .action)
            try c.encodeIfPresent(row.glyph, forKey: .glyph)
            try c.encodeIfPresent(row.badge, forKey: .badge)
        case .text(let text):
            try c.encode(Kind.text, forKey: .type)
            try c.encode(text, forKey: .text)
        case .button(let label, let action):
            try c.encode(Kind.button, forKey: .type)
            try c.encode(label, forKey: .label)
            try c.encode(action, forKey: .action)
        case .image(let path, let alt):
            try c.encode(Kind.image, forKey: .type)
            try c.encode(path, forKey: .path)
            try c.encodeIfPresent(alt, forKey: .alt)
        }
    }
}
