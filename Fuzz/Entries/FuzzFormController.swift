import TabKit

/// The module "form" of the fuzz targets: one screen with every ABI 1.2 node (text fields, a toggle,
/// progress, a table with row actions, a row with row actions, styled text), whose content follows the
/// events it gets, so an action a browser sends (`editText`, `submit`, `toggle`, `focus`, a row
/// action) reaches a screen that has what it names.
final class FuzzFormController: Controller {
    let context = ControllerContext()
    let title = "Form"
    private var name = ""
    private var note = "first line\nsecond"
    private var isOn = false
    private var submitted: [String] = []

    func render() -> ViewTree {
        var rows = [
            ViewTableRow(cells: ["a", "1"], action: "row-a", rowActions: [ViewRowAction(label: "Delete", action: "delete-a")]),
            ViewTableRow(cells: ["b"], style: .error),
        ]
        rows += submitted.suffix(3).map { ViewTableRow(cells: [$0, "sent"], action: "sent:" + $0) }
        return ViewTree([
            .textField(ViewTextField(id: "name", value: name, placeholder: "Name")),
            .textField(ViewTextField(id: "note", value: note, isMultiline: true)),
            .textField(ViewTextField(id: "secret", value: "hunter2", isSecure: true)),
            .toggle(id: "wifi", label: "Wi-Fi", isOn: isOn),
            .progress(label: "Sync", fraction: isOn ? 0.5 : nil),
            .styled([.monospace, .error], .text("ERROR " + name)),
            .table(ViewTable(headers: ["Item", "Count"], rows: rows)),
            .row(ViewRow(title: "Inbox", action: "inbox", rowActions: [ViewRowAction(label: "Archive", action: "archive")])),
            .button(label: "Post", action: "post"),
        ])
    }

    func handle(_ event: ControllerEvent) {
        switch event {
        case .text(let field, let value) where field == "name": name = value
        case .text(let field, let value) where field == "note": note = value
        case .submit(_, let value): submitted.append(value)
        case .toggle(_, let on): isOn = on
        case .action("post"): submitted.append(name)
        default: break
        }
    }
}
