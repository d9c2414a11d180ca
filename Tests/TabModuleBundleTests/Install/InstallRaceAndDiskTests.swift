import Foundation
import Glibc
import TabHostTesting
import TabModuleBundle
import Testing

/// `tabhost install` from a loopback HTTPS server, and against what can go wrong around it: plain http,
/// two installs at once, a full disk, links planted in the modules directory.
@Suite(.tags(.slow), .selectedByTags, .blocking)
struct InstallRaceAndDiskTests {
    @Test func aBundleInstallsFromHTTPSAndPlainHTTPIsRefused() throws {
        let scene = try InstallScene()
        let served = try Fixture(prefix: "tabhost-served")
        let bundle = try scene.fixture()
        try RawArchive.write(try bundle.entries(), to: served.path("clock-1.4.0.tabmod"))
        let server = try HTTPSTestServer(root: served.directory)
        let url = server.url("clock-1.4.0.tabmod")
        let installed = try scene.tabhost(["install", url, "--yes"], extra: ["SSL_CERT_FILE": server.caFile])
        #expect(installed.succeeded, "\(installed)")
        #expect(installed.stdout == "installed clock 1.4.0 (key \(bundle.key.keyID), now pinned) into \(scene.modules)/clock\n")
        #expect(installed.stderr.isEmpty, "no progress bar without a terminal: \(installed)")
        #expect(scene.topNames == [".lock", "clock"])

        // Without SSL_CERT_FILE the loopback certificate is not trusted: one line, nothing changed.
        let untrusted = try scene.tabhost(["install", url, "--yes"], extra: ["SSL_CERT_FILE": "/nonexistent"])
        #expect(untrusted.termination == .exited(1) && untrusted.stderr.hasPrefix("\(url): "), "\(untrusted)")
        #expect(untrusted.stderr.split(separator: "\n").count == 1)
        let missing = try scene.tabhost(["install", server.url("missing.tabmod"), "--yes"], extra: ["SSL_CERT_FILE": server.caFile])
        #expect(missing.stderr.contains("the server answered HTTP 404"), "\(missing)")
        #expect(scene.topNames == [".lock", "clock"], "no staging directory left")

        let requested = server.requests.count
        let http = try scene.tabhost(["install", "http://127.0.0.1:\(server.port)/clock-1.4.0.tabmod", "--yes"])
        #expect(http.termination == .exited(1), "\(http)")
        #expect(
            http.stderr == "http://127.0.0.1:\(server.port)/clock-1.4.0.tabmod: plain http is refused: a module must come over https; "
                + "use an https:// URL, or download the file and give its path\n", "\(http)")
        #expect(server.requests.count == requested, "plain http is refused before any connection")
    }

    /// On a terminal (`script` gives the command one) a bar shows the download and the checks, redrawn in
    /// place and cleared before the outcome's line.
    @Test func aProgressBarIsDrawnOnATerminal() throws {
        let scene = try InstallScene()
        let served = try Fixture(prefix: "tabhost-served")
        var bundle = try scene.fixture()
        var random = SystemRandomNumberGenerator()
        bundle.files[2].bytes = (0..<(2 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }
        try RawArchive.write(try bundle.entries(), to: served.path("clock.tabmod"))
        let server = try HTTPSTestServer(root: served.directory)
        let typescript = scene.scratch.path("typescript")
        let command = "'\(Products.tabhost)' install '\(server.url("clock.tabmod"))' --yes < /dev/null"
        let result = try run(
            "/usr/bin/script", arguments: ["-q", "-e", "-c", command, typescript],
            environment: scene.environment.merging(["SSL_CERT_FILE": server.caFile]) { $1 })
        #expect(result.succeeded, "\(result)")
        let text = String(decoding: try BundleFileReading.bytes(typescript), as: UTF8.self)
        #expect(text.contains("\r\u{1B}[Kdownloading ["), "\(text.debugDescription)")
        #expect(text.contains("] 100%"), "\(text.debugDescription)")
        #expect(text.contains("\r\u{1B}[Kchecking the archive and signature ["), "\(text.debugDescription)")
        #expect(text.contains("\r\u{1B}[Kreading the module's descriptor ["), "\(text.debugDescription)")
        #expect(text.contains("\r\u{1B}[Kinstalled clock 1.4.0 "), "the bar is cleared before the line: \(text.debugDescription)")
    }

    @Test func twoInstallsOfOneBundleAtOnceLeaveItWhole() throws {
        let scene = try InstallScene()
        let first = try scene.fixture(version: "1.4.0")
        let second = try scene.fixture(version: "1.5.0", key: first.key)
        let a = try scene.write(try first.entries(), as: "a.tabmod")
        let b = try scene.write(try second.entries(), as: "b.tabmod")
        for round in 0..<3 {
            let one = try RunningProcess(Products.tabhost, arguments: ["install", a, "--yes"], environment: scene.environment)
            let two = try RunningProcess(Products.tabhost, arguments: ["install", b, "--yes"], environment: scene.environment)
            let results = [one.wait(timeout: .seconds(60)), two.wait(timeout: .seconds(60))]
            #expect(results.contains { $0.succeeded }, "round \(round): \(results)")
            for result in results where !result.succeeded {
                #expect(result.stderr.split(separator: "\n").count == 1, "a loser says one line: \(result)")
            }
            #expect(scene.topNames.allSatisfy { [".lock", "clock", ".clock.previous"].contains($0) }, "\(scene.topNames)")
            let manifest = try BundleFileReading.bytes(scene.modules + "/clock/manifest.json")
            let so = try BundleFileReading.bytes(scene.modules + "/clock/clock.so")
            #expect(
                (manifest == first.manifestBytes && so == first.files[0].bytes)
                    || (manifest == second.manifestBytes && so == second.files[0].bytes), "round \(round): a whole version")
        }
        #expect(try TrustStoreFile.read(scene.trustStore).pins.count == 1)
    }

    /// A full disk while staging (a file size limit, SIGXFSZ ignored, so writes fail with EFBIG as on a full
    /// disk): one line, the installed version as it was, no staging directory.
    @Test func aFullDiskLeavesThePreviousInstallAsItWas() throws {
        let scene = try InstallScene()
        let first = try scene.fixture(version: "1.4.0")
        try #require(try scene.tabhost(["install", try scene.write(try first.entries()), "--yes"]).succeeded)
        let before = scene.tree()
        var second = try scene.fixture(version: "1.5.0", key: first.key)
        var random = SystemRandomNumberGenerator()
        second.files[2].bytes = (0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let path = try scene.write(try second.entries(), as: "big.tabmod")
        // 2 MiB in 512-byte blocks: the 3 MiB file cannot be written.
        let limited = try run(
            "/bin/sh", arguments: ["-c", "ulimit -f 4096; trap '' XFSZ; exec \"$0\" install \"$1\"", Products.tabhost, path],
            environment: scene.environment)
        #expect(limited.termination == .exited(1), "\(limited)")
        #expect(limited.stderr.split(separator: "\n").count == 1 && limited.stderr.contains("data.txt"), "\(limited)")
        #expect(limited.stderr.contains("File too large") || limited.stderr.contains("No space"), "\(limited)")
        #expect(scene.tree() == before, "nothing half installed: \(scene.tree())")
    }

    /// A really full disk: the modules directory on a 2 MiB tmpfs (mounting needs root; skipped otherwise).
    @Test func aFullTmpfsLeavesThePreviousInstallAsItWas() throws {
        let scene = try InstallScene()
        let small = scene.scratch.path("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let mounted = try run("/bin/mount", arguments: ["-t", "tmpfs", "-o", "size=2m,mode=0755", "tmpfs", small])
        guard mounted.succeeded else {
            try Test.cancel(Comment(rawValue: "cannot mount a tmpfs here (needs root): \(mounted.stderr)"))
        }
        defer { _ = try? run("/bin/umount", arguments: [small]) }
        let modules = small + "/modules"
        let first = try scene.fixture(version: "1.4.0")
        let installed = try scene.tabhost(["install", try scene.write(try first.entries()), "--yes", "--modules", modules])
        try #require(installed.succeeded, "\(installed)")
        let before = scene.tree(modules)
        var second = try scene.fixture(version: "1.5.0", key: first.key)
        var random = SystemRandomNumberGenerator()
        second.files[2].bytes = (0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let path = try scene.write(try second.entries(), as: "big.tabmod")
        let full = try scene.tabhost(["install", path, "--modules", modules])
        #expect(full.termination == .exited(1), "\(full)")
        #expect(full.stderr.split(separator: "\n").count == 1 && full.stderr.contains("No space left on device"), "\(full)")
        #expect(scene.tree(modules) == before, "nothing half installed: \(scene.tree(modules))")
    }

    @Test func aLinkPlantedAtTheBundlesNameIsRefusedAndNotFollowed() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let path = try scene.write(try bundle.entries())
        let elsewhere = scene.scratch.path("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scene.modules, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scene.modules + "/clock", withDestinationPath: elsewhere)
        let result = try scene.tabhost(["install", path, "--yes"])
        #expect(result.termination == .exited(1), "\(result)")
        #expect(
            result.stderr == "\(scene.modules)/clock: a symbolic link; it is not a bundle tabhost installed, so it is left alone; "
                + "move it away (rm -r \(scene.modules)/clock) and try again\n", "\(result)")
        #expect(scene.tree() == ["f644 .lock 0", "l clock"], "\(scene.tree())")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: elsewhere)) ?? []).isEmpty, "nothing written through the link")
        #expect(scene.trustText.isEmpty, "nothing pinned either")

        // A link planted at .lock is refused too.
        try FileManager.default.removeItem(atPath: scene.modules + "/clock")
        try FileManager.default.removeItem(atPath: scene.modules + "/.lock")
        try FileManager.default.createSymbolicLink(atPath: scene.modules + "/.lock", withDestinationPath: elsewhere + "/lock")
        let lock = try scene.tabhost(["install", path, "--yes"])
        #expect(lock.termination == .exited(1) && lock.stderr.hasPrefix("\(scene.modules)/.lock: cannot open the lock file"), "\(lock)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/lock"))
    }

    @Test func aLinkPlantedInsideTheBundleIsNeverFollowed() throws {
        let scene = try InstallScene()
        let first = try scene.fixture(version: "1.4.0")
        try #require(try scene.tabhost(["install", try scene.write(try first.entries()), "--yes"]).succeeded)
        let target = try scene.scratch.write("precious.txt", text: "precious\n")
        let data = scene.modules + "/clock/data.txt"
        try FileManager.default.removeItem(atPath: data)
        try FileManager.default.createSymbolicLink(atPath: data, withDestinationPath: target)
        // A reinstall exchanges the whole directory: the link moves to .clock.previous, never written through.
        let second = try scene.fixture(version: "1.5.0", key: first.key)
        #expect(try scene.tabhost(["install", try scene.write(try second.entries())]).succeeded)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(scene.tree().contains("l .clock.previous/data.txt"), "\(scene.tree())")
        // Rolling back to a directory holding a link is refused; a reinstall then deletes it without following.
        let rollback = try scene.tabhost(["rollback", "clock"])
        #expect(rollback.termination == .exited(1) && rollback.stderr.contains("holds a link"), "\(rollback)")
        #expect(try scene.tabhost(["install", try scene.write(try second.entries())]).succeeded)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(!scene.tree().contains { $0.hasPrefix("l ") }, "\(scene.tree())")
    }
}
