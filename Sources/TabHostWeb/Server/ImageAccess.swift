import Glibc
import TabKit

/// Which image files the server may send: exactly the paths the current screen references (tab bar
/// item images, `image` nodes of the content and of a tab-bar module's rendering), of an image type,
/// regular files no larger than `maximumBytes`, inside the session's module and data directories and
/// reached without a symbolic link or `..` below them (an image node must never make the host serve a
/// file its module could not read: `/home/me/.ssh/id_ed25519.png`, or a link to it in the module's data).
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

    /// Why `path` is not served at all, judged by its text (no file is touched), or nil: it must be absolute,
    /// name an image type, and lie below one of `roots` with no empty, `.` or `..` component after it.
    public static func refusal(of path: String, within roots: [String]) -> String? {
        guard path.hasPrefix("/") else { return "not an absolute path" }
        guard contentType(ofPath: path) != nil else { return "not a PNG, SVG, JPEG, GIF or WebP file name" }
        guard !roots.compactMap({ components(of: path, below: $0) }).isEmpty else {
            return "not inside a module directory or a module's data directory (or it has a . or .. component)"
        }
        return nil
    }

    /// `path`'s components below `root`, or nil when it is not below it or one is empty, `.` or `..`.
    static func components(of path: String, below root: String) -> [Substring]? {
        var root = root
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        let prefix = root == "/" ? "/" : root + "/"
        guard root.hasPrefix("/"), path.hasPrefix(prefix) else { return nil }
        let parts = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return parts
    }

    /// Opens `path` below one of `roots`, one component at a time with `O_NOFOLLOW`, so no symbolic link
    /// below the root is followed (the root itself is the host's own path); -1 when none allows it.
    static func openConfined(_ path: String, within roots: [String]) -> Int32 {
        for root in roots {
            guard let parts = components(of: path, below: root) else { continue }
            var directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            for part in parts.dropLast() where directory >= 0 {
                let next = openat(directory, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                close(directory)
                directory = next
            }
            guard directory >= 0 else { continue }
            let fd = openat(directory, String(parts[parts.count - 1]), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            close(directory)
            if fd >= 0 { return fd }
        }
        return -1
    }

    /// Reads `path` if `refusal(of:within:)` finds nothing wrong, it is reached below a root without a
    /// symbolic link, and it is a small regular image file with one name (a hard link in a module's data
    /// directory could be another name of a file the module cannot read); nil otherwise, for whatever
    /// reason (the server answers 404 to all of them alike). The checks are made on the opened file
    /// (`fstat`), so the file read is the file checked.
    public static func read(_ path: String, within roots: [String]) -> Image? {
        guard refusal(of: path, within: roots) == nil, let type = contentType(ofPath: path) else { return nil }
        let fd = openConfined(path, within: roots)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1,
            Int(status.st_size) <= maximumBytes
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
