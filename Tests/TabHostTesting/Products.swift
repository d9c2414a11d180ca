#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where `swift build` / `swift test` put the package's built products: the directory of the running
/// test executable (`/proc/self/exe`), which holds `tabhost`, `tabhost-web`, `tabhost-module-host`, the
/// example modules (`libTabExample*.so`) and their resource bundles.
public enum Products {
    /// The products directory (no trailing slash), read once from `/proc/self/exe`.
    public static let directory: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(count > 0, "cannot read /proc/self/exe")
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }()

    /// The path of the built product `name` (for example `"tabhost"` or `"libTabExampleCounter.so"`).
    public static func path(_ name: String) -> String { directory + "/" + name }

    /// The built `tabhost` executable.
    public static var tabhost: String { path("tabhost") }

    /// The repository root, found from this file's path (Tests/TabHostTesting/Products.swift).
    public static let repositoryRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()
}
