import TabKit

/// What `tab_view *` points at while a module renders: collects the view-building calls.
final class ModuleViewBuilder {
    private(set) var nodes: [ViewNode] = []
    /// Relative image paths resolve against this directory (the module file's).
    let resourceDirectory: String
    /// False once `render` returned: late calls are ignored, as the header says.
    var isOpen = true

    init(resourceDirectory: String) {
        self.resourceDirectory = resourceDirectory
    }

    func append(_ node: ViewNode) {
        guard isOpen else { return }
        nodes.append(node)
    }

    func resolve(imagePath path: String) -> String {
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
