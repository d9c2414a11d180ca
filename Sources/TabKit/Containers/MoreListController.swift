/// The More list: the overflow tabs in order, as rows with glyph and badge (rule 24).
///
/// Its rows' action ids are `MoreListController.actionPrefix` + the tab index; activating one
/// pushes that tab (More stays selected).
final class MoreListController: Controller {
    /// The action id prefix of More rows.
    static let actionPrefix = "tabkit.more."
    let context = ControllerContext()
    unowned let container: TabContainer

    init(container: TabContainer) { self.container = container }

    var title: String { "More" }

    func render() -> ViewTree {
        ViewTree(
            container.overflowIndices.map { index in
                let item = container.item(of: container.tabs[index], isSelected: false)
                return .row(
                    ViewRow(title: item.title, action: Self.actionPrefix + String(index), glyph: item.glyph, badge: item.badge))
            })
    }

    func handle(_ event: ControllerEvent) {
        guard case .action(let id) = event, id.hasPrefix(Self.actionPrefix),
            let index = Int(id.dropFirst(Self.actionPrefix.count))
        else { return }
        container.selectFromMoreList(index: index)
    }
}
