import TabKit

/// The addresses pages load images from: `/image/ID`, one unguessable ID (128 random bits) per image
/// path the current screen references, revoked as soon as no screen published since references it.
///
/// A page never sees a module's path and never needs the token to load an image: an ID opens exactly
/// one image, and only while it is on screen. Paths `ImageAccess` refuses by their text get no ID.
public struct ImageTickets: Sendable {
    /// Where a ticket's address starts.
    public static let prefix = "/image/"

    private var pathsByID: [String: String] = [:]
    private var idsByPath: [String: String] = [:]

    /// No tickets.
    public init() {}

    /// The path the ticket `id` stands for, or nil for an unknown or revoked one.
    public func path(forID id: String) -> String? { pathsByID[id] }

    /// `screen` with each image path replaced by its ticket's address (`""` for a path that is not served,
    /// so the page shows the image's alternative text); tickets of paths `screen` no longer references are
    /// revoked, those it still references kept (a page that loaded one need not load it again). `refused`
    /// hears each path refused and why.
    public mutating func issue(for screen: Screen, within roots: [String], refused: (String, String) -> Void) -> Screen {
        var kept: [String: String] = [:]
        func address(_ path: String) -> String {
            if let id = kept[path] { return Self.prefix + id }
            // The module's own controller cut an image its module may not read (`ModuleImageConfinement`).
            if path.isEmpty { return "" }
            if let refusal = ImageAccess.refusal(of: path, within: roots) {
                refused(path, refusal)
                return ""
            }
            let id = idsByPath[path] ?? WebAccess.randomToken()
            kept[path] = id
            return Self.prefix + id
        }
        var result = screen
        result.content = Self.mapImages(screen.content, address)
        if var bar = screen.tabBar {
            for index in bar.items.indices { bar.items[index].image = bar.items[index].image.map(address) }
            bar.custom = bar.custom.map { Self.mapImages($0, address) }
            result.tabBar = bar
        }
        idsByPath = kept
        pathsByID = Dictionary(uniqueKeysWithValues: kept.map { ($1, $0) })
        return result
    }

    private static func mapImages(_ tree: ViewTree, _ address: (String) -> String) -> ViewTree {
        func map(_ node: ViewNode) -> ViewNode {
            switch node {
            case .image(let path, let alt): .image(path: address(path), alt: alt)
            case .styled(let style, let inner): .styled(style, map(inner))
            default: node
            }
        }
        var mapped = tree
        mapped.nodes = tree.nodes.map(map)
        return mapped
    }
}
