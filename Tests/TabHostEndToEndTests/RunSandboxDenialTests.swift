import Foundation
import TabHostTesting
import Testing

/// `tabhost run --sandbox on` with the hostile fixture: its exec and network tries fail inside it with
/// EPERM, and the host names the missing permissions, once each, in the log and in `tabhost inspect
/// hostile` run from another process while the host runs.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunSandboxDenialTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    static let lines = [
        "exec denied: grant `exec` (tabhost grant hostile exec)",
        "network denied: grant `network` (tabhost grant hostile network)",
    ]

    @Test func theLogAndInspectNameTheMissingPermissions() throws {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            let runtime = scratch + "/run"
            let data = scratch + "/data"
            for directory in [modules, runtime, data] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            }
            _ = chmod(runtime, 0o700)
            // Nothing listens there: without `network` the socket is refused before any connection.
            let targets = HostileModule.Targets(
                secret: scratch + "/secret.txt", written: scratch + "/written.txt", tcpPort: 9, udpPort: 9,
                abstractName: "tabhost-denial-test-\(getpid())")
            try R.compile(HostileModule.source(targets), to: modules + "/hostile.so")
            let environment = ["XDG_RUNTIME_DIR": runtime, "XDG_CONFIG_HOME": scratch + "/config"]
            let command =
                "XDG_DATA_HOME=" + R.quote(data) + " "
                + R.runCommand(["--modules", modules, "--no-watch", "--sandbox", "on"], scratch: scratch)
            let tmux = try T(command, width: 160, environment: environment)
            let screen = try tmux.waitFor("tries done")
            #expect(screen.contains("exec sh: EPERM"), "\(screen)")
            #expect(screen.contains("tcp connect: EPERM"), "\(screen)")
            let pid = try #require(try tmux.childPIDs().first)

            // The child tells the host once its `start` returns: ask until the status file has both.
            func inspect() throws -> (lines: [String], json: [[String: Any]], text: String) {
                let text = try ListInspectSupport.run(["inspect", "hostile", "--modules", modules], environment: environment)
                let json = try ListInspectSupport.run(["inspect", "hostile", "--modules", modules, "--json"], environment: environment)
                let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
                return (
                    text.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("running host ") },
                    object?["runningHosts"] as? [[String: Any]] ?? [], text.stdout
                )
            }
            var seen = try inspect()
            let deadline = ContinuousClock.now + .seconds(10)
            while seen.lines.count < 2 && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.1)
                seen = try inspect()
            }
            #expect(Set(seen.lines) == Set(Self.lines.map { "running host \(pid): \($0)" }), "\(seen.text)")
            #expect(seen.text.contains("missing:      none\n"), "hostile asks for nothing: \(seen.text)")
            #expect(Set(seen.json.compactMap { $0["reason"] as? String }) == Set(Self.lines), "\(seen.json)")
            #expect(seen.json.allSatisfy { $0["state"] as? String == "denied" && $0["module"] as? String == "hostile" })

            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            let log = (try? String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)) ?? ""
            for line in Self.lines {
                #expect(log.components(separatedBy: "[hostile] warning: \(line)").count == 2, "once: \(line)\n\(log)")
            }
        }
    }
}
