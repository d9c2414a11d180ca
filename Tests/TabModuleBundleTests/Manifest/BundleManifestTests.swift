import TabModuleBundle
import Testing

/// `manifest.json` read strictly: every field required, none unknown, each value checked, one line per refusal.
@Suite struct BundleManifestTests {
    /// A valid manifest as JSON text, with `change` applied to its fields first.
    static func json(_ change: (inout [String: String]) -> Void = { _ in }) -> String {
        var fields: [String: String] = [
            "name": "\"clock\"", "version": "\"1.4.0\"", "abi": "\"1.2\"", "title": "\"Clock\"", "description": "\"Shows the time\"",
            "publisher": "\"Ada Example\"", "license": "\"MIT\"", "homepage": "\"https://example.org/clock\"",
            "permissions": "[\"network\", \"read:~/Documents\"]", "updates": "\"https://example.org/clock/feed.json\"",
            "files": """
            [{"path": "x86_64-linux-gnu/clock.so", "size": 5, "sha256": "\(String(repeating: "ab", count: 32))",
              "arch": "x86_64-linux-gnu"},
             {"path": "images/clock.png", "size": 0, "sha256": "\(String(repeating: "0", count: 64))"}]
            """,
        ]
        change(&fields)
        return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    private func decode(_ text: String) throws(BundleError) -> BundleManifest {
        try BundleManifest.decode(Array(text.utf8), path: "clock-1.4.0.tabmod")
    }

    @Test func aValidManifestIsReadAndWrittenBackTheSame() throws {
        let manifest = try decode(Self.json())
        #expect(manifest.name == "clock")
        #expect(manifest.version == SemanticVersion("1.4.0"))
        #expect(manifest.permissions == ["network", "read:~/Documents"])
        #expect(manifest.files.map(\.path) == ["x86_64-linux-gnu/clock.so", "images/clock.png"])
        #expect(manifest.files[0].arch == "x86_64-linux-gnu")
        #expect(manifest.files[1].arch == nil)
        let again = try BundleManifest.decode(manifest.encoded(), path: "again")
        #expect(again == manifest)
        #expect(String(decoding: manifest.encoded(), as: UTF8.self).contains("\"updates\" : \"https://example.org/clock/feed.json\""))
    }

    @Test(arguments: [
        ("unknown top-level field", json { $0["colour"] = "\"red\"" }, "unknown field \"colour\""),
        ("missing field", json { $0["license"] = nil }, "missing field \"license\""),
        ("field of the wrong type", json { $0["permissions"] = "\"network\"" }, "field \"permissions\" is not of type"),
        ("bad version", json { $0["version"] = "\"1.4\"" }, "version \"1.4\" is not a semantic version"),
        ("leading zero in version", json { $0["version"] = "\"01.4.0\"" }, "is not a semantic version"),
        ("bad name", json { $0["name"] = "\"Clock\"" }, "name: module name \"Clock\" has characters outside [a-z0-9._-]"),
        ("dot name", json { $0["name"] = "\".clock\"" }, "starts with a dot"),
        ("plain http updates", json { $0["updates"] = "\"http://example.org/feed.json\"" }, "is not an https: URL"),
        ("bad abi", json { $0["abi"] = "\"one\"" }, "abi \"one\" is not MAJOR.MINOR"),
        ("unknown permission", json { $0["permissions"] = "[\"root\"]" }, "permissions: unknown permission \"root\""),
        ("empty title", json { $0["title"] = "\"\"" }, "title is empty"),
        ("escape in a title", json { $0["title"] = #""Clock\u001b]0;x\u0007""# }, "title contains a control character"),
        ("bidi override in a publisher", json { $0["publisher"] = #""Ada \u202eyek\u202c""# }, "publisher contains a control"),
        ("line separator in a description", json { $0["description"] = #""A\u2028key: X""# }, "description contains a control"),
        ("path with ..", files(path: "../evil.so"), "the path leaves the bundle (..)"),
        ("absolute path", files(path: "/etc/passwd"), "the path is absolute"),
        ("empty path", files(path: ""), "the path is empty"),
        ("path with an empty component", files(path: "a//b"), "empty or \".\" component"),
        ("the manifest listed", files(path: "manifest.json"), "manifest.json is the bundle's own file"),
        ("bad sha256", files(sha256: "XYZ"), "sha256 is not 64 lower-case hexadecimal digits"),
        ("unknown arch", files(arch: "\"riscv64-linux-gnu\""), "unknown arch \"riscv64-linux-gnu\""),
        ("negative size", files(size: "-1"), "files: \"a.so\": size is negative"),
        ("fractional size", files(size: "1.5"), "size is missing or not a whole number of bytes"),
        (
            "unknown field in a file", json { $0["files"] = "[{\"path\": \"a\", \"size\": 1, \"sha256\": \"\(hash)\", \"mode\": 1}]" },
            "unknown field \"files[0].mode\""
        ),
        ("a file twice", json { $0["files"] = "[\(file("a")), \(file("a"))]" }, "files: \"a\" is listed twice"),
        (
            "a file and a directory", json { $0["files"] = "[\(file("a/b/c")), \(file("a/b"))]" },
            "\"a/b\" is listed as a file and is the directory"
        ),
        ("under the manifest", files(path: "manifest.json/x"), "manifest.json is the bundle's own file"),
        ("not JSON", "{\"name\": ", "not valid JSON"),
    ])
    func aBadManifestIsRefusedWithOneLine(what: String, text: String, expected: String) throws {
        let error = #expect(throws: BundleError.self, "\(what)") { try decode(text) }
        #expect(error?.description.contains(expected) == true, "\(what): \(error?.description ?? "accepted")")
        #expect(error?.description.hasPrefix("clock-1.4.0.tabmod: manifest.json") == true)
        #expect(error?.description.hasSuffix("; fix manifest.json and pack the bundle again") == true)
        #expect(error?.description.contains("\n") == false)
    }

    private static let hash = String(repeating: "0", count: 64)

    private static func file(_ path: String) -> String { "{\"path\": \"\(path)\", \"size\": 1, \"sha256\": \"\(hash)\"}" }

    private static func files(path: String = "a.so", size: String = "1", sha256: String = hash, arch: String = "null") -> String {
        json { $0["files"] = "[{\"path\": \"\(path)\", \"size\": \(size), \"sha256\": \"\(sha256)\", \"arch\": \(arch)}]" }
    }

    @Test func versionsCompareAsSemVer() throws {
        let ordered = [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0",
            "1.0.1", "1.2.0", "1.10.0", "2.0.0",
        ].map { SemanticVersion($0)! }
        for (lower, higher) in zip(ordered, ordered.dropFirst()) {
            #expect(lower < higher, "\(lower) < \(higher)")
            #expect(!(higher < lower))
        }
        #expect(SemanticVersion("1.0.0+build.5") == SemanticVersion("1.0.0"))
        #expect(SemanticVersion("1.0.0+build.5")?.description == "1.0.0+build.5")
        for bad in ["1", "1.0", "1.0.0.0", "v1.0.0", "1.0.0-", "1.0.0-01", "1.0.0+", "-1.0.0", "1.0.0-a..b", " 1.0.0"] {
            #expect(SemanticVersion(bad) == nil, "\(bad)")
        }
    }
}
