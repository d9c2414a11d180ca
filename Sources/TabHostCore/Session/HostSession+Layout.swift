import Foundation
import TabKit
import TabModules

extension HostSession {
    /// The layout file at `path`, or without one a tab container with one tab per content module found.
    static func readLayout(_ path: String?, registry: ModuleRegistry) throws -> Layout {
        guard let path else {
            return Layout.tabs(forModules: registry.modules.filter { $0.info.kind == .content }.map(\.name))
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try Layout.parse(text, file: path, knownModules: Set(registry.modules.map(\.name)))
    }

    /// Content modules in the directories that `layout` does not place, in load order: at start they
    /// get a tab in the container with `acceptsNewModules`, as files dropped in later do.
    static func unplacedContentModules(of registry: ModuleRegistry, layout: Layout) -> [String] {
        let placed = layout.placedModules
        return registry.modules.filter { $0.info.kind == .content && !placed.contains($0.name) }.map(\.name)
    }
}
