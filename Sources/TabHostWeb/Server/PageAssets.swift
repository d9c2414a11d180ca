import Foundation

/// The static page (HTML, CSS, JavaScript modules), read once from the target's resources.
struct PageAssets: Sendable {
    struct Asset: Sendable {
        let bytes: [UInt8]
        let contentType: String
    }

    /// By URL path: `/` is `index.html`, `/app.js` is `app.js`.
    let assets: [String: Asset]

    /// Reads every file of the `Page` resource folder.
    static func load() throws(WebFrontEndError) -> PageAssets {
        guard let folder = installedPage ?? Bundle.module.url(forResource: "Page", withExtension: nil) else {
            throw WebFrontEndError("the page's resources (TabHost_TabHostWeb.resources/Page) are missing")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw WebFrontEndError("cannot read the page's resources at \(folder.path): \(error.localizedDescription)")
        }
        var assets: [String: Asset] = [:]
        for name in names {
            guard let type = contentType(of: name),
                let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
            else { continue }
            let asset = Asset(bytes: Array(data), contentType: type)
            assets["/" + name] = asset
            if name == "index.html" { assets["/"] = asset }
        }
        guard assets["/"] != nil else { throw WebFrontEndError("the page's resources have no index.html") }
        return PageAssets(assets: assets)
    }

    /// `PREFIX/share/tabhost/web/Page` beside an installed `PREFIX/bin/tabhost` (Scripts/install): an
    /// installed binary must not fall back to the build directory `Bundle.module` names.
    static var installedPage: URL? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let page = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/tabhost/web/Page")
        return FileManager.default.fileExists(atPath: page.appendingPathComponent("index.html").path) ? page : nil
    }

    static func contentType(of name: String) -> String? {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        return nil
    }
}

/// Why the web front end cannot start.
public struct WebFrontEndError: Error, Sendable, CustomStringConvertible {
    /// One line for standard error.
    public let description: String
    init(_ description: String) { self.description = description }
}
