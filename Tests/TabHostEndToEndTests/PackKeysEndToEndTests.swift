import Foundation
import TabHostTesting
import Testing

/// Issue 38's `pack` and `feed` in the field: keys as minisign makes them, the scaffold's placeholders,
/// keygen's default key, and the feed in one file.
@Suite(.blocking)
struct PackKeysEndToEndTests {
    typealias S = ListInspectSupport

    /// A key made by `minisign -G -W` (unencrypted: its checksum is zero) signs a bundle that minisign
    /// verifies and that installs with its public key trusted.
    @Test func anUnencryptedMinisignKeySignsABundleThatInstalls() throws {
        try S.withDirectory { dir in
            let environment = ["XDG_DATA_HOME": dir + "/data", "XDG_CONFIG_HOME": dir + "/config", "XDG_CACHE_HOME": dir + "/cache"]
            try #require(try S.run(["new", "clock", "--output", dir]).status == 0)
            try PublishableProject.fill(dir + "/clock")
            let made = try run("minisign", arguments: ["-G", "-W", "-p", dir + "/k.pub", "-s", dir + "/k.key"])
            try #require(made.succeeded, "\(made)")
            let bundle = dir + "/clock.tabmod"
            let packed = try S.run(["pack", dir + "/clock", "--key", dir + "/k.key", "--output", bundle], environment: environment)
            try #require(packed.status == 0, "\(packed)")

            let unpacked = dir + "/unpacked"
            try FileManager.default.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
            try #require(try run("tar", arguments: ["-xzf", bundle, "-C", unpacked]).succeeded)
            let verified = try run(
                "minisign", arguments: ["-Vm", unpacked + "/manifest.json", "-x", unpacked + "/manifest.minisig", "-p", dir + "/k.pub"])
            #expect(verified.succeeded, "\(verified)")

            let trusted = try S.run(["trust", "add", dir + "/k.pub", "--module", "clock"], environment: environment)
            try #require(trusted.status == 0, "\(trusted)")
            let installed = try S.run(["install", bundle, "--yes"], environment: environment)
            #expect(installed.status == 0 && installed.stdout.hasPrefix("installed clock 0.1.0 (key "), "\(installed)")
        }
    }

    /// Each placeholder `tabhost new` wrote is refused by one line naming the field, before anything is built.
    @Test(arguments: [
        ("publisher", "Your Name"), ("description", "What clock shows, in one line"),
        ("homepage", "https://example.org/clock"), ("updates", "https://example.org/clock/feed.json"),
    ])
    func theScaffoldsPlaceholdersAreRefused(field: String, value: String) throws {
        try S.withDirectory { dir in
            try #require(try S.run(["new", "clock", "--output", dir]).status == 0)
            let project = dir + "/clock"
            let settings = project + "/tabmod.json"
            let scaffold = try String(contentsOfFile: settings, encoding: .utf8)
            #expect(scaffold.contains("\"\(field)\" : \"\(value)\""), "tabhost new still writes this placeholder: \(scaffold)")
            try PublishableProject.fill(project)
            var object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: settings))) as? [String: String])
            object[field] = value
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: settings))
            let key = dir + "/k.key"
            try #require(try S.run(["keygen", "--output", key, "--unencrypted"]).status == 0)
            let packed = try S.run(["pack", project, "--key", key, "--output", dir + "/out.tabmod"])
            #expect(packed.status == 1, "\(packed)")
            #expect(packed.stderr.split(separator: "\n").count == 1, "\(packed)")
            #expect(
                packed.stderr.hasPrefix("\(settings): \(field) is still \"\(value)\", the placeholder tabhost new wrote; "),
                "\(packed)")
            #expect(packed.stderr.hasSuffix(" in tabmod.json and pack again\n"), "\(packed)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.tabmod"))
            #expect(!FileManager.default.fileExists(atPath: project + "/clock.so"), "refused before the build")
        }
    }

    /// Without --key, `pack` and `feed` sign with the key `tabhost keygen` writes by default; when there is none,
    /// one line says to make it. `feed` writes one file that minisign verifies once split.
    @Test func keygensDefaultKeySignsAndTheFeedIsOneFile() throws {
        try S.withDirectory { dir in
            let environment = ["XDG_CONFIG_HOME": dir + "/config", "XDG_DATA_HOME": dir + "/data", "XDG_CACHE_HOME": dir + "/cache"]
            try #require(try S.run(["new", "clock", "--output", dir]).status == 0)
            let project = dir + "/clock"
            try PublishableProject.fill(project)
            let bundle = dir + "/clock.tabmod"
            let key = dir + "/config/tabhost/publisher.key"
            let none = try S.run(["pack", project, "--output", bundle], environment: environment)
            #expect(none.status == 1, "\(none)")
            #expect(
                none.stderr == "\(key): no secret key at the default path; run tabhost keygen to make one, or pass --key PATH\n",
                "\(none)")
            let url = "https://modules.tabhost.test/clock.tabmod"
            let noFeed = try S.run(["feed", bundle, "--url", url], environment: environment)
            #expect(noFeed.status == 1 && noFeed.stderr == none.stderr, "\(noFeed)")

            try #require(try S.run(["keygen", "--unencrypted"], environment: environment).status == 0)
            let packed = try S.run(["pack", project, "--output", bundle], environment: environment)
            #expect(packed.status == 0, "\(packed)")

            let feed = dir + "/feed.json"
            let fed = try S.run(["feed", bundle, "--url", url, "--output", feed], environment: environment)
            #expect(fed.status == 0, "\(fed)")
            #expect(!FileManager.default.fileExists(atPath: feed + ".minisig"), "one file")
            let text = try String(contentsOfFile: feed, encoding: .utf8)
            #expect(text.hasPrefix("untrusted comment: "), "\(text)")
            let split = try run("/bin/sh", arguments: ["-c", "tail -n +5 \"$1\" > \"$1.body\"", "sh", feed])
            try #require(split.succeeded, "\(split)")
            let verified = try run("minisign", arguments: ["-V", "-p", key + ".pub", "-x", feed, "-m", feed + ".body"])
            #expect(verified.succeeded && verified.stdout.contains("name:clock\tversion:0.1.0"), "\(verified)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: feed + ".body"))) as? [String: Any])
            #expect(object["url"] as? String == url && object["version"] as? String == "0.1.0")

            // The two files, as before: minisign -Vm finds FILE.minisig.
            let detached = dir + "/detached.json"
            let two = try S.run(["feed", bundle, "--url", url, "--output", detached, "--detached-signature"], environment: environment)
            #expect(two.status == 0, "\(two)")
            let checked = try run("minisign", arguments: ["-Vm", detached, "-p", key + ".pub"])
            #expect(checked.succeeded, "\(checked)")
        }
    }
}
