import TabKit
import TabModuleRuntime
import _CIsolation

/// A render reply's view (`put_u32(count)` then count of the module's view calls in order, as
/// `tabhost-module-host` collects them), replayed into the `ViewTree` an in-process render would have
/// made: through the same `ModuleViewBuilder` calls, so the same rules, limits and log lines apply.
package enum WireViewTree {
    /// Reads the view; throws for a payload no child of ours sends. `log` gets the builder's lines
    /// about the module's calls (a cut value, a dropped column, a row action without a row).
    /// `listWindows` are the rows of each lazy list the render's request asked for: the child drew
    /// those, and the builder checks that it drew no others.
    package static func decode(
        _ reader: inout WireReader, resourceDirectory: String, listWindows: [String: Range<Int>] = [:],
        log: ((ModuleLogLevel, String) -> Void)? = nil
    ) throws(WireReader.Malformed) -> ViewTree {
        let count = try reader.u32()
        let builder = ModuleViewBuilder(resourceDirectory: resourceDirectory, log: log)
        builder.begin()
        builder.listWindows = listWindows
        var window = ListState.none
        // Every call takes at least one byte, so a count larger than the payload ends in `Malformed`.
        for _ in 0..<count {
            try replay(try reader.u8(), &reader, into: builder, window: &window)
        }
        return builder.end()
    }

    /// Where the replay stands in a lazy list: outside one, in one the builder opened (its rows' window),
    /// or after one it ignored (whose rows, if the child drew any, are dropped).
    enum ListState {
        case none
        case open(Range<Int>)
        case ignored
    }

    /// The RENDER request's lazy-list windows: u32 n, n x (str id, u64 start, u64 end).
    static func encode(_ listWindows: [String: Range<Int>], into writer: inout WireWriter) {
        writer.u32(UInt32(listWindows.count))
        for (id, window) in listWindows.sorted(by: { $0.key < $1.key }) {
            writer.string(id)
            writer.u64(UInt64(max(0, window.lowerBound)))
            writer.u64(UInt64(max(0, window.upperBound)))
        }
    }

    private static func replay(
        _ kind: UInt8, _ reader: inout WireReader, into builder: ModuleViewBuilder, window: inout ListState
    ) throws(WireReader.Malformed) {
        switch UInt32(kind) {
        case TABHOST_WIRE_NODE_SECTION.rawValue:
            let title = try reader.optionalString()
            builder.append(.section(title: title.flatMap { $0.isEmpty ? nil : $0 }), call: "section")
        case TABHOST_WIRE_NODE_ROW.rawValue:
            let title = try reader.string()
            let detail = try reader.optionalString()
            builder.append(.row(ViewRow(title: title, detail: detail, action: try reader.optionalString())), call: "row")
        case TABHOST_WIRE_NODE_TEXT.rawValue:
            builder.append(.text(try reader.string()), call: "text")
        case TABHOST_WIRE_NODE_BUTTON.rawValue:
            let label = try reader.string()
            builder.append(.button(label: label, action: try reader.optionalString() ?? ""), call: "button")
        case TABHOST_WIRE_NODE_IMAGE.rawValue:
            let path = try reader.string()
            builder.append(.image(path: builder.resolve(imagePath: path), alt: try reader.optionalString()), call: "image")
        case TABHOST_WIRE_NODE_TEXT_FIELD.rawValue:
            let id = try reader.optionalString()
            let value = try reader.optionalString()
            let placeholder = try reader.optionalString()
            builder.textField(id: id, value: value, placeholder: placeholder, flags: try reader.u32())
        case TABHOST_WIRE_NODE_TOGGLE.rawValue:
            let id = try reader.optionalString()
            let label = try reader.optionalString()
            builder.toggle(id: id, label: label, isOn: try reader.u8() != 0)
        case TABHOST_WIRE_NODE_PROGRESS.rawValue:
            let label = try reader.optionalString()
            builder.progress(label: label, fraction: Double(bitPattern: try reader.u64()))
        case TABHOST_WIRE_NODE_STYLE.rawValue:
            builder.style(try reader.u32())
        case TABHOST_WIRE_NODE_COLUMNS.rawValue:
            let (items, declared) = try list(&reader)
            builder.columns(items, declared: declared)
        case TABHOST_WIRE_NODE_CELLS.rawValue:
            let (items, declared) = try list(&reader)
            builder.cells(items, declared: declared, action: try reader.optionalString())
        case TABHOST_WIRE_NODE_ROW_ACTION.rawValue:
            let label = try reader.optionalString()
            builder.rowAction(label: label, action: try reader.optionalString())
        default:
            try replay13(UInt32(kind), &reader, into: builder, window: &window)
        }
    }

    /// The view calls of ABI 1.3; a lazy list's rows must lie in the window `list` gave (the child
    /// computes it by the same rule from the same request).
    private static func replay13(
        _ kind: UInt32, _ reader: inout WireReader, into builder: ModuleViewBuilder, window: inout ListState
    ) throws(WireReader.Malformed) {
        switch kind {
        case TABHOST_WIRE_NODE_ENABLED.rawValue:
            builder.enabled(try reader.u8() != 0)
        case TABHOST_WIRE_NODE_BAR_BUTTON.rawValue:
            let label = try reader.optionalString()
            let action = try reader.optionalString()
            builder.barButton(label: label, action: action, side: try reader.u32())
        case TABHOST_WIRE_NODE_LIST.rawValue:
            let id = try reader.optionalString()
            let count = try reader.u64()
            let opened = builder.list(id: id, count: Int(clamping: count))
            // A list inside a row is ignored (the builder says so once), and the child sends no rows for
            // it: the outer list goes on. One the builder ignores otherwise (a full view) may still bring
            // the rows the child drew: they are read and dropped.
            if case .open = window { break }
            window = opened.map(ListState.open) ?? .ignored
        case TABHOST_WIRE_NODE_LIST_ROW.rawValue:
            let index = try reader.u64()
            switch window {
            case .open(let open) where index < UInt64(open.upperBound) && Int(index) >= open.lowerBound:
                builder.listRow(Int(index))
            case .ignored:
                break
            default:
                throw WireReader.Malformed()
            }
        case TABHOST_WIRE_NODE_LIST_END.rawValue:
            if case .open = window { builder.endList() }
            window = .none
        case TABHOST_WIRE_NODE_SPANS.rawValue:
            let declared = try reader.u64()
            let sent = try reader.u32()
            guard sent <= ModuleLimits.maximumSpans + 1, UInt64(sent) <= declared else { throw WireReader.Malformed() }
            var texts: [String?] = []
            var styles: [UInt32] = []
            for _ in 0..<sent {
                texts.append(try reader.optionalString())
                styles.append(try reader.u32())
            }
            builder.spans(texts, styles: styles, declared: Int(clamping: declared))
        case TABHOST_WIRE_NODE_SHORTCUT.rawValue:
            let key = try reader.u32()
            let label = try reader.optionalString()
            builder.shortcut(key: key, label: label, action: try reader.optionalString())
        default:
            throw WireReader.Malformed()
        }
    }

    /// `columns`' and `cells`' list: the count the module passed, then the entries sent (at most one
    /// past `TAB_MAX_COLUMNS`).
    private static func list(_ reader: inout WireReader) throws(WireReader.Malformed) -> ([String?], Int) {
        let declared = try reader.u64()
        let sent = try reader.u32()
        guard sent <= ModuleLimits.maximumColumns + 1, UInt64(sent) <= declared else { throw WireReader.Malformed() }
        var items: [String?] = []
        for _ in 0..<sent { items.append(try reader.optionalString()) }
        return (items, Int(clamping: declared))
    }
}
