extension ViewTree {
    /// Every text the tree shows, in order: section titles, row titles and details, texts, button
    /// labels, image alternatives, field values (not a secure field's) or placeholders, toggle and
    /// progress labels, table headers and cells, row action labels (for tools and tests that look
    /// for what is on screen).
    public var texts: [String] {
        nodes.flatMap { node -> [String] in
            switch node.unstyled {
            case .section(let title): [title].compactMap { $0 }
            case .row(let row): [row.title] + [row.detail].compactMap { $0 } + row.rowActions.map(\.label)
            case .text(let text): [text]
            case .button(let label, _): [label]
            case .image(_, let alt): [alt].compactMap { $0 }
            case .textField(let field):
                field.isSecure || field.value.isEmpty ? [field.placeholder].compactMap { $0 } : [field.value]
            case .toggle(_, let label, _): [label]
            case .progress(let label, _): [label].compactMap { $0 }
            case .table(let table): table.headers + table.rows.flatMap { $0.cells + $0.rowActions.map(\.label) }
            case .spans(let spans): [spans.map(\.text).joined()]
            case .list(let list): ViewTree(list.rows).texts
            case .styled: []
            }
        }
    }
}
