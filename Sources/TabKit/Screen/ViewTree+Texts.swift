extension ViewTree {
    /// Every text the tree shows, in order: section titles, row titles and details, texts, button
    /// labels, image alternatives (for tools and tests that look for what is on screen).
    public var texts: [String] {
        nodes.flatMap { node -> [String] in
            switch node {
            case .section(let title): [title].compactMap { $0 }
            case .row(let row): [row.title] + [row.detail].compactMap { $0 }
            case .text(let text): [text]
            case .button(let label, _): [label]
            case .image(_, let alt): [alt].compactMap { $0 }
            }
        }
    }
}
