import Foundation
import Glibc
import TabHostTesting
import TabModuleBundle
import Testing

/// `tabhost install` through the built binary (which execs `tabhost-bundle`) into a scratch
/// `XDG_DATA_HOME`: the layout it leaves, trust on first use, and each refusal as one line with nothing
/// installed and no staging directory left behind.
@Suite(.tags(.slow), .selectedByTags)
struct InstallEndToEndTests {
    /// The one line of a refusal (exit 1, nothing on stdout).
    private func refusal(_ result: ProcessResult, _ comment: Comment? = nil) -> String {
        #expect(result.termination == .exited(1), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.hasSuffix("\n"), "one line: \(result)")
        return result.stderr
    }

    @Test func aBundleFromAFileLandsAsTheLayoutSays() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let path = try scene.write(try bundle.entries())
        let installed = try scene.tabhost(["install", path, "--yes"])
        #expect(installed.succeeded, "\(installed)")
        let clock = scene.modules + "/clock"
        #expect(installed.stdout == "installed clock 1.4.0 (key \(bundle.key.keyID), now pinned) into \(clock)\n", "\(installed)")
        #expect(installed.stderr == "", "no progress bar when stderr is not a terminal")
        let so = bundle.files[0].bytes.count
        #expect(
            scene.tree() == [
                "d755 clock", "d755 clock/images", "f644 .lock 0", "f644 clock/data.txt 15", "f644 clock/images/clock.png 300",
                "f644 clock/manifest.json \(bundle.manifestBytes.count)",
                "f644 clock/manifest.minisig \(try bundle.signatureBytes().count)",
                "f755 clock/clock.so \(so)",
            ], "\(scene.tree())")
        #expect(try BundleFileReading.bytes(clock + "/manifest.json") == bundle.manifestBytes)
        #expect(try BundleFileReading.bytes(clock + "/clock.so") == bundle.files[0].bytes)
        let store = try TrustStoreFile.read(scene.trustStore)
        #expect(store.pinnedKey(for: "clock") == bundle.key.publicKey)

        // list: the bundle's version, key id and permissions, in the table and in --json.
        let list = try scene.tabhost(["list", clock])
        #expect(list.succeeded, "\(list)")
        let rows = list.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first == ["NAME", "VERSION", "KIND", "TITLE", "GLYPH", "KEY", "PERMISSIONS", "FILE", "STATUS"], "\(list)")
        #expect(
            rows.dropFirst().first == [
                "clock", "1.4.0", "content", "Clock", "-", "\(bundle.key.keyID)", "network", clock + "/clock.so", "ok",
            ])
        let json = try scene.tabhost(["list", "--json", clock])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let object = try #require(objects.first?["bundle"] as? [String: Any], "\(json)")
        #expect(object["version"] as? String == "1.4.0" && object["keyID"] as? String == "\(bundle.key.keyID)")
        #expect(object["publisherKey"] as? String == bundle.key.publicKey.base64 && object["signed"] as? Bool == true)
        #expect(object["permissions"] as? [String] == ["network"])
    }

    @Test func aFirstInstallWithoutATerminalNeedsYes() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let path = try scene.write(try bundle.entries())
        let line = refusal(try scene.tabhost(["install", path]))
        #expect(line.hasPrefix("\(path): a first install of clock needs your yes, and there is no terminal to ask on; "), "\(line)")
        #expect(line.contains("publisher key \(bundle.key.keyID)") && line.hasSuffix("pass --yes\n"), "\(line)")
        #expect(scene.topNames.isEmpty && scene.trustText.isEmpty)
    }

    @Test func aBundleOfAPinnedNameSignedByAnotherKeyIsRefusedEvenWithYes() throws {
        let scene = try InstallScene()
        let first = try scene.fixture()
        try #require(try scene.tabhost(["install", try scene.write(try first.entries()), "--yes"]).succeeded)
        let before = (scene.tree(), scene.trustText)
        let stranger = try scene.fixture(version: "1.4.0")
        let path = try scene.write(try stranger.entries(), as: "stranger.tabmod")
        for arguments in [["install", path], ["install", path, "--yes"]] {
            let line = refusal(try scene.tabhost(arguments))
            #expect(
                line.hasPrefix(
                    "\(path): clock is pinned to key \(first.key.keyID), but this bundle is signed by key \(stranger.key.keyID); "),
                "\(line)")
            #expect(line.contains("tabhost trust add NEW.pub --module clock") && line.contains("--yes never accepts a new key"))
            #expect(scene.tree() == before.0 && scene.trustText == before.1, "nothing changed")
        }
        // Accepting the new key deliberately: pin it, then the bundle installs without a question.
        let pub = try scene.scratch.write("stranger.pub", text: stranger.key.publicKey.fileContents)
        #expect(try scene.tabhost(["trust", "add", pub, "--module", "clock"]).succeeded)
        let installed = try scene.tabhost(["install", path])
        #expect(installed.succeeded && installed.stdout.contains("(key \(stranger.key.keyID)) into"), "\(installed)")
    }

    @Test func aTrustedKeySkipsTheQuestion() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let pub = try scene.scratch.write("publisher.pub", text: bundle.key.publicKey.fileContents)
        #expect(try scene.tabhost(["trust", "add", pub]).succeeded)
        let installed = try scene.tabhost(["install", try scene.write(try bundle.entries())])
        #expect(installed.succeeded, "\(installed)")
        #expect(installed.stdout.hasPrefix("installed clock 1.4.0 (key \(bundle.key.keyID), now pinned) into "), "\(installed)")
        #expect(try TrustStoreFile.read(scene.trustStore).pinnedKey(for: "clock") == bundle.key.publicKey)
    }

    @Test func anUnsignedBundleNeedsAllowUnsigned() throws {
        let scene = try InstallScene()
        let entries = try scene.fixture().entries()
        let path = try scene.write([entries[0]] + entries[2...])
        let line = refusal(try scene.tabhost(["install", path, "--yes"]))
        #expect(line.hasPrefix("\(path): the bundle is not signed (it has no manifest.minisig); "), "\(line)")
        #expect(scene.topNames.isEmpty)
        let installed = try scene.tabhost(["install", path, "--yes", "--allow-unsigned"])
        #expect(installed.succeeded && installed.stdout.hasPrefix("installed clock 1.4.0 (unsigned) into "), "\(installed)")
        #expect(!FileManager.default.fileExists(atPath: scene.modules + "/clock/manifest.minisig"))
        #expect(scene.trustText.isEmpty, "nothing to pin")
        let list = try scene.tabhost(["list", scene.modules + "/clock"])
        #expect(list.stdout.contains(" unsigned "), "\(list)")
    }

    @Test(arguments: BundleArchiveTests.hostile)
    func aHostileBundleIsRefusedWithOneLineAndNothingInstalled(_ hostile: BundleArchiveTests.Case) throws {
        let scene = try InstallScene()
        let path = try scene.write(try hostile.build(try scene.fixture()))
        let line = refusal(try scene.tabhost(["install", path, "--yes"]))
        #expect(line.hasPrefix("\(path): \(hostile.says)"), "\(line)")
        #expect(scene.topNames.isEmpty, "no staging directory left: \(scene.topNames)")
        #expect(scene.trustText.isEmpty)
    }

    /// The standard limits through the binary: a compression bomb and more entries than allowed.
    @Test func aCompressionBombOrTooManyEntriesIsRefused() throws {
        let scene = try InstallScene()
        var bomb = try scene.fixture()
        bomb.files.append(("zeros.bin", [UInt8](repeating: 0, count: 8 << 20), nil))
        let bombPath = try scene.write(try bomb.entries(), as: "bomb.tabmod")
        let line = refusal(try scene.tabhost(["install", bombPath, "--yes"]))
        #expect(line.hasPrefix("\(bombPath): entry \"zeros.bin\": the archive expands more than 100 times"), "\(line)")

        var many = try scene.fixture()
        for index in 0..<4100 { many.files.append(("d/\(index).txt", [UInt8(index & 0x7F)], nil)) }
        let manyPath = try scene.write(try many.entries(), as: "many.tabmod")
        let count = refusal(try scene.tabhost(["install", manyPath, "--yes"]))
        #expect(count.hasPrefix("\(manyPath): the archive has more than 4096 entries"), "\(count)")
        #expect(scene.topNames.isEmpty)
    }

    @Test(arguments: 0..<5)
    func aChangedByteInAnyMemberIsRefused(member: Int) throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        try #require(try scene.tabhost(["install", try scene.write(try bundle.entries()), "--yes"]).succeeded)
        let before = scene.tree()
        var entries = try bundle.entries()
        if member == 0 {
            entries[0].bytes = Array(
                String(decoding: entries[0].bytes, as: UTF8.self).replacingOccurrences(of: "\"Clock\"", with: "\"Clocj\"").utf8)
        } else if member == 1 {
            entries[1].bytes = Array(
                String(decoding: entries[1].bytes, as: UTF8.self).replacingOccurrences(of: "timestamp:1700", with: "timestamp:1701").utf8)
        } else {
            entries[member].bytes[entries[member].bytes.count / 2] ^= 0x01
        }
        let path = try scene.write(entries, as: "changed.tabmod")
        let line = refusal(try scene.tabhost(["install", path, "--yes"]))
        let says = [
            "manifest.json: ", "manifest.json: ", "entry \"\(BundleInstallerArchitecture.this)/clock.so\": its SHA-256 differs",
            "entry \"images/clock.png\": its SHA-256 differs", "entry \"data.txt\": its SHA-256 differs",
        ][member]
        #expect(line.hasPrefix("\(path): \(says)"), "\(line)")
        #expect(scene.tree() == before, "the installed version is as it was")
    }

    @Test func aTruncatedBundleOrASwappedSignatureIsRefused() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let whole = try BundleFileReading.bytes(try scene.write(try bundle.entries(), as: "whole.tabmod"))
        for length in [whole.count - 1, whole.count / 2, 100] {
            let path = try scene.scratch.write("cut.tabmod", bytes: Array(whole.prefix(length)))
            let line = refusal(try scene.tabhost(["install", path, "--yes"]))
            #expect(line.hasPrefix("\(path): ") && line.contains("not a complete tar archive"), "cut to \(length): \(line)")
        }
        var other = bundle
        other.files[2].bytes = Array("other data\n".utf8)
        var entries = try bundle.entries()
        entries[1].bytes = try other.signatureBytes(of: other.manifestBytes)
        let path = try scene.write(entries, as: "swapped.tabmod")
        let line = refusal(try scene.tabhost(["install", path, "--yes"]))
        #expect(line.hasPrefix("\(path): manifest.json: "), "\(line)")
        #expect(scene.topNames.isEmpty)
    }

    @Test func aBundleOnlyForAnotherArchitectureIsRefused() throws {
        let scene = try InstallScene()
        var bundle = try scene.fixture()
        let other = BundleInstallerArchitecture.other
        bundle.files[0].path = "\(other)/clock.so"
        bundle.files[0].arch = other
        let path = try scene.write(try bundle.entries())
        let line = refusal(try scene.tabhost(["install", path, "--yes"]))
        #expect(
            line == "\(path): built only for \(other), and this machine is \(BundleInstallerArchitecture.this); "
                + "ask its publisher for a bundle with a \(BundleInstallerArchitecture.this) build\n", "\(line)")
        #expect(scene.topNames.isEmpty)
    }

    @Test(arguments: [("1.5.0", "network", "version is \"1.5.0\""), ("1.4.0", "", "asks for nothing, manifest.json lists network")])
    func aManifestThatDisagreesWithTheDescriptorIsRefused(version: String, permissions: String, says: String) throws {
        let scene = try InstallScene()
        var bundle = try scene.fixture()
        bundle.files[0].bytes = try scene.module(version: version, permissions: permissions)
        let path = try scene.write(try bundle.entries())
        let line = refusal(try scene.tabhost(["install", path, "--yes"]))
        #expect(line.hasPrefix("\(path): entry \"\(BundleInstallerArchitecture.this)/clock.so\": ") && line.contains(says), "\(line)")
        #expect(scene.topNames.isEmpty)
    }

    @Test func aReinstallKeepsThePreviousVersionForRollback() throws {
        let scene = try InstallScene()
        let first = try scene.fixture(version: "1.4.0")
        let second = try scene.fixture(version: "1.5.0", key: first.key)
        try #require(try scene.tabhost(["install", try scene.write(try first.entries()), "--yes"]).succeeded)
        // The same key: no question, no --yes needed.
        let updated = try scene.tabhost(["install", try scene.write(try second.entries(), as: "clock-1.5.0.tabmod")])
        #expect(updated.succeeded, "\(updated)")
        #expect(updated.stdout.hasSuffix("into \(scene.modules)/clock, replacing 1.4.0\n"), "\(updated)")
        #expect(scene.topNames == [".clock.previous", ".lock", "clock"])
        func version(_ name: String) -> String? {
            let bytes = try? BundleFileReading.bytes("\(scene.modules)/\(name)/manifest.json")
            return bytes.flatMap { try? BundleManifest.decode($0, path: name).version.description }
        }
        #expect(version("clock") == "1.5.0" && version(".clock.previous") == "1.4.0")

        let back = try scene.tabhost(["rollback", "clock"])
        #expect(back.stdout == "rolled back clock to 1.4.0 (from 1.5.0; tabhost rollback clock again returns to it)\n", "\(back)")
        #expect(version("clock") == "1.4.0" && version(".clock.previous") == "1.5.0")
        let again = try scene.tabhost(["rollback", "clock"])
        #expect(again.succeeded && again.stdout.hasPrefix("rolled back clock to 1.5.0 "), "\(again)")
        #expect(try BundleFileReading.bytes(scene.modules + "/clock/clock.so") == second.files[0].bytes)

        let nothing = refusal(try scene.tabhost(["rollback", "other"]))
        #expect(nothing.hasPrefix("\(scene.modules)/other: no previous version to roll back to; "), "\(nothing)")
    }

    /// What a killed install or removal left (an unlocked `.staging-*` older than a minute, a `.removed-*`) is
    /// deleted by the next install; a staging directory an install holds locked is not.
    @Test func theNextInstallSweepsWhatAKilledOneLeft() throws {
        let scene = try InstallScene()
        try FileManager.default.createDirectory(atPath: scene.modules, withIntermediateDirectories: true)
        let old = Date(timeIntervalSinceNow: -3600)
        for name in [".staging-abandon", ".staging-held000", ".staging-recent", ".removed-abc123"] {
            try FileManager.default.createDirectory(atPath: scene.modules + "/\(name)/x", withIntermediateDirectories: true)
            try "left\n".write(toFile: scene.modules + "/\(name)/x/file", atomically: false, encoding: .utf8)
            if name != ".staging-recent" {
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: scene.modules + "/" + name)
            }
        }
        let held = open(scene.modules + "/.staging-held000", O_RDONLY | O_DIRECTORY)
        defer { close(held) }
        try #require(held >= 0 && flock(held, LOCK_EX) == 0)
        let installed = try scene.tabhost(["install", try scene.write(try scene.fixture().entries()), "--yes"])
        #expect(installed.succeeded, "\(installed)")
        #expect(scene.topNames == [".lock", ".staging-held000", ".staging-recent", "clock"], "\(scene.topNames)")
    }

    /// An installed bundle whose manifest was damaged afterwards is still replaced by an install, and removed.
    @Test func aDamagedInstallIsReplacedOrRemoved() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let path = try scene.write(try bundle.entries())
        try #require(try scene.tabhost(["install", path, "--yes"]).succeeded)
        try "{ not json".write(toFile: scene.modules + "/clock/manifest.json", atomically: false, encoding: .utf8)
        let again = try scene.tabhost(["install", path])
        #expect(again.succeeded && again.stdout.hasSuffix("into \(scene.modules)/clock\n"), "\(again)")
        #expect(try BundleFileReading.bytes(scene.modules + "/clock/manifest.json") == bundle.manifestBytes)
        try "{ not json".write(toFile: scene.modules + "/clock/manifest.json", atomically: false, encoding: .utf8)
        let removed = try scene.tabhost(["remove", "clock"])
        #expect(removed.stdout == "removed clock (its manifest could not be read) from \(scene.modules)\n", "\(removed)")
        #expect(scene.topNames == [".lock"])
    }

    @Test func removeDeletesTheBundleAndPurgeItsDataAndGrantsButNotThePin() throws {
        let scene = try InstallScene()
        let first = try scene.fixture(version: "1.4.0")
        try #require(try scene.tabhost(["install", try scene.write(try first.entries()), "--yes"]).succeeded)
        try #require(
            try scene.tabhost(["install", try scene.write(try scene.fixture(version: "1.5.0", key: first.key).entries())]).succeeded)
        let removed = try scene.tabhost(["remove", "clock"])
        #expect(removed.stdout == "removed clock 1.5.0 from \(scene.modules)\n", "\(removed)")
        #expect(scene.topNames == [".lock"])
        let unknown = refusal(try scene.tabhost(["remove", "clock"]))
        #expect(unknown == "\(scene.modules)/clock: no bundle of that name is installed; run tabhost list to see them\n")

        try #require(try scene.tabhost(["install", try scene.write(try first.entries())]).succeeded, "the pin stayed: no question")
        let data = scene.scratch.path("data/tabhost/data/clock")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try "kept\n".write(toFile: data + "/state", atomically: false, encoding: .utf8)
        let file = scene.modules + "/clock/clock.so"
        try FileManager.default.createDirectory(atPath: scene.scratch.path("config/tabhost"), withIntermediateDirectories: true)
        let grants = [
            #"{"name": "clock", "file": "\#(file)", "publisherKey": null, "permissions": ["network"]}"#,
            #"{"name": "other", "file": "/x/other.so", "publisherKey": null, "permissions": ["exec"]}"#,
        ]
        try #"{"version": 1, "grants": [\#(grants.joined(separator: ", "))]}"#.write(
            toFile: scene.grantStore, atomically: false, encoding: .utf8)
        chmod(scene.grantStore, 0o600)
        let purged = try scene.tabhost(["remove", "clock", "--purge"])
        #expect(purged.succeeded && purged.stdout.contains("deleted its data \(data) and its grants"), "\(purged)")
        #expect(!FileManager.default.fileExists(atPath: data))
        let left = try String(contentsOfFile: scene.grantStore, encoding: .utf8)
        #expect(!left.contains("\"clock\"") && left.contains("\"other\""), "\(left)")
        #expect(try TrustStoreFile.read(scene.trustStore).pinnedKey(for: "clock") == first.key.publicKey, "the pin stays")
    }
}
