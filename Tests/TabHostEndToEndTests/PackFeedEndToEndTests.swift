import Foundation
import TabHostTesting
import Testing

/// `tabhost pack` and `tabhost feed` through the built binary (which execs `tabhost-bundle`): a `tabhost new`
/// C project made into a bundle that Debian's `minisign` and `tar` agree with, and the feed announcing it.
@Suite(.blocking)
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
            #expect(manifest["publisher"] as? String == PublishableProject.publisher && manifest["abi"] as? String == "1.3")
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

    /// A module that needs a toolchain's shared Swift runtime would not load where that toolchain is not: refused.
    @Test func aModuleNeedingTheToolchainsSwiftRuntimeIsRefused() throws {
        try S.withDirectory { dir in
            let (project, key) = try projectAndKey(in: dir)
            let runtime = try RunSwiftRuntimeTests.swiftRuntimeDirectory()
            let makefile = project + "/Makefile"
            let text = try String(contentsOfFile: makefile, encoding: .utf8)
            try text.replacingOccurrences(of: "-o $@ clock.c", with: "-o $@ clock.c -L\(runtime) -Wl,--no-as-needed -lswiftCore")
                .write(toFile: makefile, atomically: false, encoding: .utf8)
            let packed = try S.run(["pack", project, "--key", key, "--output", dir + "/out.tabmod"])
            #expect(packed.status == 1, "\(packed)")
            #expect(
                packed.stderr == "\(project)/clock.so: the module needs the Swift runtime libraries of the toolchain that built it "
                    + "(libswift…), which a machine without that toolchain lacks; link it without the Swift runtime libraries, "
                    + "and pack again\n", "\(packed)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.tabmod"))
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

    /// A Swift project made by `tabhost new --swift` from this checkout: it resolves no dependency of the host's,
    /// `pack` ships its release build (`ARCH/libNAME.so`) with the Swift runtime inside (no `libswift…` needed, no
    /// RUNPATH into a toolchain), and the installed bundle runs in its sandboxed child with the toolchain's
    /// directory empty (a mount namespace of the child's own) and out of the sandbox's reach, while
    /// `--isolation none` refuses it with one line. Slow: one release build of TabModuleKit, for every check.
    @Test(.tags(.tmux, .slow), .selectedByTags, .hangGuard)
    func aSwiftProjectPacksIntoABundleThatRunsWithoutTheToolchain() throws {
        try S.withDirectory { dir in
            let made = try S.run(["new", "sw", "--swift", "--output", dir])
            try #require(made.status == 0, "\(made)")
            let project = dir + "/sw"
            let manifest = try String(contentsOfFile: project + "/Package.swift", encoding: .utf8)
            #expect(manifest.contains(".package(path: \"\(Products.repositoryRoot)/TabModuleKit\")"), "\(manifest)")
            try PublishableProject.fill(project)
            let key = dir + "/publisher.key"
            try #require(try S.run(["keygen", "--output", key, "--unencrypted"]).status == 0)
            let packed = try S.run(["pack", project, "--key", key, "--output", dir + "/sw.tabmod"])
            try #require(packed.status == 0 && packed.stdout.hasPrefix("\(dir)/sw.tabmod: sw 0.1.0, 1 file, "), "\(packed)")

            // Nothing but TabModuleKit (a local package) was resolved: no checkout, no pin.
            let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: project + "/.build/checkouts")) ?? []
            #expect(checkouts.isEmpty, "the host's dependencies were checked out: \(checkouts)")
            let resolved = (try? String(contentsOfFile: project + "/Package.resolved", encoding: .utf8)) ?? ""
            #expect(!resolved.contains("\"location\""), "pins: \(resolved)")

            let listed = try run("tar", arguments: ["-tzf", dir + "/sw.tabmod"])
            let library = try #require(listed.stdout.split(separator: "\n").first { $0.hasSuffix("-linux-gnu/libsw.so") }, "\(listed)")
            try #require(try run("tar", arguments: ["-xzf", dir + "/sw.tabmod", "-C", dir, String(library)]).succeeded)
            let dynamic = try run("readelf", arguments: ["-d", dir + "/" + library])
            let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            #expect(!needed.isEmpty && !needed.contains { $0.contains("libswift") }, "\(dynamic.stdout)")
            let runpath = dynamic.stdout.split(separator: "\n").filter { $0.contains("(RUNPATH)") || $0.contains("(RPATH)") }
            #expect(!runpath.contains { $0.contains("/lib/swift") }, "\(runpath)")

            // The user's trust store and data stay untouched.
            let home = ["XDG_CONFIG_HOME": dir + "/config", "XDG_DATA_HOME": dir + "/data"]
            let modules = dir + "/mods"
            let installed = try S.run(["install", dir + "/sw.tabmod", "--yes", "--modules", modules], environment: home)
            try #require(installed.status == 0, "\(installed)")

            // The module's child (and the scanner) start in a mount namespace where the toolchain's runtime
            // directory is an empty tmpfs; the wrapper records what it saw there.
            let runtime = try RunSwiftRuntimeTests.swiftRuntimeDirectory()
            let wrapper = dir + "/hidden-toolchain-helper"
            let unshare = getuid() == 0 ? "unshare -m" : "unshare -rm"
            let script = """
                #!/bin/sh
                exec \(unshare) sh -c 'mount -t tmpfs tmpfs "$1" && ls -A "$1" > "$2.$$" && shift 2 && exec "$@"' sh \
                    \(RunSupport.quote(runtime)) \(RunSupport.quote(dir + "/seen")) \(RunSupport.quote(Products.path("tabhost-module-host"))) "$@"

                """
            try script.write(toFile: wrapper, atomically: true, encoding: .utf8)
            _ = chmod(wrapper, 0o755)
            let tmux = try TmuxSession(
                RunSupport.runCommand(["--modules", modules], scratch: dir),
                environment: home.merging(["TABHOST_MODULE_HOST": wrapper]) { $1 })
            try tmux.waitFor("Hello, stranger!", timeout: .seconds(60))
            try tmux.send("Enter")
            try tmux.waitForScreen { RunSupport.line(containing: "Taps", in: $0)?.hasSuffix(" 1") == true }
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
            let seen = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("seen.") }
            #expect(!seen.isEmpty, "the wrapper started no child")
            for file in seen {
                #expect(try String(contentsOfFile: dir + "/" + file, encoding: .utf8).isEmpty, "the toolchain was visible")
            }
            let log = try String(contentsOfFile: dir + "/tabhost.log", encoding: .utf8)
            #expect(!log.contains("error"), "\(log)")
            // The wrapper does hide the runtime: the example Counter, built against it, cannot be opened there.
            let shared = dir + "/shared"
            mkdir(shared, 0o755)
            try FileManager.default.copyItem(atPath: Products.path("libTabExampleCounter.so"), toPath: shared + "/counter.so")
            let refused = try S.run(["list", shared], environment: ["TABHOST_MODULE_HOST": wrapper])
            #expect(refused.status == 1 && refused.stdout.contains("the dynamic loader refused it"), "\(refused)")
        }
    }
}
