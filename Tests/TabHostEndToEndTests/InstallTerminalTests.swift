import Foundation
import TabHostTesting
import Testing

/// `tabhost install`'s first-install question on a real terminal (tmux): the publisher key id and the
/// permissions asked for, then "Install? [y/N]"; y installs and pins, n changes nothing.
@Suite(.tags(.tmux, .slow), .selectedByTags, .serialized, .blocking)
struct InstallTerminalTests {
    typealias S = ListInspectSupport

    /// A packed `clock` bundle and the key id that signed it, in `dir`.
    private func bundle(in dir: String) throws -> (path: String, keyID: String) {
        try #require(try S.run(["new", "clock", "--output", dir]).status == 0)
        try PublishableProject.fill(dir + "/clock")
        let key = dir + "/publisher.key"
        try #require(try S.run(["keygen", "--output", key, "--unencrypted"]).status == 0)
        let packed = try S.run(["pack", dir + "/clock", "--key", key, "--output", dir + "/clock.tabmod"])
        try #require(packed.status == 0, "\(packed)")
        let keyID = try #require(packed.stdout.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        return (dir + "/clock.tabmod", keyID)
    }

    /// `shell`: what the pane's `sh` runs first.
    private func session(_ dir: String, _ bundle: String, options: String = "", shell: String = "") throws -> TmuxSession {
        let environment = "XDG_DATA_HOME='\(dir)/data' XDG_CONFIG_HOME='\(dir)/config' XDG_CACHE_HOME='\(dir)/cache'"
        return try TmuxSession(
            "\(shell)\(environment) '\(Products.tabhost)' install \(options) '\(bundle)'; echo \"STATUS:$?\"; sleep 30")
    }

    /// Nothing of the module runs unconfined before the question: its constructor, which writes a file
    /// outside its sandbox, ran only in the confined scanner (of `pack` and of `install`), so after `n`
    /// the file does not exist. The control, `--sandbox off`, proves the constructor ran before the
    /// question and wrote it.
    @Test(arguments: ["on", "off"])
    func theModulesCodeRunsConfinedBeforeTheQuestion(sandbox: String) throws {
        try S.withDirectory { dir in
            try #require(try S.run(["new", "clock", "--output", dir]).status == 0)
            try PublishableProject.fill(dir + "/clock")
            try PublishableProject.fill(dir + "/clock")
            let marker = dir + "/written-before-the-question"
            let source = dir + "/clock/clock.c"
            let hostile = """
                #include <fcntl.h>
                #include <unistd.h>
                __attribute__((constructor)) static void tabhost_hostile_write(void) {
                    int fd = open("\(marker)", O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
                    if (fd >= 0) close(fd);
                }
                """
            try (try String(contentsOfFile: source, encoding: .utf8) + hostile).write(toFile: source, atomically: true, encoding: .utf8)
            let key = dir + "/publisher.key"
            try #require(try S.run(["keygen", "--output", key, "--unencrypted"]).status == 0)
            let packed = try S.run(["pack", dir + "/clock", "--key", key, "--output", dir + "/clock.tabmod"])
            try #require(packed.status == 0, "\(packed)")
            #expect(!FileManager.default.fileExists(atPath: marker), "pack ran the constructor unconfined")
            let tmux = try session(dir, dir + "/clock.tabmod", options: "--sandbox \(sandbox)")
            _ = try tmux.waitFor("Install? [y/N]", timeout: .seconds(60))
            #expect(FileManager.default.fileExists(atPath: marker) == (sandbox == "off"))
            try tmux.sendLiteral("n")
            try tmux.send("Enter")
            let done = try tmux.waitFor("STATUS:", timeout: .seconds(60))
            #expect(done.contains("STATUS:1"), "\(done)")
            #expect(FileManager.default.fileExists(atPath: marker) == (sandbox == "off"))
            #expect(!FileManager.default.fileExists(atPath: dir + "/data/tabhost/modules/clock/clock.so"))
        }
    }

    @Test(arguments: ["y", "n"])
    func theQuestionShowsTheKeyAndPermissionsAndTheAnswerDecides(answer: String) throws {
        try S.withDirectory { dir in
            let (path, keyID) = try bundle(in: dir)
            let tmux = try session(dir, path)
            let asked = try tmux.waitFor("Install? [y/N]", timeout: .seconds(60))
            #expect(asked.contains("clock 0.1.0 (Clock) from \(PublishableProject.publisher)"), "\(asked)")
            #expect(asked.contains("publisher key: \(keyID) (new for clock: it will be pinned"), "\(asked)")
            #expect(asked.contains("it asks for no permissions"), "\(asked)")
            try tmux.sendLiteral(answer)
            try tmux.send("Enter")
            let done = try tmux.waitFor("STATUS:", timeout: .seconds(60))
            let installed = FileManager.default.fileExists(atPath: dir + "/data/tabhost/modules/clock/clock.so")
            if answer == "y" {
                #expect(done.contains("STATUS:0") && done.contains("installed clock 0.1.0 (key \(keyID), now pinned)"), "\(done)")
                #expect(installed)
                #expect(FileManager.default.fileExists(atPath: dir + "/config/tabhost/trust.json"))
            } else {
                #expect(done.contains("STATUS:1") && done.contains("not installed (you answered no); nothing was changed"), "\(done)")
                #expect(!installed)
                #expect(!FileManager.default.fileExists(atPath: dir + "/config/tabhost/trust.json"))
            }
        }
    }

    /// Ctrl-C at the question is a no, said as one: one line, status 1, nothing installed or pinned, and no
    /// staging directory left behind.
    @Test func ctrlCAtTheQuestionIsANoSaidAsOne() throws {
        try S.withDirectory { dir in
            let (path, _) = try bundle(in: dir)
            // The pane's sh (dash) ends itself on a Ctrl-C its child handled, before it could say the status:
            // it ignores SIGINT here, as an interactive shell survives one.
            let tmux = try session(dir, path, shell: "trap '' INT; ")
            _ = try tmux.waitFor("Install? [y/N]", timeout: .seconds(60))
            try tmux.send("C-c")
            let done = try tmux.waitFor("STATUS:", timeout: .seconds(60))
            #expect(done.contains("STATUS:1") && done.contains("not installed (you answered no); nothing was changed"), "\(done)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/data/tabhost/modules/clock/clock.so"))
            #expect(!FileManager.default.fileExists(atPath: dir + "/config/tabhost/trust.json"))
            let left = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/data/tabhost/modules")) ?? []
            #expect(!left.contains { $0.hasPrefix(".staging-") }, "\(left)")
        }
    }
}
