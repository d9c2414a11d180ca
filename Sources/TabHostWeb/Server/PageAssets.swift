/// The static page (HTML, CSS, JavaScript modules), embedded in the binary at build time (the EmbedPage
/// build plugin), so an installed `tabhost` serves exactly the page it was built with.
struct PageAssets: Sendable {
    struct Asset: Sendable {
        let bytes: [UInt8]
        let contentType: String
    }

    /// By URL path: `/` is `index.html`, `/app.js` is `app.js`.
    let assets: [String: Asset]

    /// Every embedded file of `Sources/TabHostWeb/Page` with a known content type.
    static func load() throws(WebFrontEndError) -> PageAssets {
        var assets: [String: Asset] = [:]
        for (name, text) in EmbeddedPage.files {
            guard let type = contentType(of: name) else { continue }
            let asset = Asset(bytes: Array(text.utf8), contentType: type)
            assets["/" + name] = asset
            if name == "index.html" { assets["/"] = asset }
        }
        guard assets["/"] != nil else { throw WebFrontEndError("the embedded page has no index.html") }
        return PageAssets(assets: assets)
    }

    static func contentType(of name: String) -> String? {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        return nil
    }
}
