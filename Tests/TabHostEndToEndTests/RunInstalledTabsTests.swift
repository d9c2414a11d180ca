import Foundation
import TabHostTesting
import Testing

/// A plain `tabhost run` (no layout, no `--modules`): installed bundles meant to be tabs (`tab` in the manifest,
/// default true) are tabs of the user's own in a root tab container, the demo the last tab; a bundle whose
/// manifest says `"tab": false` gets no tab, there or in a run of `--modules DIR` without a layout.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunInstalledTabsTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    static func bar(_ screen: String) -> String { T.lines(of: screen).last { !$0.isEmpty } ?? "" }

    /// `alpha` (a tab) and `beta` (`"tab": false`) installed as bundles in `DATA/tabhost/modules`.
    private static func install(in scratch: String) throws -> (data: String, modules: String) {
        let data = scratch + "/data"
        let modules = data + "/tabhost/modules"
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        for directory in [data, data + "/tabhost", modules] { _ = chmod(directory, 0o755) }
        for (name, tab) in [("alpha", true), ("beta", false)] { try installBundle(name, tab: tab, in: modules, scratch: scratch) }
        return (data, modules)
    }

    /// Installs the C module `name` (titled `Name`, showing "this is NAME") as `tabhost install` places a bundle.
    private static func installBundle(_ name: String, tab: Bool, in modules: String, scratch: String) throws {
        let library = try R.compile(
            R.moduleSource(name: name, title: name.capitalized, body: #"api->text(view, "this is \#(name)");"#), to: "\(scratch)/\(name).so"
        )
        let manifest = "\(scratch)/\(name).json"
        let flag = tab ? "" : #","tab":false"#
        try #"{"name":"\#(name)","version":"1.0.0","abi":"1.2","files":[]\#(flag)}"#.write(
            toFile: manifest, atomically: true, encoding: .utf8)
        let staging = try InstalledBundleSteps.stage(name: name, in: modules, files: ["\(name).so": library, "manifest.json": manifest])
        try InstalledBundleSteps.placeFirst(staging, name: name, in: modules)
    }

    @Test func installedBundlesAreTabsOfTheirOwnBesideTheDemo() throws {
        try R.withScratch { scratch in
            let (data, modules) = try Self.install(in: scratch)
            let home = ["XDG_DATA_HOME": data, "XDG_CONFIG_HOME": scratch + "/config"]
            let plain = try T(R.runCommand([], scratch: scratch), environment: home)
            let first = try plain.waitFor("this is alpha")
            #expect(Self.bar(first).contains("Alpha") && Self.bar(first).contains("Accounts"), "\(first)")
            #expect(!Self.bar(first).contains("Beta"), "beta is no tab:\n\(first)")
            try plain.send("2")
            try plain.waitFor("Jack")
            // Installed while it runs: gamma (a tab) joins the root container at once, delta ("tab": false) does not.
            for (name, tab) in [("delta", false), ("gamma", true)] { try Self.installBundle(name, tab: tab, in: modules, scratch: scratch) }
            let live = try plain.waitForScreen { Self.bar($0).contains("Gamma") }
            #expect(!Self.bar(live).contains("Delta") && !Self.bar(live).contains("Beta"), "\(live)")
            try plain.send("q")
            try plain.waitFor("STATUS:0")

            // Without a layout, every content module of the directory is a tab, but beta.
            let listed = try T(R.runCommand(["--modules", modules], scratch: scratch), environment: home)
            let screen = try listed.waitFor("this is alpha")
            #expect(!Self.bar(screen).contains("Beta"), "\(screen)")
            try listed.send("q")
            try listed.waitFor("STATUS:0")
        }
    }
}
