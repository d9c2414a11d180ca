import Foundation
import TabHostTesting
import Testing

/// `tabhost pack` and `tabhost feed` through the built binary (which execs `tabhost-bundle`): a `tabhost new`
/// C project made into a bundle that Debian's `minisign` and `tar` agree with, and the feed announcing it.
struct PackFeedEndToEndTests {
    typealias S = ListInspectSupport

    /// A new C project `clock` and an unencrypted key in `dir`; returns (project, key).
    private func projectAndKey(in dir: String) throws -> (project: String, key: String) {
        let made = try S.run(["new", "clock", "--output", dir])
        try #require(made.status == 0, "\(made)")
        try PublishableProject.fill(dir + "/clock")
        let key = dir + "/keys/publisher.key"
        let keygen = try S.run(["keygen", "--output", key, "--unencrypted"])
        try #require(keygen.status == 0, "\(keygen)")
        return (dir + "/clock", key)
    }

    private func sha256(_ path: String) throws -> String {
        let result = try run("sha256sum", arguments: [path])
        return String(result.stdout.prefix(64))
    }

    @Test func aNewProjectPacksIntoABundleThatMinisignAndTarAgreeWith() throws {
        try S.withDirectory { dir in
            let (project, key) = try projectAndKey(in: dir)
            // DIR and --output default to the working directory: NAME-VERSION.tabmod there.
            let packed = try run(
                "/bin/sh", arguments: ["-c", "cd \"$1\" && exec \"$2\" pack --key \"$3\"", "sh", project, Products.tabhost, key])
            #expect(packed.succeeded, "\(packed)")
            #expect(packed.stdout.hasPrefix("clock-0.1.0.tabmod: clock 0.1.0, "), "\(packed)")
            let bundle = project + "/clock-0.1.0.tabmod"

            let listed = try run("tar", arguments: ["-tzf", bundle])
            let members = listed.stdout.split(separator: "\n").map(String.init)
            #expect(Array(members.prefix(2)) == ["manifest.json", "manifest.minisig"], "\(members)")
            let arch = members.first { $0.hasSuffix("/clock.so") }
            #expect(arch == "x86_64-linux-gnu/clock.so" || arch == "aarch64-linux-gnu/clock.so", "\(members)")
            #expect(members.contains("clock.svg"), "the module's image is in the bundle: \(members)")

            let unpacked = dir + "/unpacked"
            try FileManager.default.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
            try #require(try run("tar", arguments: ["-xzf", bundle, "-C", unpacked]).succeeded)
            let verified = try run(
                "minisign", arguments: ["-V", "-p", key + ".pub", "-m", unpacked + "/manifest.json", "-x", unpacked + "/manifest.minisig"])
            #expect(verified.succeeded && verified.stdout.contains("file:manifest.json"), "\(verified)")
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: unpacked + "/manifest.json")))
                    as? [String: Any])
            #expect(manifest["name"] as? String == "clock" && manifest["version"] as? String == "0.1.0")
            #expect(manifest["publisher"] as? String == PublishableProject.publisher && manifest["abi"] as? String == "1.2")
            let files = try #require(manifest["files"] as? [[String: Any]])
            for file in files {
                let path = try #require(file["path"] as? String)
                #expect(try sha256(unpacked + "/" + path) == file["sha256"] as? String, "\(path)")
            }

            // The reader and the verifier (what install runs) accept it: `feed` verifies the bundle first.
            let feed = dir + "/site/feed.json"
            try FileManager.default.createDirectory(atPath: dir + "/site", withIntermediateDirectories: true)
            let url = "https://example.org/clock/clock-0.1.0.tabmod"
            let fed = try S.run([
                "feed", bundle, "--key", key, "--url", url, "--output", feed, "--expires-days", "7", "--detached-signature",
            ])
            #expect(fed.status == 0, "\(fed)")
            let feedVerified = try run("minisign", arguments: ["-V", "-p", key + ".pub", "-m", feed])
            #expect(feedVerified.succeeded && feedVerified.stdout.contains("name:clock\tversion:0.1.0"), "\(feedVerified)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: feed))) as? [String: Any])
            #expect(object["sha256"] as? String == (try sha256(bundle)))
            let size = try #require(try FileManager.default.attributesOfItem(atPath: bundle)[.size] as? Int)
            #expect(object["size"] as? Int == size && object["url"] as? String == url && object["version"] as? String == "0.1.0")
            let published = try #require(object["published"] as? Int)
            #expect(object["expires"] as? Int == published + 7 * 86_400)
        }
    }

    @Test func aVersionInTabmodJSONThatDiffersFromTheDescriptorIsRefused() throws {
        try S.withDirectory { dir in
            let (project, key) = try projectAndKey(in: dir)
            let settings = project + "/tabmod.json"
            var text = try String(contentsOfFile: settings, encoding: .utf8)
            text = text.replacingOccurrences(of: "\"license\"", with: "\"version\" : \"0.2.0\",\n  \"license\"")
            try text.write(toFile: settings, atomically: false, encoding: .utf8)
            let packed = try S.run(["pack", project, "--key", key, "--output", dir + "/out.tabmod"])
            #expect(packed.status == 1, "\(packed)")
            #expect(
                packed.stderr == "\(settings): version \"0.2.0\", but the module's descriptor says \"0.1.0\"; "
                    + "make them the same (or drop version from tabmod.json) and pack again\n", "\(packed)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.tabmod"))
        }
    }

    @Test func refusalsAreOneLine() throws {
        try S.withDirectory { dir in
            let (project, key) = try projectAndKey(in: dir)
            let notProject = try S.run(["pack", dir, "--key", key])
            #expect(notProject.status == 1 && notProject.stderr.contains("not a module project"), "\(notProject)")
            try FileManager.default.removeItem(atPath: project + "/tabmod.json")
            let noSettings = try S.run(["pack", project, "--key", key])
            #expect(noSettings.status == 1 && noSettings.stderr.hasPrefix("\(project)/tabmod.json: missing; "), "\(noSettings)")

            let http = try S.run(["feed", dir + "/any.tabmod", "--key", key, "--url", "http://example.org/clock.tabmod"])
            #expect(http.status == 2 && http.stderr.contains("not an https URL"), "\(http)")
        }
    }

    @Test func aFailedBuildShowsTheLogsTail() throws {
        try S.withDirectory { dir in
            let (project, key) = try projectAndKey(in: dir)
            try "this is not C\n".write(toFile: project + "/clock.c", atomically: false, encoding: .utf8)
            let packed = try S.run(["pack", project, "--key", key, "--output", dir + "/out.tabmod"])
            #expect(packed.status == 1, "\(packed)")
            let lines = packed.stderr.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.contains("clock.c") }, "the compiler's error is shown: \(packed)")
            #expect(lines.last?.hasPrefix("\(project): the release build failed (`make ") == true, "\(packed)")
        }
    }

    /// `tabhost` execs `tabhost-bundle` (which links libarchive, as `tabhost` does not) and says where it looked when
    /// it is missing.
    @Test func packAndFeedRunTabhostBundle() throws {
        let readelf = try run("/usr/bin/readelf", arguments: ["-d", Products.directory + "/tabhost-bundle"])
        #expect(readelf.succeeded && readelf.stdout.contains("[libarchive.so"), "\(readelf)")
        try S.withDirectory { dir in
            let missing = ["TABHOST_BUNDLE": "/nonexistent/tabhost-bundle"]
            let pack = try S.run(["pack", dir, "--key", dir + "/k"], environment: missing)
            #expect(pack.status == 1 && pack.stderr.contains("/nonexistent/tabhost-bundle"), "\(pack)")
            #expect(pack.stderr.contains("Scripts/install") && pack.stderr.split(separator: "\n").count == 1, "\(pack)")
            // Usage errors are tabhost's own: no exec.
            let usage = try S.run(
                ["feed", dir + "/x.tabmod", "--key", dir + "/k", "--url", "https://e.org/x", "--expires-days", "0"], environment: missing)
            #expect(usage.status == 2 && usage.stderr.contains("--expires-days 0"), "\(usage)")
        }
    }

    /// A Swift project: `swift build -c release`, `.build/release/libNAME.so` as `ARCH/libNAME.so`. Slow (a release
    /// build of TabModuleKit).
    @Test(.tags(.slow), .timeLimit(.minutes(10)))
    func aSwiftProjectPacksItsReleaseBuild() throws {
        try S.withDirectory { dir in
            let made = try S.run(["new", "sw", "--swift", "--output", dir, "--tabhost-package", Products.repositoryRoot])
            try #require(made.status == 0, "\(made)")
            try PublishableProject.fill(dir + "/sw")
            let key = dir + "/publisher.key"
            try #require(try S.run(["keygen", "--output", key, "--unencrypted"]).status == 0)
            let packed = try S.run(["pack", dir + "/sw", "--key", key, "--output", dir + "/sw.tabmod"])
            #expect(packed.status == 0 && packed.stdout.hasPrefix("\(dir)/sw.tabmod: sw 0.1.0, 1 file, "), "\(packed)")
            let listed = try run("tar", arguments: ["-tzf", dir + "/sw.tabmod"])
            #expect(listed.stdout.contains("-linux-gnu/libsw.so\n"), "\(listed)")
        }
    }
}
