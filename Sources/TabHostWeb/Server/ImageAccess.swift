import Foundation
import TabKit

/// Which image files the server may send: exactly the paths the current screen references (tab bar
/// item images, `image` nodes of the content and of a tab-bar module's rendering), of an image type,
/// regular files no larger than `maximumBytes`.
public enum ImageAccess {
    /// The largest image served.
    public static let maximumBytes = 4 << 20

    /// Every image path `screen` references.
    public static func referencedPaths(in screen: Screen) -> Set<String> {
        var paths = Set<String>()
        func add(_ tree: ViewTree) {
            for case .image(let path, _) in tree.nodes { paths.insert(path) }
        }
        add(screen.content)
        if let bar = screen.tabBar {
            for item in bar.items { if let image = item.image { paths.insert(image) } }
            if let custom = bar.custom { add(custom) }
        }
        return paths
    }

    /// The content type for an image path by its extension, or nil for anything that is not an image.
    public static func contentType(ofPath path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "png": return "image/png"
        case "svg": return "image/svg+xml"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        default: return nil
        }
    }

    /// An image as read from disk.
    public struct Image: Sendable {
        /// The bytes.
        public let bytes: [UInt8]
        /// `image/png`, `image/svg+xml`, …
        public let contentType: String
        /// A validator from the file's size and modification time.
        public let etag: String
    }

    /// Reads `path` if `allowed` (the current screen's references) holds it and it is a small regular
    /// image file; nil otherwise, for whatever reason (the server answers 404 to all of them alike).
    public static func read(_ path: String, allowed: Set<String>) -> Image? {
        guard allowed.contains(path), path.hasPrefix("/"), let type = contentType(ofPath: path) else { return nil }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue, size <= maximumBytes,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes + 1), data.count <= maximumBytes else { return nil }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return Image(bytes: Array(data), contentType: type, etag: "\"\(data.count)-\(Int(modified * 1000))\"")
    }
}
