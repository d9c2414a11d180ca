import Foundation
import TabHostTesting
import Testing

/// `tabhost update` says what each running host showing the module did with the new version, and its exit
/// status says it too (issue 38): a new state format reloads fresh (the old state kept on disk, exit 0); a
/// version whose `create` fails is kept out by the host (exit 3, the old version named).
@Suite(.tags(.tmux, .slow), .selectedByTags, .serialized, .blocking)
struct UpdateReportsRunningHostsEndToEndTests {
    typealias S = ListInspectSupport
    typealias T = TmuxSession

    @Test func updateReportsAFreshReloadThenAKeptVersionWithExit3() throws {
        try S.withDirectory { dir in
            let served = dir + "/served"
            let modules = dir + "/modules"
            for directory in [served, modules, dir + "/run"] { mkdir(directory, 0o700) }
            let server = try HTTPSTestServer(root: served)
            let environment = [
                "XDG_CONFIG_HOME": dir + "/config", "XDG_DATA_HOME": dir + "/data", "XDG_CACHE_HOME": dir + "/cache",
                "XDG_RUNTIME_DIR": dir + "/run", "SSL_CERT_FILE": server.caFile,
            ]
            func tabhost(_ arguments: [String], status: Int32 = 0) throws -> S.Output {
                let result = try S.run(arguments, environment: environment)
                try #require(result.status == status, "tabhost \(arguments.joined(separator: " ")): \(result)")
                return result
            }

            _ = try tabhost(["new", "clock", "--output", dir])
            let project = dir + "/clock"
            // pack refuses tabhost new's placeholders: the fields a publisher fills in, and the feed's address.
            try PublishableProject.fill(project, updates: server.url("feed.json"))
            _ = try tabhost(["keygen", "--output", dir + "/publisher.key", "--unencrypted"])
            let source = project + "/clock.c"
            let original = try String(contentsOfFile: source, encoding: .utf8)
            func publish(_ version: String, _ edit: (String) -> String) throws {
                try edit(original.replacingOccurrences(of: "\"0.1.0\"", with: "\"\(version)\""))
                    .write(toFile: source, atomically: true, encoding: .utf8)
                let bundle = served + "/clock-\(version).tabmod"
                _ = try tabhost(["pack", project, "--key", dir + "/publisher.key", "--output", bundle])
                for file in ["feed.json", "feed.json.minisig"] { unlink(served + "/" + file) }
                _ = try tabhost([
                    "feed", bundle, "--key", dir + "/publisher.key", "--url", server.url("clock-\(version).tabmod"),
                    "--output", served + "/feed.json",
                ])
            }
            try publish("0.1.0") { $0 }

            let layout = dir + "/layout.json"
            try #"{"root": {"tabs": [], "acceptsNewModules": true}}"#.write(toFile: layout, atomically: true, encoding: .utf8)
            let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
            let tmux = try T(
                "\(exports) '\(Products.tabhost)' run --modules '\(modules)' --layout '\(layout)'; echo \"STATUS:$?\"; sleep 30")
            try tmux.waitFor("────")
            _ = try tabhost(["install", server.url("clock-0.1.0.tabmod"), "--yes", "--modules", modules])
            try tmux.waitFor("Edit the source, rebuild, and the host reloads it.")
            try tmux.send("Enter")
            try tmux.waitForScreen { DevCommandTests.tapsLine($0)?.hasSuffix(" 1") == true }

            // 0.2.0 reads no state of 0.1.0 (a new format): the host runs it fresh and keeps the old state.
            try publish("0.2.0") {
                $0.replacingOccurrences(of: "if (len < 4) return 0;", with: "if (len < 1000) return 0;")
                    .replacingOccurrences(of: "Edit the source, rebuild, and the host reloads it.", with: "Version two, a new format.")
            }
            let fresh = try tabhost(["update", "--modules", modules])
            #expect(fresh.stdout.contains("updated clock 0.1.0 → 0.2.0"), "\(fresh)")
            let freshLine = #/clock: running host \d+: reloaded fresh: restore_state refused the old state; it is kept in (\S+)/#
            let keptPath = try #require(fresh.stdout.firstMatch(of: freshLine).map { String($0.output.1) }, "\(fresh)")
            #expect(keptPath.hasPrefix(dir + "/data/tabhost/refused-state/clock-0.1.0-") && keptPath.hasSuffix(".state"), "\(keptPath)")
            let reloaded = try tmux.waitFor("Version two, a new format.")
            #expect(DevCommandTests.tapsLine(reloaded)?.hasSuffix(" 0") == true, "\(reloaded)")
            let kept = try FileManager.default.contentsOfDirectory(atPath: dir + "/data/tabhost/refused-state")
            #expect(kept.count == 1 && kept.first?.hasPrefix("clock-0.1.0-") == true, "\(kept)")

            // 0.3.0's create fails: installed, but the running host keeps 0.2.0, and update exits 3.
            try publish("0.3.0") { $0.replacingOccurrences(of: "s->api = api;", with: "free(s); return NULL;") }
            let refused = try tabhost(["update", "--modules", modules], status: 3)
            #expect(refused.stdout.contains("updated clock 0.2.0 → 0.3.0"), "\(refused)")
            let keptLine = #/clock: running host \d+: kept 0\.2\.0: \S+clock\.so: create\(\) returned NULL/#
            #expect(refused.stdout.contains(keptLine), "\(refused)")
            #expect(try tmux.capture().contains("Version two, a new format."))

            // Rolling back to 0.2.0 reloads it (fresh again: 0.2.0 reads no state at all), but a second host
            // showing it that does not watch its directory never answers: exit 3, one line per host.
            let deaf = try T(
                "\(exports) '\(Products.tabhost)' run --no-watch --modules '\(modules)' --layout '\(layout)'; echo \"STATUS:$?\"; sleep 30")
            try deaf.waitFor("module clock: create() returned NULL")  // it started with 0.3.0, installed now
            let back = try tabhost(["rollback", "clock", "--modules", modules, "--wait", "2"], status: 3)
            #expect(back.stdout.contains(#/clock: running host \d+: reloaded fresh/#), "\(back)")
            #expect(back.stdout.contains(#/clock: running host \d+: no answer/#), "\(back)")
            for session in [tmux, deaf] {
                try session.send("q")
                try session.waitFor("STATUS:0")
            }
        }
    }
}
