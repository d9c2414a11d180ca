import TabModuleBundle
import Testing

/// `pack` refuses what `tabhost new` wrote for the author to replace, one line naming the field.
@Suite struct ProjectBundlePlaceholderTests {
    private func settings(
        publisher: String = "Ada Example", description: String = "Shows the time", homepage: String = "https://ada.dev/clock",
        updates: String = "https://ada.dev/clock/feed.json"
    ) -> ProjectBundleSettings {
        ProjectBundleSettings(publisher: publisher, description: description, license: "MIT", homepage: homepage, updates: updates)
    }

    @Test func filledInSettingsPass() throws {
        try settings().refusePlaceholders(path: "tabmod.json")
        // A name that merely contains "example" is not the reserved domain.
        try settings(homepage: "https://myexample.org/clock", updates: "https://examples.org.dev/feed.json").refusePlaceholders(path: "t")
    }

    @Test(arguments: [
        ("publisher", "Your Name"), ("description", "What clock shows, in one line"), ("homepage", "https://example.org/clock"),
        ("homepage", "https://www.Example.com:8443/clock"), ("updates", "https://example.net/clock/feed.json"),
    ])
    func aPlaceholderIsRefusedNamingItsField(field: String, value: String) {
        let wrong: ProjectBundleSettings
        switch field {
        case "publisher": wrong = settings(publisher: value)
        case "description": wrong = settings(description: value)
        case "homepage": wrong = settings(homepage: value)
        default: wrong = settings(updates: value)
        }
        let error = #expect(throws: BundleError.self) { try wrong.refusePlaceholders(path: "clock/tabmod.json") }
        #expect(error?.code == .invalidManifestField)
        #expect(
            error?.description.hasPrefix("clock/tabmod.json: \(field) is still \"\(value)\", the placeholder tabhost new wrote; ") == true)
        #expect(error?.description.contains("\n") == false)
    }
}
