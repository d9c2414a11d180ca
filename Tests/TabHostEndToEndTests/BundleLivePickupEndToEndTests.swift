import Foundation
import TabHostTesting
import Testing

/// Installed bundles (`NAME/NAME.so` beside `manifest.json`) placed by hand as `tabhost install` and
/// `update` place them, in the module directory of a running `tabhost run` in tmux.
@Suite(.tags(.tmux, .slow), .selectedByTags, .serialized, .blocking)
struct BundleLivePickupEndToEndTests {
    /// The counter module of `HotReloadEndToEndTests` named `name`.
    static func source(name: String, version: String, text: String) -> String {
        HotReloadEndToEndTests.source(version: version, text: text)
            .replacing(#".name = "gauge""#, with: #".name = "\#(name)""#)
            .replacing(#".title = "Gauge""#, with: #".title = "\#(name.capitalized)""#)
    }

    /// Compiles the counter `gauge` at `version` into `build/` and stages it as its bundle in `modules`.
    static func stage(version: String, text: String, build: String, modules: String) throws -> String {
        let built = "\(build)/gauge-\(version).so"
        try Fixture.compileModule(source(name: "gauge", version: version, text: text), to: built)
        return try InstalledBundleSteps.stage(name: "gauge", version: "\(version).0.0", in: modules, files: ["gauge.so": built])
    }

    @Test func aBundleRenamedInShowsItsTabAndAnUpdateExchangedInReloadsItWithItsState() throws {
        try ListInspectSupport.withDirectory { scratch in
            let modules = scratch + "/mods"
            let build = scratch + "/build"
            let runtimeDir = scratch + "/run"
            for directory in [modules, build, runtimeDir] { mkdir(directory, 0o700) }
            try Fixture.compileModule(Self.source(name: "anchor", version: "1", text: "anchor here"), to: modules + "/anchor.so")
            let layout = scratch + "/layout.json"
            try #"{"root": {"tabs": [{"name": "anchor", "module": "anchor"}], "acceptsNewModules": true}}"#
                .write(toFile: layout, atomically: true, encoding: .utf8)
            let environment = ["XDG_RUNTIME_DIR": runtimeDir, "XDG_CACHE_HOME": scratch + "/cache"]
            let session = try TmuxSession(
                "exec '\(Products.tabhost)' run --modules '\(modules)' --layout '\(layout)'", environment: environment)
            try session.waitFor("anchor here count=0")

            let first = try Self.stage(version: "1", text: "installed build", build: build, modules: modules)
            try InstalledBundleSteps.placeFirst(first, name: "gauge", in: modules)
            try session.waitForScreen { $0.contains("installed build count=0") && $0.contains("added gauge v1") }
            for _ in 0..<3 { try session.send("Enter") }
            try session.waitFor("installed build count=3")

            let second = try Self.stage(version: "2", text: "updated build", build: build, modules: modules)
            try InstalledBundleSteps.placeUpdate(second, name: "gauge", in: modules)
            let reloaded = try session.waitForScreen { $0.contains("updated build count=3") && $0.contains("reloaded gauge v2") }
            #expect(!reloaded.contains("Gauge (!)"))

            // `tabhost list` in another process lists the bundle beside the plain file.
            let listed = try ListInspectSupport.run(["list", modules], environment: environment)
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.contains("\(modules)/gauge/gauge.so"), "\(listed)")

            try InstalledBundleSteps.remove(name: "gauge", in: modules)
            let removed = try session.waitForScreen { $0.contains("removed gauge") }
            #expect(removed.contains("anchor here count=0"), "\(removed)")
            try session.send("q")
            _ = try session.waitForExit()
        }
    }

    @Test func theFirstInstallIntoAUserDirectoryMissingAtStartShowsItsTab() throws {
        try ListInspectSupport.withDirectory { scratch in
            let data = scratch + "/data"
            let build = scratch + "/build"
            let runtimeDir = scratch + "/run"
            for directory in [data, build, runtimeDir] { mkdir(directory, 0o700) }
            let layout = scratch + "/layout.json"
            try #"{"root": {"tabs": [{"name": "clock", "module": "clock"}], "acceptsNewModules": true}}"#
                .write(toFile: layout, atomically: true, encoding: .utf8)
            // No --modules: the built examples, then $XDG_DATA_HOME/tabhost/modules, which does not exist yet.
            let environment = ["XDG_RUNTIME_DIR": runtimeDir, "XDG_CACHE_HOME": scratch + "/cache", "XDG_DATA_HOME": data]
            let session = try TmuxSession("exec '\(Products.tabhost)' run --layout '\(layout)'", environment: environment)
            try session.waitFor("Clock")
            let modules = data + "/tabhost/modules"
            var info = stat()
            #expect(stat(modules, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_mode & 0o777 == 0o700)
            try InstalledBundleSteps.placeFirst(
                Self.stage(version: "1", text: "first install", build: build, modules: modules), name: "gauge", in: modules)
            try session.waitForScreen { $0.contains("first install count=0") && $0.contains("added gauge v1") }
            try session.send("q")
            _ = try session.waitForExit()
        }
    }

    /// Issue 32: an update that asks for more runs with what the running version was granted. The reloaded
    /// tab keeps running (no prompt takes it away), and the log says once what it lacks and how to grant it.
    @Test func anUpdateAskingForMoreRunsWithWhatItHadAndSaysSo() throws {
        try ListInspectSupport.withDirectory { scratch in
            let modules = scratch + "/mods"
            let build = scratch + "/build"
            let runtimeDir = scratch + "/run"
            for directory in [modules, build, runtimeDir] { mkdir(directory, 0o700) }
            try InstalledBundleSteps.placeFirst(
                Self.stage(version: "1", text: "asks nothing", build: build, modules: modules), name: "gauge", in: modules)
            let log = scratch + "/tabhost.log"
            let environment = [
                "XDG_RUNTIME_DIR": runtimeDir, "XDG_CACHE_HOME": scratch + "/cache", "XDG_CONFIG_HOME": scratch + "/config",
            ]
            let session = try TmuxSession(
                "exec '\(Products.tabhost)' run --modules '\(modules)' --log '\(log)'", environment: environment)
            try session.waitFor("asks nothing count=0")
            try session.send("Enter")
            try session.waitFor("asks nothing count=1")

            let built = "\(build)/gauge-2.so"
            let asking = Self.source(name: "gauge", version: "2", text: "asks for more")
                .replacing(#".title = "Gauge""#, with: #".title = "Gauge", .permissions = "network""#)
            try Fixture.compileModule(asking, to: built)
            let staged = try InstalledBundleSteps.stage(name: "gauge", version: "2.0.0", in: modules, files: ["gauge.so": built])
            try InstalledBundleSteps.placeUpdate(staged, name: "gauge", in: modules)
            let reloaded = try session.waitFor("asks for more count=1")
            #expect(!reloaded.contains("asks to"), "no prompt on the running tab:\n\(reloaded)")
            try session.send("q")
            _ = try session.waitForExit()
            let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            let said = lines.filter { $0.contains("[gauge]") && $0.contains("2 asks for more than it was granted: connect to the network") }
            #expect(said.count == 1, "\(lines)")
            #expect(said.first?.contains("(tabhost grant gauge network)") == true, "\(said)")
        }
    }
}
