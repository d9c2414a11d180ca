import TabKit

/// What `tab_view *` points at while a module renders: collects the view-building calls.
package final class ModuleViewBuilder {
    package private(set) var nodes: [ViewNode] = []
    /// Relative image paths resolve against this directory (the module file's).
    let resourceDirectory: String
    /// False once `render` returned: late calls are ignored, as the header says.
    var isOpen = true

    package init(resourceDirectory: String) {
        self.resourceDirectory = resourceDirectory
    }

    /// Adds `node` with every string within `ModuleLimits.maximumViewStringBytes`; past
    /// `ModuleLimits.maximumViewNodes` nodes, one text line says the rest is not shown.
    package func append(_ node: ViewNode) {
        guard isOpen else { return }
        guard nodes.count < ModuleLimits.maximumViewNodes else {
            if nodes.count == ModuleLimits.maximumViewNodes {
                nodes.append(.text("(the module's view has more than \(ModuleLimits.maximumViewNodes) rows; the rest is not shown)"))
            }
            return
        }
        nodes.append(Self.limited(node))
    }

    private static func limited(_ node: ViewNode) -> ViewNode {
        func cut(_ text: String) -> String { ModuleLimits.cut(text, to: ModuleLimits.maximumViewStringBytes) }
        switch node {
        case .section(let title): return .section(title: title.map(cut))
        case .row(var row):
            row.title = cut(row.title)
            row.detail = row.detail.map(cut)
            row.action = row.action.map(cut)
            return .row(row)
        case .text(let text): return .text(cut(text))
        case .button(let label, let action): return .button(label: cut(label), action: cut(action))
        case .image(let path, let alt): return .image(path: path, alt: alt.map(cut))
        default: return node  // ABI 1.2 nodes: limited where they are built (issue 30, in progress)
        }
    }

    package func resolve(imagePath path: String) -> String {
        if path.hasPrefix("/") || resourceDirectory.isEmpty { return path }
        return resourceDirectory + "/" + path
    }

    var opaquePointer: OpaquePointer {
        OpaquePointer(Unmanaged.passUnretained(self).toOpaque())
    }

    static func from(_ pointer: OpaquePointer?) -> ModuleViewBuilder? {
        guard let pointer else { return nil }
        return Unmanaged<ModuleViewBuilder>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}
