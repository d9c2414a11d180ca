extension ProjectBundleSettings {
    /// The publisher `tabhost new` writes into a new project's `tabmod.json`.
    public static let placeholderPublisher = "Your Name"

    /// Refuses settings that still hold what `tabhost new` wrote for the author to replace: the publisher
    /// "Your Name", the description "What NAME shows, in one line", and a homepage or feed on example.org
    /// (or example.com, example.net: names reserved for examples, which never serve a real feed, so a bundle
    /// packed with them could never be updated). One line naming the first such field; `path` is the file.
    public func refusePlaceholders(path: String) throws(BundleError) {
        func refuse(_ field: String, _ value: String, _ todo: String) -> BundleError {
            BundleError(
                .invalidManifestField, path: path, reason: "\(field) is still \"\(value)\", the placeholder tabhost new wrote",
                hint: "\(todo) in tabmod.json and pack again")
        }
        if publisher == Self.placeholderPublisher { throw refuse("publisher", publisher, "put your name or your organisation's") }
        if description.hasPrefix("What ") && description.hasSuffix(" shows, in one line") {
            throw refuse("description", description, "say in one line what the module shows")
        }
        if Self.isExampleURL(homepage) { throw refuse("homepage", homepage, "give the module's real home page") }
        if Self.isExampleURL(updates) {
            throw refuse("updates", updates, "give the https URL you will publish the feed at (docs/modules/publishing.md)")
        }
    }

    /// Whether `url`'s host is one of the domains reserved for examples (RFC 2606), or under one.
    static func isExampleURL(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return false }
        let authority = url[url.index(colon, offsetBy: 3)...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = (authority.split(separator: "@").last ?? "").split(separator: ":").first.map { $0.lowercased() } ?? ""
        return ["example.org", "example.com", "example.net"].contains { host == $0 || host.hasSuffix("." + $0) }
    }
}
