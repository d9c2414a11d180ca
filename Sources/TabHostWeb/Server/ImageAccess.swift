import Glibc
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
    /// The checks are made on the opened file (`fstat`), so the file read is the file checked; a
    /// symbolic link is refused as before.
    public static func read(_ path: String, allowed: Set<String>) -> Image? {
        guard allowed.contains(path), path.hasPrefix("/"), let type = contentType(ofPath: path) else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= maximumBytes
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumBytes else { return nil }  // grew since the fstat: larger than allowed
        bytes.removeSubrange(count...)
        let modified = Int(status.st_mtim.tv_sec) * 1000 + Int(status.st_mtim.tv_nsec) / 1_000_000
        return Image(bytes: bytes, contentType: type, etag: "\"\(count)-\(modified)\"")
    }
}
