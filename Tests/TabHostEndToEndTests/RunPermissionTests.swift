import Foundation
import TabHostTesting
import Testing

/// Permissions through the real `tabhost`, with the hostile fixture built from the header alone: the
/// prompt on its tab (Allow kept for the next run, Not now not), `tabhost grant` and `revoke`, a
/// layout's grant, and `unrestricted`; each opens exactly the tries it names.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunPermissionTests {
    private func result(_ label: String, _ run: HostileScene.Result) -> String? {
        HostileScene.result(of: label, in: run.screen)
    }

    private func denied(_ label: String, _ run: HostileScene.Result) -> Bool {
        ["EACCES", "EPERM", "EAGAIN", "ESRCH"].contains(result(label, run) ?? "")
    }

    @Test func allowOnTheTabGrantsWhatItAsksAndTheNextRunDoesNotAsk() throws {
        try HostileScene.with(permissions: "network read:$OUTSIDE/secret.txt") { scene in
            let first = try scene.run { tmux in
                let prompt = try tmux.waitFor("Allow")
                #expect(prompt.contains("Hostile asks to: connect to the network; read \(scene.secret)"), "\(prompt)")
                #expect(prompt.contains("Not now"))
                try tmux.send("Enter")  // Allow, the first button
            }
            for label in ["tcp connect", "udp send", "read secret"] {
                #expect(result(label, first) == "allowed", "\(label)\n\(first.screen)")
            }
            for label in ["exec sh", "write elsewhere", "list home"] {
                #expect(denied(label, first), "\(label)\n\(first.screen)")
            }
            #expect(first.log.contains("[hostile] info: granted network read:\(scene.secret) (kept in \(scene.store))"), "\(first.log)")
            let store = try String(contentsOfFile: scene.store, encoding: .utf8)
            #expect(store.contains("\"network\""), "\(store)")
            var info = stat()
            #expect(stat(scene.store, &info) == 0 && info.st_mode & 0o777 == 0o600)

            let second = try scene.run()
            #expect(!second.screen.contains("asks to"), "\(second.screen)")
            #expect(!second.log.contains("asks to"), "\(second.log)")
            #expect(result("tcp connect", second) == "allowed", "\(second.screen)")
            #expect(second.status == "STATUS:0")

            let listed = try scene.tabhost(["permissions", "hostile"])
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.contains("network"), "\(listed)")
        }
    }

    @Test func allowOnAnInstalledBundleIsKeptByItsFileAcrossAnUpdate() throws {
        try HostileScene.with(permissions: "network", asBundle: true) { scene in
            let first = try scene.run { tmux in
                try tmux.waitFor("Allow")
                try tmux.send("Enter")
            }
            #expect(result("tcp connect", first) == "allowed", "\(first.screen)")
            try scene.updateBundle()
            let second = try scene.run()
            #expect(!second.screen.contains("asks to"), "\(second.screen)")
            #expect(result("tcp connect", second) == "allowed", "\(second.screen)")
            let listed = try scene.tabhost(["permissions", "hostile"])
            #expect(listed.stdout.contains("/modules/hostile/hostile.so)"), "\(listed)")
            #expect(listed.stdout.contains("  granted:  network"), "\(listed)")
        }
    }

    @Test func notNowRunsItWithNothingGrantedAndTheNextRunAsksAgain() throws {
        try HostileScene.with(permissions: "network") { scene in
            let first = try scene.run { tmux in
                try tmux.waitFor("Not now")
                try tmux.send("Down", "Enter")  // Not now, the second button
            }
            #expect(denied("tcp connect", first), "\(first.screen)")
            #expect(!FileManager.default.fileExists(atPath: scene.store))
            #expect(first.log.contains("[hostile] info: not granted now"), "\(first.log)")
            let second = try scene.run { tmux in
                let prompt = try tmux.waitFor("Allow")
                #expect(prompt.contains("Hostile asks to: connect to the network"), "\(prompt)")
                try tmux.send("Down", "Enter")
            }
            #expect(denied("tcp connect", second), "\(second.screen)")
        }
    }

    @Test func tabhostGrantOpensEachTryItNamesAndRevokeClosesThemAgain() throws {
        try HostileScene.with { scene in
            let granted = try scene.tabhost(["grant", "hostile", "exec", "write:\(scene.outside)", "read:~/", "read:\(scene.secret)"])
            #expect(granted.status == 0, "\(granted)")
            let open = try scene.run()
            for label in ["exec sh", "write elsewhere", "list home", "read secret"] {
                #expect(result(label, open) == "allowed", "\(label)\n\(open.screen)")
            }
            #expect(open.wroteOutside)
            for label in ["tcp connect", "udp send", "abstract socket", "signal host", "host environ"] {
                #expect(denied(label, open), "\(label)\n\(open.screen)")
            }
            try FileManager.default.removeItem(atPath: scene.written)

            let revoked = try scene.tabhost(["revoke", "hostile"])
            #expect(revoked.status == 0, "\(revoked)")
            let closed = try scene.run()
            for label in ["exec sh", "write elsewhere", "list home", "read secret"] {
                #expect(denied(label, closed), "\(label)\n\(closed.screen)")
            }
            #expect(!closed.wroteOutside)
        }
    }

    @Test func aLayoutsPermissionsGrantForThatLayoutOnly() throws {
        try HostileScene.with { scene in
            let layout = scene.scratch + "/layout.json"
            try """
            {"root": {"stack": {"tabs": [
                {"name": "h", "module": "hostile", "permissions": ["network"]},
                {"name": "q", "module": "quiet"}
            ]}}}
            """.write(toFile: layout, atomically: false, encoding: .utf8)
            let curated = try scene.run(["--layout", layout])
            #expect(result("tcp connect", curated) == "allowed", "\(curated.screen)")
            #expect(denied("exec sh", curated), "\(curated.screen)")
            #expect(!FileManager.default.fileExists(atPath: scene.store))
            let plain = try scene.run()
            #expect(denied("tcp connect", plain), "\(plain.screen)")
        }
    }

    /// A layout's grants go by name: a module dropped beside another that declares that one's name, and
    /// sorts first, took the name and ran with the grants (here: in the host's own process). Now the name
    /// is neither file's. The control: the same layout without the second file runs the module unconfined.
    @Test func aModuleDeclaringAnothersNameGetsNeitherItsNameNorTheLayoutsGrants() throws {
        try HostileScene.with { scene in
            let layout = scene.scratch + "/layout.json"
            try """
            {"root": {"stack": {"tabs": [
                {"name": "h", "module": "hostile", "isolation": "none"},
                {"name": "q", "module": "quiet"}
            ]}}}
            """.write(toFile: layout, atomically: false, encoding: .utf8)
            let control = try scene.run(["--layout", layout])
            #expect(control.wroteOutside, "\(control.screen)")
            try FileManager.default.removeItem(atPath: scene.written)

            try FileManager.default.copyItem(atPath: scene.modules + "/hostile.so", toPath: scene.modules + "/0squat.so")
            let listed = try TabHostTesting.run(Products.tabhost, arguments: ["list", scene.modules], environment: scene.environment)
            let hint = "a name belongs to one file: rename one of the modules or remove the others (none of them loads meanwhile)"
            #expect(
                listed.stderr.contains(
                    "\(scene.modules)/0squat.so: module name \"hostile\" is also declared by \(scene.modules)/hostile.so; \(hint)"),
                "\(listed)")
            #expect(
                listed.stderr.contains(
                    "\(scene.modules)/hostile.so: module name \"hostile\" is also declared by \(scene.modules)/0squat.so; \(hint)"),
                "\(listed)")
            let command =
                scene.environment.sorted { $0.key < $1.key }.map { "\($0.key)=" + RunSupport.quote($0.value) }
                .joined(separator: " ") + " "
                + RunSupport.runCommand(["--modules", scene.modules, "--no-watch", "--layout", layout], scratch: scene.scratch)
            // The host starts; the tab placed for the name says why it has no module, and runs no code.
            let tmux = try TmuxSession(command)
            let shown = try tmux.waitFor("cannot be opened")
            #expect(shown.contains("also declared by"), "\(shown)")
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(RunSupport.line(containing: "STATUS:", in: done) == "STATUS:0", "\(done)")
            #expect(!FileManager.default.fileExists(atPath: scene.written))
        }
    }

    @Test func unrestrictedLiftsTheSandboxWithAWarning() throws {
        try HostileScene.with { scene in
            let granted = try scene.tabhost(["grant", "hostile", "unrestricted"])
            #expect(granted.status == 0, "\(granted)")
            #expect(granted.stderr.contains("warning: unrestricted runs this module with no sandbox at all"), "\(granted)")
            let run = try scene.run()
            for label in HostileModule.denied + HostileModule.allowed {
                #expect(result(label, run) == "allowed", "\(label)\n\(run.screen)")
            }
            #expect(run.log.contains("[hostile] warning: runs with no sandbox at all: it was granted unrestricted"), "\(run.log)")
            #expect(run.log.contains("[quiet] info: sandbox: landlock ABI"), "\(run.log)")
        }
    }
}
