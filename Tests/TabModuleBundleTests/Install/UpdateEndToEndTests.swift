import Foundation
import Glibc
import TabHostTesting
import TabModuleBundle
import Testing

/// `tabhost update` end to end: a module installed from a bundle whose manifest names a feed on a loopback
/// HTTPS server, the feed and the next bundle served there, the real binary run as a user runs it.
@Suite(.tags(.slow), .selectedByTags)
struct UpdateEndToEndTests {
    @Test func aNewerVersionIsInstalledTheOldOneKeptAndASecondRunIsUpToDate() throws {
        let published = try PublishedClock()
        let bytes = try published.serve(try published.bundle(version: "1.5.0"))
        try published.announce(version: "1.5.0", bytes: bytes)
        let updated = try published.update()
        #expect(updated.succeeded, "\(updated)")
        let directory = published.scene.modules + "/clock"
        #expect(updated.stdout == "updated clock 1.4.0 → 1.5.0 (key \(published.key.publicKey.keyID)) in \(directory)\n", "\(updated)")
        #expect(published.installedVersion == "1.5.0")
        #expect(published.scene.topNames == [".clock.previous", ".lock", "clock"], "the old version kept, no staging left")

        let again = try published.update(["clock"])
        #expect(again.succeeded && again.stdout == "clock is up to date (1.5.0)\n", "\(again)")

        let back = try published.scene.tabhost(["rollback", "clock"])
        #expect(back.succeeded, "\(back)")
        #expect(published.installedVersion == "1.4.0")
    }

    /// Each way a feed or the bundle it announces can be wrong: one line on standard error, exit 1, and the
    /// installed version, its files and the kept previous version exactly as they were.
    @Test(arguments: [
        "older", "expired", "feed by another key", "bundle by another key", "hash", "size", "version", "http bundle", "not found",
        "not a feed",
    ])
    func aWrongFeedOrBundleChangesNothing(_ wrong: String) throws {
        let published = try PublishedClock()
        let stranger = SecretKey.generate()
        let now = Int(time(nil))
        var says = ""
        switch wrong {
        case "older":
            let bytes = try published.serve(try published.bundle(version: "1.3.0"))
            try published.announce(version: "1.3.0", bytes: bytes)
            says = "the feed offers 1.3.0, older than the installed 1.4.0; clock stays at 1.4.0"
        case "expired":
            let bytes = try published.serve(try published.bundle(version: "1.5.0"))
            try published.announce(version: "1.5.0", bytes: bytes, expires: now - 2 * 86_400)
            says = "the feed expired 2 days ago"
        case "feed by another key":
            let bytes = try published.serve(try published.bundle(version: "1.5.0"))
            try published.announce(version: "1.5.0", bytes: bytes, signer: stranger)
            says =
                "feed.json: signed by key \(stranger.publicKey.keyID), not by the expected key \(published.key.publicKey.keyID); clock stays at 1.4.0"
        case "bundle by another key":
            let bytes = try published.serve(try published.bundle(version: "1.5.0", signer: stranger))
            try published.announce(version: "1.5.0", bytes: bytes)
            says = "but this bundle is signed by key \(stranger.publicKey.keyID); clock stays at 1.4.0"
        case "hash":
            let bytes = try published.serve(try published.bundle(version: "1.5.0"))
            try published.announce(version: "1.5.0", bytes: bytes, sha256: String(repeating: "0", count: 64))
            says = "its SHA-256 differs from the feed's; clock stays at 1.4.0"
        case "size":
            let bytes = try published.serve(try published.bundle(version: "1.5.0"))
            try published.announce(version: "1.5.0", bytes: bytes, size: UInt64(bytes.count - 100))
            says = "larger than the \(bytes.count - 100) bytes allowed; clock stays at 1.4.0"
        case "version":
            let bytes = try published.serve(try published.bundle(version: "1.6.0"))
            try published.announce(version: "1.5.0", bytes: bytes, url: published.server.url("clock-1.6.0.tabmod"))
            says = "not 1.5.0 as its feed says"
        case "http bundle":
            let bytes = try published.serve(try published.bundle(version: "1.5.0"))
            try published.announce(version: "1.5.0", bytes: bytes, url: "http://127.0.0.1:\(published.server.port)/clock-1.5.0.tabmod")
            says = "is not https:; clock stays at 1.4.0"
        case "not a feed":
            // A web server's page where the feed was (a moved address): that is the line, not the missing signature.
            try Data("<!DOCTYPE html><title>Moved</title>\n".utf8).write(to: URL(fileURLWithPath: published.served.path("feed.json")))
            says =
                "feed.json: not a feed (it starts with \"<!DOCTYPE html><title>Mo\"); clock stays at 1.4.0; "
                + "check the module's feed address (its manifest's updates) with its publisher; the feed may have moved"
        default:
            says = "feed.json: the server answered HTTP 404; clock stays at 1.4.0"
        }
        let before = published.scene.tree()
        let result = try published.update()
        #expect(result.termination == .exited(1), "\(wrong): \(result)")
        #expect(result.stdout.isEmpty, "\(wrong): \(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(wrong): one line: \(result)")
        #expect(result.stderr.contains(says), "\(wrong): \(result)")
        #expect(published.scene.tree() == before, "\(wrong): the modules directory changed")
        #expect(published.installedVersion == "1.4.0")
    }

