import TabModuleBundle
import TabModuleLoading
import Testing

/// A project's `tabmod.json` and the manifest `pack` makes from it and the module's descriptor.
@Suite struct ProjectBundleSettingsTests {
    static let settings = """
        {"publisher": "Ada Example", "description": "Shows the time", "license": "MIT",
         "homepage": "https://example.org/clock", "updates": "https://example.org/clock/feed.json"}
        """

    private func info(version: String? = "1.4.0") -> ModuleInfo {
        ModuleInfo(
            name: "clock", version: version, title: "Clock", glyph: nil, declaredImage: nil, imagePath: nil, kind: .content, abiMajor: 1,
            abiMinor: 2, structSize: 0, functions: [], sourcePath: "/x/clock.so", containsSwift: false, permissions: ["network"])
    }

    @Test func theManifestTakesTheDescriptorsFieldsAndTheProjectsAndAgreesWithTheDescriptor() throws {
        let settings = try ProjectBundleSettings.decode(Array(Self.settings.utf8), path: "clock/tabmod.json")
        let files = [BundleFileEntry(path: "x86_64-linux-gnu/clock.so", bytes: [1, 2, 3], arch: "x86_64-linux-gnu")]
        let manifest = try BundleManifest(settings: settings, descriptor: info(), files: files, project: "clock")
        #expect(manifest.name == "clock" && manifest.version.description == "1.4.0" && manifest.abi == "1.3" && manifest.title == "Clock")
        #expect(manifest.publisher == "Ada Example" && manifest.updates == "https://example.org/clock/feed.json")
        #expect(manifest.permissions == ["network"] && manifest.files == files)
        try manifest.checkAgrees(with: info(), file: files[0].path, bundle: "clock-1.4.0.tabmod")
        #expect(try BundleManifest.decode(manifest.encoded(), path: "again") == manifest)
    }

    /// `"tab": false` in tabmod.json reaches the manifest, and back; the default (true) is not written, so a
    /// manifest without the field reads and signs as it did before the field existed.
    @Test func theTabFlagGoesIntoTheManifestOnlyWhenFalse() throws {
        let files = [BundleFileEntry(path: "x86_64-linux-gnu/clock.so", bytes: [1], arch: "x86_64-linux-gnu")]
        let plain = try ProjectBundleSettings.decode(Array(Self.settings.utf8), path: "clock/tabmod.json")
        let tab = try BundleManifest(settings: plain, descriptor: info(), files: files, project: "clock")
        #expect(tab.tab && !String(decoding: tab.encoded(), as: UTF8.self).contains("\"tab\""))
        let pushed = try ProjectBundleSettings.decode(Array((String(Self.settings.dropLast()) + ", \"tab\": false}").utf8), path: "t")
        let manifest = try BundleManifest(settings: pushed, descriptor: info(), files: files, project: "clock")
        #expect(!manifest.tab && String(decoding: manifest.encoded(), as: UTF8.self).contains("\"tab\" : false"))
        #expect(try BundleManifest.decode(manifest.encoded(), path: "again") == manifest)
        let refused = #expect(throws: BundleError.self) {
            try ProjectBundleSettings.decode(Array((String(Self.settings.dropLast()) + ", \"tab\": \"no\"}").utf8), path: "t")
        }
        #expect(refused?.description.hasPrefix("t: ") == true, "\(refused?.description ?? "accepted")")
    }

    @Test func aVersionThatIsNotSemVerOrABadFieldIsRefusedWithOneLine() throws {
        let settings = try ProjectBundleSettings.decode(Array(Self.settings.utf8), path: "clock/tabmod.json")
        let version = #expect(throws: BundleError.self) {
            try BundleManifest(settings: settings, descriptor: info(version: "2"), files: [], project: "clock")
        }
        #expect(
            version?.description.hasPrefix("clock: the module's version \"2\" is not a semantic version; set the descriptor's .version")
                == true)
        var http = settings
        http.updates = "http://example.org/feed.json"
        let url = #expect(throws: BundleError.self) { try BundleManifest(settings: http, descriptor: info(), files: [], project: "clock") }
        #expect(url?.description.contains("updates \"http://example.org/feed.json\" is not an https: URL") == true)
    }

    @Test(arguments: [
        ("{\"publisher\": \"A\"}", "missing field \"description\""),
        (String(settings.dropLast()) + ", \"name\": \"clock\"}", "unknown field \"name\""),
        ("[]", "the top level is not of type"),
    ])
    func aBadTabmodJSONIsRefusedWithOneLine(text: String, says: String) throws {
        let error = #expect(throws: BundleError.self) { try ProjectBundleSettings.decode(Array(text.utf8), path: "clock/tabmod.json") }
        #expect(error?.description.hasPrefix("clock/tabmod.json: \(says)") == true, "\(error?.description ?? "accepted")")
        #expect(
            error?.description.hasSuffix(
                "; fix tabmod.json (fields: publisher, description, license, homepage, updates; version and tab optional)")
                == true)
    }
}
