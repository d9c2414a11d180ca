extension NewCommand {
    /// The project's `tabmod.json`: what `tabhost pack` puts in the manifest besides the descriptor's fields
    /// (docs/modules/publishing.md). Placeholders the author replaces before publishing: `tabhost pack`
    /// refuses them (`ProjectBundleSettings.refusePlaceholders`), so a change here goes there too.
    static func bundleSettings(_ name: String) -> String {
        """
        {
          "publisher" : "Your Name",
          "description" : "What \(name) shows, in one line",
          "license" : "MIT",
          "homepage" : "https://example.org/\(name)",
          "updates" : "https://example.org/\(name)/feed.json"
        }

        """
    }
}