    @Test func anUpdateAskingForMoreInstallsAndSaysSoAndGrantsNothing() throws {
        let published = try PublishedClock()
        let bytes = try published.serve(try published.bundle(version: "2.0.0", permissions: ["network", "exec"]))
        try published.announce(version: "2.0.0", bytes: bytes)
        let updated = try published.update()
        #expect(updated.succeeded, "\(updated)")
        #expect(
            updated.stdout.contains(
                "clock 2.0.0 asks for more than 1.4.0 did (exec): it runs with what you granted until you allow the rest on its tab "
                    + "or with tabhost grant clock exec"), "\(updated)")
        #expect(published.installedVersion == "2.0.0")
        let grants = (try? String(contentsOfFile: published.scene.grantStore, encoding: .utf8)) ?? ""
        #expect(!grants.contains("exec"), "an update grants nothing: \(grants)")
    }

    @Test func aModuleInstalledUnsignedIsNotUpdatedAndTheOthersStill() throws {
        let published = try PublishedClock()
        let bytes = try published.serve(try published.bundle(version: "1.5.0"))
        try published.announce(version: "1.5.0", bytes: bytes)
        let result = try published.update(["clock", "nothere"])
        #expect(result.termination == .exited(1), "\(result)")
        #expect(result.stdout.hasPrefix("updated clock 1.4.0 → 1.5.0"), "clock is still updated: \(result)")
        #expect(
            result.stderr == "\(published.scene.modules)/nothere: no bundle of that name is installed; "
                + "tabhost list shows what is installed; tabhost install FILE|URL installs one\n", "\(result)")

        // An unsigned install has no pinned key: its updates cannot be verified.
        _ = try published.scene.tabhost(["remove", "clock"])
        var unsigned = try published.bundle(version: "1.4.0")
        let file = published.scene.scratch.path("unsigned.tabmod")
        try RawArchive.write(try unsigned.entries().filter { $0.path != "manifest.minisig" }, to: file)
        unsigned.permissions = ["network"]
        _ = try published.scene.tabhost(["trust", "remove", "--module", "clock"])
        let installed = try published.scene.tabhost(["install", file, "--yes", "--allow-unsigned"])
        #expect(installed.succeeded, "\(installed)")
        let refused = try published.update()
        #expect(refused.termination == .exited(1), "\(refused)")
        #expect(refused.stderr.contains("installed without a signature, so no update of it can be verified"), "\(refused)")
        #expect(published.installedVersion == "1.4.0")
    }
}
