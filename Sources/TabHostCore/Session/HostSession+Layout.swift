import FoundationEssentials
import TabKit
import TabModules

extension HostSession {
    /// The layout file at `path`, or without one a tab container with one tab per content module found.
    static func readLayout(_ path: String?, registry: ModuleRegistry) throws -> Layout {
        guard let path else {
            return Layout.tabs(forModules: registry.moduleNames(kind: .content) { _ in true })
        }
        let bytes = try BoundedFile.read(path, limit: Layout.maximumFileBytes)
        return try Layout.parse(bytes: bytes, file: path, knownModules: registry.moduleNames)
    }

    /// Content modules in the directories that `layout` does not place, by name: at start they
    /// get a tab in the container with `acceptsNewModules`, as files dropped in later do.
    static func unplacedContentModules(of registry: ModuleRegistry, layout: Layout) -> [String] {
        let placed = layout.placedModules
        return registry.moduleNames(kind: .content) { !placed.contains($0) }
    }
}
