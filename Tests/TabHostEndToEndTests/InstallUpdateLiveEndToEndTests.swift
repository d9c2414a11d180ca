import Foundation
import TabHostTesting
import Testing

/// The whole round as a module's author and its user do it, with the real commands only: `tabhost new`,
/// `keygen`, `pack` twice and `feed`, the bundles and the feed served by a loopback HTTPS server; then, while
/// `tabhost run` shows a module directory in tmux, `tabhost install` (the tab appears), a tap, `tabhost
/// update` (the tab reloads as the new version with its taps), `tabhost rollback` and `tabhost remove`.
@Suite(.tags(.tmux, .slow), .selectedByTags, .serialized, .blocking)
struct InstallUpdateLiveEndToEndTests {
    typealias S = ListInspectSupport
    typealias T = TmuxSession

    @Test func installUpdateRollbackAndRemoveReachARunningHost() throws {
        try S.withDirectory { dir in
            let served = dir + "/served"
            let modules = dir + "/modules"
            for directory in [served, modules, dir + "/run"] { mkdir(directory, 0o700) }
            let server = try HTTPSTestServer(root: served)
            let environment = [
                "XDG_CONFIG_HOME": dir + "/config", "XDG_DATA_HOME": dir + "/data", "XDG_CACHE_HOME": dir + "/cache",
                "XDG_RUNTIME_DIR": dir + "/run", "SSL_CERT_FILE": server.caFile,
            ]
            func tabhost(_ arguments: [String]) throws -> S.Output {
                let result = try S.run(arguments, environment: environment)
                try #require(result.status == 0, "tabhost \(arguments.joined(separator: " ")): \(result)")
                return result
            }

            // The author: a project whose feed is on the server, 0.1.0, then 0.2.0 with another last line.
            _ = try tabhost(["new", "clock", "--output", dir])
            let project = dir + "/clock"
            try PublishableProject.fill(project, updates: server.url("feed.json"))
            _ = try tabhost(["keygen", "--output", dir + "/publisher.key", "--unencrypted"])
            _ = try tabhost(["pack", project, "--key", dir + "/publisher.key", "--output", served + "/clock-0.1.0.tabmod"])
            let source = project + "/clock.c"
            try String(contentsOfFile: source, encoding: .utf8)
                .replacingOccurrences(of: "Edit the source, rebuild, and the host reloads it.", with: "Version two, from the feed.")
                .replacingOccurrences(of: "\"0.1.0\"", with: "\"0.2.0\"")
                .write(toFile: source, atomically: true, encoding: .utf8)
            _ = try tabhost(["pack", project, "--key", dir + "/publisher.key", "--output", served + "/clock-0.2.0.tabmod"])
            _ = try tabhost([
                "feed", served + "/clock-0.2.0.tabmod", "--key", dir + "/publisher.key", "--url", server.url("clock-0.2.0.tabmod"),
                "--output", served + "/feed.json",
            ])

            // The user: a host running over an empty module directory that takes new modules as tabs.
            let layout = dir + "/layout.json"
            try #"{"root": {"tabs": [], "acceptsNewModules": true}}"#.write(toFile: layout, atomically: true, encoding: .utf8)
            let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
            // The shell reports the exit status (tmux may not have reaped the host yet when its pane closes).
            let tmux = try T(
                "\(exports) '\(Products.tabhost)' run --modules '\(modules)' --layout '\(layout)'; echo \"STATUS:$?\"; sleep 30")
            try tmux.waitFor("────")

            let installed = try tabhost(["install", server.url("clock-0.1.0.tabmod"), "--yes", "--modules", modules])
            #expect(installed.stdout.hasPrefix("installed clock 0.1.0 (key "), "\(installed)")
            try tmux.waitFor("Edit the source, rebuild, and the host reloads it.")
            try tmux.send("Enter")
            try tmux.waitForScreen { DevCommandTests.tapsLine($0)?.hasSuffix(" 1") == true }

            let updated = try tabhost(["update", "--modules", modules])
            #expect(updated.stdout.hasPrefix("updated clock 0.1.0 → 0.2.0 (key "), "\(updated)")
            // The update waited for the running host, which says it moved the tab over with its state.
            #expect(updated.stdout.contains(#/clock: running host \d+: reloaded, state kept/#), "\(updated)")
            let reloaded = try tmux.waitFor("Version two, from the feed.")
            #expect(DevCommandTests.tapsLine(reloaded)?.hasSuffix(" 1") == true, "the taps survive the update:\n\(reloaded)")

            let rolledBack = try tabhost(["rollback", "clock", "--modules", modules])
            #expect(rolledBack.stdout.contains(#/clock: running host \d+: reloaded, state kept/#), "\(rolledBack)")
            let back = try tmux.waitFor("Edit the source, rebuild, and the host reloads it.")
            #expect(DevCommandTests.tapsLine(back)?.hasSuffix(" 1") == true, "and the rollback:\n\(back)")

            _ = try tabhost(["remove", "clock", "--modules", modules])
            try tmux.waitForScreen { !$0.contains("Edit the source") }
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }
}
