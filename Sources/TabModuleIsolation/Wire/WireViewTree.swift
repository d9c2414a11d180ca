import TabKit
import TabModuleRuntime

/// A render reply's view (`put_u32(count)` then one tagged node after another, as
/// `tabhost-module-host` collects the module's view calls), read into the `ViewTree` an in-process
/// render would have made: through the same `ModuleViewBuilder`, so the same limits apply.
package enum WireViewTree {
    /// Reads the view; throws for a payload no child of ours sends.
    package static func decode(_ reader: inout WireReader, resourceDirectory: String) throws(WireReader.Malformed) -> ViewTree {
        let count = try reader.u32()
        let builder = ModuleViewBuilder(resourceDirectory: resourceDirectory)
        // Every node takes at least one byte, so a count larger than the payload ends in `Malformed`.
        for _ in 0..<count {
            switch try reader.u8() {
            case 1:
                let title = try reader.optionalString()
                builder.append(.section(title: title.flatMap { $0.isEmpty ? nil : $0 }))
            case 2:
                let title = try reader.string()
                let detail = try reader.optionalString()
                builder.append(.row(ViewRow(title: title, detail: detail, action: try reader.optionalString())))
            case 3:
                builder.append(.text(try reader.string()))
            case 4:
                let label = try reader.string()
                builder.append(.button(label: label, action: try reader.optionalString() ?? ""))
            case 5:
                let path = try reader.string()
                builder.append(.image(path: builder.resolve(imagePath: path), alt: try reader.optionalString()))
            default:
                throw WireReader.Malformed()
            }
        }
        return ViewTree(builder.nodes)
    }
}
