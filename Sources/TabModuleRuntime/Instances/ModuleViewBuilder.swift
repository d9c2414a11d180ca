import TabKit

/// What `tab_view *` points at while a module renders: collects the view-building calls.
///
/// Every limit of the view (`ModuleLimits`) is enforced here, with one log line per kind of problem
/// and render, so an in-process render and one read off the wire from a child end up the same.
package final class ModuleViewBuilder {
    package internal(set) var nodes: [ViewNode] = []
    /// Relative image paths resolve against this directory (the module file's).
    let resourceDirectory: String
    /// False outside `render`: calls are ignored, with one log line until the next render.
    package private(set) var isOpen = true
    /// Where the builder's lines about the module's calls go (the instance's log); nil: nowhere.
    package var log: ((ModuleLogLevel, String) -> Void)?
    /// The instance whose view this is (in-process instances; nil on the wire).
    weak var host: HostHandle?
    /// Nodes counted toward `ModuleLimits.maximumViewNodes` (a table row counts as one).
    var count = 0
    /// Bytes of the strings collected, counted toward `ModuleLimits.maximumViewBytes`.
    private var bytes = 0
    /// The style `style` set for the next node (or table row), with `.disabled` after `enabled(0)`.
    var pendingStyle: ViewStyle = []
    /// The problems already logged in this render (or, when closed, since the last one).
    private var reported: Set<String> = []
    /// The title bar's buttons (`bar_button`, ABI 1.3).
    var barButtons: [ViewBarButton] = []
    /// The screen's shortcuts (`shortcut`, ABI 1.3).
    var shortcuts: [ViewShortcut] = []
    /// The ids the render's nodes used so far: a second node with one of them is one log line.
    var usedIDs: Set<String> = []
    /// The lazy list being drawn (ABI 1.3): its node's index in `nodes`, and where its current row's
    /// calls begin (`cells` never adds to a table from before it).
    var openList: (node: Int, rowStart: Int, index: Int?)?
    /// The rows the front ends asked to see of each lazy list (by id); the rest default.
    package var listWindows: [String: Range<Int>] = [:]
    /// Draws row `index` of the list `id` through the module's `list_row` (in process, during a
    /// render of a module that has one); nil: lists stay empty.
    var listRowSource: ((UnsafePointer<CChar>, Int) -> Void)?

    /// A builder, open, for one render.
    package init(resourceDirectory: String, log: ((ModuleLogLevel, String) -> Void)? = nil) {
        self.resourceDirectory = resourceDirectory
        self.log = log
    }

    /// Opens the builder for a new render, empty.
    package func begin() {
        nodes = []
        count = 0
        bytes = 0
        pendingStyle = []
        reported = []
        barButtons = []
        shortcuts = []
        usedIDs = []
        openList = nil
        isOpen = true
    }

    /// Closes the builder and returns what the render built; later calls are ignored.
    package func end() -> ViewTree {
        if openList != nil { endList() }
        isOpen = false
        reported = []
        let tree = ViewTree(nodes, barButtons: barButtons, shortcuts: shortcuts)
        nodes = []
        barButtons = []
        shortcuts = []
        return tree
    }

    /// Adds `node` (in the pending style) with every string within the limits; past
    /// `ModuleLimits.maximumViewNodes` nodes, one text line says the rest is not shown.
    /// `call` names the view call for the log.
    package func append(_ node: ViewNode, call: String = "view call") {
        guard accepts(call), fitsOneMore() else { return }
        let node = limited(node, call: call)
        guard fitsBytes(Self.byteSize(of: node)) else { return }
        count += 1
        noteIDs(of: node)
        nodes.append(ViewNode.styling(node, takeStyle()))
    }

    /// `text_field`: a field with the id `id` (ignored when not a valid id), `value` cut to
    /// `ModuleLimits.maximumFieldBytes`, and the `tab_field_flags` bits `flags`.
    package func textField(id: String?, value: String?, placeholder: String?, flags: UInt32) {
        guard accepts("text_field") else { return }
        if let problem = ModuleLimits.idProblem(id, call: "text_field") { return report(problem) }
        let field = ViewTextField(
            id: id ?? "", value: value ?? "", placeholder: placeholder, isSecure: flags & 1 != 0, isMultiline: flags & 2 != 0)
        append(.textField(field), call: "text_field")
    }

    /// `toggle`: an on/off switch with the id `id` (ignored when not a valid id).
    package func toggle(id: String?, label: String?, isOn: Bool) {
        guard accepts("toggle") else { return }
        if let problem = ModuleLimits.idProblem(id, call: "toggle") { return report(problem) }
        append(.toggle(id: id ?? "", label: label ?? "", isOn: isOn), call: "toggle")
    }

    /// `progress`: `fraction` clamped to 0...1; negative or NaN is indeterminate (nil).
    package func progress(label: String?, fraction: Double) {
        let value: Double? = fraction.isNaN || fraction < 0 ? nil : min(fraction, 1)
        append(.progress(label: label, fraction: value), call: "progress")
    }

    /// `style`: the `tab_style` bits for the next node (or the next table row, before `cells`).
    package func style(_ bits: UInt32) {
        guard accepts("style") else { return }
        pendingStyle = ViewStyle(rawValue: bits & ViewStyle.moduleBits).union(pendingStyle.intersection(.disabled))
    }

    /// `columns`: starts a table with these headers (nil is an empty header). `declared` is how many
    /// the module passed: past `ModuleLimits.maximumColumns` the rest were not read and are dropped.
    package func columns(_ headers: [String?], declared: Int) {
        guard accepts("columns") else { return }
        let kept = Array(headers.prefix(ModuleLimits.maximumColumns)).map { $0 ?? "" }
        if declared > ModuleLimits.maximumColumns { reportColumns("columns", declared) }
        append(.table(ViewTable(headers: kept)), call: "columns")
    }

    /// `cells`: a row for the table the last node is, else for a new table without headers.
    /// `declared` is as for `columns`. The row counts as one node.
    package func cells(_ cells: [String?], declared: Int, action: String?) {
        guard accepts("cells"), fitsOneMore() else { return }
        if declared > ModuleLimits.maximumColumns { reportColumns("cells", declared) }
        let row = ViewTableRow(
            cells: Array(cells.prefix(ModuleLimits.maximumColumns)).map { cut($0 ?? "") }, action: action.map(cut),
            style: takeStyle())
        guard fitsBytes(row.cells.reduce(row.action?.utf8.count ?? 0) { $0 + $1.utf8.count }) else { return }
        count += 1
        if let id = row.action { noteID(id) }
        if let last = nodes.indices.last, last >= (openList?.rowStart ?? 0), case .table(var table) = nodes[last].unstyled {
            table.rows.append(row)
            nodes[last] = ViewNode.styling(.table(table), nodes[last].style)
        } else {
            nodes.append(.table(ViewTable(headers: [], rows: [row])))
        }
    }

    /// `row_action`: a secondary action on the last node when it is a row, or on the last row of a
    /// table; ignored (with a log line) after anything else, and past `ModuleLimits.maximumRowActions`.
    package func rowAction(label: String?, action: String?) {
        guard accepts("row_action") else { return }
        let rowAction = ViewRowAction(label: cut(label ?? ""), action: cut(action ?? ""))
        guard count <= ModuleLimits.maximumViewNodes, fitsBytes(rowAction.label.utf8.count + rowAction.action.utf8.count) else { return }
        guard let last = nodes.indices.last, last >= (openList?.rowStart ?? 0) else {
            return report("row_action with no row before it ignored; call it right after row or cells")
        }
        let style = nodes[last].style
        switch nodes[last].unstyled {
        case .row(var row):
            guard allowsAnother(row.rowActions.count) else { return }
            row.rowActions.append(rowAction)
            nodes[last] = ViewNode.styling(.row(row), style)
        case .table(var table) where !table.rows.isEmpty:
            guard allowsAnother(table.rows[table.rows.count - 1].rowActions.count) else { return }
            table.rows[table.rows.count - 1].rowActions.append(rowAction)
            nodes[last] = ViewNode.styling(.table(table), style)
        default:
            report("row_action with no row before it ignored; call it right after row or cells")
        }
    }

    package func resolve(imagePath path: String) -> String {
        if path.hasPrefix("/") || resourceDirectory.isEmpty { return path }
        return resourceDirectory + "/" + path
    }

    /// True when the builder is open; else false, after one line until the next render.
    func accepts(_ call: String) -> Bool {
        if isOpen { return true }
        if reported.insert("closed").inserted {
            log?(.warning, "\(call) called outside render; ignored (view calls are valid only inside render, on its view)")
        }
        return false
    }

    /// True while the render has room for one more node; the first time not, one text line says so.
    func fitsOneMore() -> Bool {
        guard count >= ModuleLimits.maximumViewNodes else { return true }
        if count == ModuleLimits.maximumViewNodes {
            count += 1
            nodes.append(.text("(the module's view has more than \(ModuleLimits.maximumViewNodes) rows; the rest is not shown)"))
            report("render made more than \(ModuleLimits.maximumViewNodes) nodes; the rest is not shown (show fewer rows)")
        }
        return false
    }

    /// True, counting them, while `size` more bytes fit `ModuleLimits.maximumViewBytes`; the first time
    /// not, a last text line says the view was cut there and nothing more is collected. Bytes, not
    /// time: the same module always gets the same view.
    func fitsBytes(_ size: Int) -> Bool {
        guard bytes + size > ModuleLimits.maximumViewBytes else {
            bytes += size
            return true
        }
        count = ModuleLimits.maximumViewNodes + 1
        nodes.append(.text(ModuleLimits.viewBytesCut))
        report("render made a view of more than \(ModuleLimits.maximumViewBytes) bytes; the rest is not shown (show less)")
        return false
    }

    /// The bytes of a node's strings (its texts and its action ids).
    private static func byteSize(of node: ViewNode) -> Int {
        var size = ViewTree([node]).texts.reduce(0) { $0 + $1.utf8.count }
        switch node.unstyled {
        case .row(let row): size += row.action?.utf8.count ?? 0
        case .button(_, let action): size += action.utf8.count
        case .image(let path, _): size += path.utf8.count
        case .list(let list): size += list.id.utf8.count
        default: break
        }
        return size
    }

    func takeStyle() -> ViewStyle {
        defer { pendingStyle = [] }
        return pendingStyle
    }

    private func allowsAnother(_ existing: Int) -> Bool {
        guard existing >= ModuleLimits.maximumRowActions else { return true }
        report("row_action past \(ModuleLimits.maximumRowActions) on one row dropped; give a row at most that many")
        return false
    }

    private func reportColumns(_ call: String, _ declared: Int) {
        report("\(call) with \(declared) columns: those past \(ModuleLimits.maximumColumns) are dropped")
    }

    /// One warning line, once per kind of problem and render.
    func report(_ message: String) {
        guard reported.insert(message).inserted else { return }
        log?(.warning, message)
    }

    func cut(_ text: String) -> String { ModuleLimits.cut(text, to: ModuleLimits.maximumViewStringBytes) }

    /// `node` with every string within its limit: view strings at 16 KiB, a field's value at
    /// `ModuleLimits.maximumFieldBytes` (a cut value is one log line naming `call`).
    private func limited(_ node: ViewNode, call: String) -> ViewNode {
        switch node {
        case .section(let title): return .section(title: title.map(cut))
        case .row(var row):
            row.title = cut(row.title)
            row.detail = row.detail.map(cut)
            row.action = row.action.map(cut)
            row.glyph = row.glyph.map(cut)
            row.badge = row.badge.map(cut)
            row.rowActions = row.rowActions.prefix(ModuleLimits.maximumRowActions).map {
                ViewRowAction(label: cut($0.label), action: cut($0.action))
            }
            return .row(row)
        case .text(let text): return .text(cut(text))
        case .button(let label, let action): return .button(label: cut(label), action: cut(action))
        case .image(let path, let alt): return .image(path: path, alt: alt.map(cut))
        case .textField(var field):
            if field.value.utf8.count > ModuleLimits.maximumFieldBytes {
                report(
                    "\(call) value of \(field.value.utf8.count) bytes cut to the limit of \(ModuleLimits.maximumFieldBytes) bytes")
                field.value = ModuleLimits.cut(field.value, to: ModuleLimits.maximumFieldBytes)
            }
            field.placeholder = field.placeholder.map(cut)
            return .textField(field)
        case .toggle(let id, let label, let isOn): return .toggle(id: id, label: cut(label), isOn: isOn)
        case .progress(let label, let fraction): return .progress(label: label.map(cut), fraction: fraction)
        case .table(var table):
            table.headers = table.headers.prefix(ModuleLimits.maximumColumns).map(cut)
            table.rows = table.rows.map { row in
                var row = row
                row.cells = row.cells.prefix(ModuleLimits.maximumColumns).map(cut)
                row.action = row.action.map(cut)
                row.rowActions = row.rowActions.prefix(ModuleLimits.maximumRowActions).map {
                    ViewRowAction(label: cut($0.label), action: cut($0.action))
                }
                return row
            }
            return .table(table)
        case .spans(let spans):
            return .spans(spans.prefix(ModuleLimits.maximumSpans).map { ViewSpan(text: cut($0.text), style: $0.style) })
        case .list: return node  // built by `list` itself, row by row
        case .styled(let style, let inner): return ViewNode.styling(limited(inner, call: call), style)
        }
    }

    var opaquePointer: OpaquePointer {
        OpaquePointer(Unmanaged.passUnretained(self).toOpaque())
    }

    static func from(_ pointer: OpaquePointer?) -> ModuleViewBuilder? {
        guard let pointer else { return nil }
        return Unmanaged<ModuleViewBuilder>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}
