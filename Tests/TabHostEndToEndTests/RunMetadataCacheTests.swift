import Foundation
import TabHostTesting
import Testing

/// `tabhost run` draws its first frame from the metadata cache: the tab bar's titles come from it,
/// and a module is opened (its private copy made) only when a tab of it is first shown.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunMetadataCacheTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// The private copies the host running in `runtime` has made (one per module opened).
    private static func copies(in runtime: String) -> [String] {
        let directories = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
        return directories.filter { $0.hasPrefix("tabhost-") }.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: runtime + "/" + directory)) ?? [])
                .filter { $0.hasSuffix(".so") }
        }.sorted()
    }

    private static func waitForCopies(in runtime: String, _ expected: [String]) -> [String] {
        var found = copies(in: runtime).map { String($0.prefix { $0 != "." }) }
        for _ in 0..<100 where found != expected {
            usleep(50_000)
            found = copies(in: runtime).map { String($0.prefix { $0 != "." }) }
        }
        return found
    }

    @Test func aWarmStartOpensOnlyTheShownTabsModulesAndNoticesAChangedFile() throws {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            let runtime = scratch + "/runtime"
            for directory in [modules, runtime] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            }
            _ = chmod(runtime, 0o700)
            func compile(_ name: String, title: String, body: String) throws {
                try R.compile(
                    R.moduleSource(name: name, title: title, body: #"api->row(view, "\#(body)", NULL, NULL);"#),
                    to: modules + "/\(name).so")
            }
            try compile("alpha", title: "Alpha", body: "Body of alpha")
            try compile("beta", title: "Beta", body: "Body of beta")
            try compile("gamma", title: "Gamma", body: "Body of gamma")
            let layout = scratch + "/layout.json"
            let text =
                #"{"root": {"tabs": [{"name": "alpha", "module": "alpha"}, "#
                + #"{"name": "beta", "module": "beta"}, {"name": "gamma", "module": "gamma"}]}}"#
            try text.write(toFile: layout, atomically: true, encoding: .utf8)
            let command = R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"], scratch: scratch)
            let environment = ["XDG_CACHE_HOME": scratch + "/cache", "XDG_RUNTIME_DIR": runtime]

            // Cold: every file is opened to learn its metadata.
            do {
                let tmux = try T(command, environment: environment)
                try tmux.waitFor("Body of alpha")
                #expect(Self.waitForCopies(in: runtime, ["alpha", "beta", "gamma"]) == ["alpha", "beta", "gamma"])
                try tmux.send("q")
                try tmux.waitFor("STATUS:0")
                try tmux.send("Enter")
            }
            #expect(FileManager.default.fileExists(atPath: scratch + "/cache/tabhost/modules.cache"))

            // Warm: the bar shows every title, only the shown tab's module is open.
            let tmux = try T(command, environment: environment)
            let screen = try tmux.waitFor("Body of alpha")
            #expect(screen.contains("Beta") && screen.contains("Gamma"))
            #expect(Self.waitForCopies(in: runtime, ["alpha"]) == ["alpha"])
            try tmux.send("2")
            try tmux.waitFor("Body of beta")
            #expect(Self.waitForCopies(in: runtime, ["alpha", "beta"]) == ["alpha", "beta"])

            // Changed after the start listed it: opened as its new version and reported as a reload.
            try compile("gamma", title: "Gamma two", body: "Body of the new gamma")
            try tmux.send("3")
            let changed = try tmux.waitFor("Body of the new gamma")
            #expect(changed.contains("Gamma two"))
            try tmux.waitFor("reloaded gamma v1.0 (its file changed since it was cached)")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }

    /// A module rebuilt while TabHost was not running, whose tab is not the one shown first: the warm
    /// start draws its first frame from the cache (the old title), checks the file just after, and
    /// reloads it as a change the watcher saw: its new title in the bar, the reload in the status line.
    @Test func aFileRebuiltWhileNotRunningIsReloadedJustAfterTheFirstFrame() throws {
        try R.withScratch { scratch in
            let (modules, runtime) = try R.makeModulesAndRuntime(in: scratch)
            func compile(_ name: String, title: String) throws {
                try R.compile(
                    R.moduleSource(name: name, title: title, body: #"api->row(view, "Body of \#(name)", NULL, NULL);"#),
                    to: modules + "/\(name).so")
            }
            try compile("alpha", title: "Alpha")
            try compile("beta", title: "Beta")
            let layout = scratch + "/layout.json"
            try #"{"root": {"tabs": [{"name": "alpha", "module": "alpha"}, {"name": "beta", "module": "beta"}]}}"#
                .write(toFile: layout, atomically: true, encoding: .utf8)
            let command = R.runCommand(["--modules", modules, "--layout", layout], scratch: scratch)
            let environment = ["XDG_CACHE_HOME": scratch + "/cache", "XDG_RUNTIME_DIR": runtime]
            do {
                let tmux = try T(command, environment: environment)
                try tmux.waitFor("Body of alpha")
                try tmux.send("q")
                try tmux.waitFor("STATUS:0")
                try tmux.send("Enter")
            }
            try compile("beta", title: "Beta rebuilt")
            let tmux = try T(command, environment: environment)
            let screen = try tmux.waitFor("Beta rebuilt")
            #expect(screen.contains("Body of alpha"))
            try tmux.waitFor("reloaded beta")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }
}
