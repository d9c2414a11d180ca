extension ViewNode: Codable {
    /// The JSON keys: `type` names the case, the others are its fields (a row's are `ViewRow`'s).
    enum CodingKeys: String, CodingKey {
        case type, title, detail, action, glyph, badge, text, label, path, alt
        case id, value, placeholder, secure, multiline, on, fraction, headers, rows, style, spans, count, start
    }

    /// The case names written as `type`.
    enum Kind: String, Codable {
        case section, row, text, button, image, textField, toggle, progress, table, spans, list
    }

    /// Reads the flat form `{"type": "row", "title": …}` that `encode(to:)` writes; a `style` key
    /// makes it `.styled`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let node: ViewNode
        switch try c.decode(Kind.self, forKey: .type) {
        case .section: node = .section(title: try c.decodeIfPresent(String.self, forKey: .title))
        case .row: node = .row(try ViewRow(from: decoder))
        case .text: node = .text(try c.decode(String.self, forKey: .text))
        case .button:
            node = .button(label: try c.decode(String.self, forKey: .label), action: try c.decode(String.self, forKey: .action))
        case .image:
            node = .image(path: try c.decode(String.self, forKey: .path), alt: try c.decodeIfPresent(String.self, forKey: .alt))
        case .textField:
            node = .textField(
                ViewTextField(
                    id: try c.decode(String.self, forKey: .id), value: try c.decodeIfPresent(String.self, forKey: .value) ?? "",
                    placeholder: try c.decodeIfPresent(String.self, forKey: .placeholder),
                    isSecure: try c.decodeIfPresent(Bool.self, forKey: .secure) ?? false,
                    isMultiline: try c.decodeIfPresent(Bool.self, forKey: .multiline) ?? false))
        case .toggle:
            node = .toggle(
                id: try c.decode(String.self, forKey: .id), label: try c.decode(String.self, forKey: .label),
                isOn: try c.decode(Bool.self, forKey: .on))
        case .progress:
            node = .progress(
                label: try c.decodeIfPresent(String.self, forKey: .label), fraction: try c.decodeIfPresent(Double.self, forKey: .fraction))
        case .table:
            node = .table(
                ViewTable(headers: try c.decode([String].self, forKey: .headers), rows: try c.decode([ViewTableRow].self, forKey: .rows)))
        case .spans: node = .spans(try c.decode([ViewSpan].self, forKey: .spans))
        case .list:
            node = .list(
                ViewList(
                    id: try c.decode(String.self, forKey: .id), count: try c.decode(Int.self, forKey: .count),
                    start: try c.decode(Int.self, forKey: .start), rows: try c.decode([ViewNode].self, forKey: .rows)))
        }
        self = .styling(node, try c.decodeIfPresent(ViewStyle.self, forKey: .style) ?? [])
    }

    /// Writes one flat object per node, its case under `type` (a stable shape for browsers and
    /// process boundaries; absent optionals are left out):
    /// `{"type":"section","title":…}`, `{"type":"row","title":…,"detail":…,"action":…,"glyph":…,"badge":…,"rowActions":[{"label":…,"action":…}]}`,
    /// `{"type":"text","text":…}`, `{"type":"button","label":…,"action":…}`, `{"type":"image","path":…,"alt":…}`,
    /// `{"type":"textField","id":…,"value":…,"placeholder":…,"secure":true,"multiline":true}`,
    /// `{"type":"toggle","id":…,"label":…,"on":true}`, `{"type":"progress","label":…,"fraction":0.5}` (no
    /// fraction: indeterminate), `{"type":"table","headers":[…],"rows":[{"cells":[…],"action":…,"style":[…],"rowActions":[…]}]}`,
    /// `{"type":"spans","spans":[{"text":…,"style":[…]}]}`, `{"type":"list","id":…,"count":…,"start":…,"rows":[…]}`
    /// (the drawn rows from `start` on, each a row or one-row table object).
    /// A styled node is its node's object with `"style":["bold","error",…]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .section(let title):
            try c.encode(Kind.section, forKey: .type)
            try c.encodeIfPresent(title, forKey: .title)
        case .row(let row):
            try c.encode(Kind.row, forKey: .type)
            try row.encode(to: encoder)
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
        case .textField(let field):
            try c.encode(Kind.textField, forKey: .type)
            try c.encode(field.id, forKey: .id)
            try c.encode(field.value, forKey: .value)
            try c.encodeIfPresent(field.placeholder, forKey: .placeholder)
            if field.isSecure { try c.encode(true, forKey: .secure) }
            if field.isMultiline { try c.encode(true, forKey: .multiline) }
        case .toggle(let id, let label, let isOn):
            try c.encode(Kind.toggle, forKey: .type)
            try c.encode(id, forKey: .id)
            try c.encode(label, forKey: .label)
            try c.encode(isOn, forKey: .on)
        case .progress(let label, let fraction):
            try c.encode(Kind.progress, forKey: .type)
            try c.encodeIfPresent(label, forKey: .label)
            try c.encodeIfPresent(fraction, forKey: .fraction)
        case .table(let table):
            try c.encode(Kind.table, forKey: .type)
            try c.encode(table.headers, forKey: .headers)
            try c.encode(table.rows, forKey: .rows)
        case .spans(let spans):
            try c.encode(Kind.spans, forKey: .type)
            try c.encode(spans, forKey: .spans)
        case .list(let list):
            try c.encode(Kind.list, forKey: .type)
            try c.encode(list.id, forKey: .id)
            try c.encode(list.count, forKey: .count)
            try c.encode(list.start, forKey: .start)
            try c.encode(list.rows, forKey: .rows)
        case .styled(let style, let node):
            try node.encode(to: encoder)
            try c.encode(style, forKey: .style)
        }
    }
}
