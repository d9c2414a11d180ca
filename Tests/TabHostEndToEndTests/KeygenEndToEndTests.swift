import Foundation
import TabHostTesting
import Testing

/// `tabhost keygen` through the built binary: the files it writes, their modes, and that Debian's
/// `minisign` signs with the secret key and verifies with the public one.
@Suite(.blocking)
struct KeygenEndToEndTests {
    typealias S = ListInspectSupport

    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func anUnencryptedKeyPairSignsAndVerifiesWithMinisign() throws {
        try S.withDirectory { dir in
            let key = dir + "/keys/publisher.key"
            let made = try S.run(["keygen", "--output", key, "--unencrypted"])
            #expect(made.status == 0, "\(made)")
            let lines = made.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "secret key: \(key) (unencrypted; keep it private)")
            let keyID = try #require(lines.last?.split(separator: " ").last.map(String.init))
            // As minisign shows it: upper-case hexadecimal without leading zeros.
            #expect(
                (1...16).contains(keyID.count) && keyID.first != "0" && keyID.allSatisfy { $0.isHexDigit && !$0.isLowercase }, "\(keyID)")
            #expect(try mode(key) == 0o600)
            #expect(try mode(key + ".pub") == 0o644)
            #expect(try mode(dir + "/keys") == 0o700)
            let publicText = try String(contentsOfFile: key + ".pub", encoding: .utf8)
            #expect(publicText.hasPrefix("untrusted comment: minisign public key \(keyID)\n"))

            try "signed\n".write(toFile: dir + "/file", atomically: false, encoding: .utf8)
            let signed = try run("minisign", arguments: ["-S", "-s", key, "-m", dir + "/file", "-t", "by tabhost keygen's key"])
            #expect(signed.succeeded, "\(signed)")
            let verified = try run("minisign", arguments: ["-V", "-p", key + ".pub", "-m", dir + "/file"])
            #expect(verified.succeeded && verified.stdout.contains("Trusted comment: by tabhost keygen's key"), "\(verified)")

            // Neither file is ever replaced.
            let again = try S.run(["keygen", "--output", key, "--unencrypted"])
            #expect(
                again
                    == S.Output(
                        stdout: "", stderr: "\(key): already exists; remove it first, or choose another path with --output\n", status: 1))
        }
    }

    @Test(.tags(.slow), .selectedByTags)
    func aPasswordFromTheEnvironmentEncryptsTheKeyForMinisign() throws {
        try S.withDirectory { dir in
            let key = dir + "/publisher.key"
            let made = try S.run(["keygen", "--output", key], environment: ["TABHOST_KEY_PASSWORD": "correct horse"])
            #expect(made.status == 0, "\(made)")
            #expect(made.stdout.hasPrefix("secret key: \(key) (encrypted with your password; keep it private)\n"))
            try "signed\n".write(toFile: dir + "/file", atomically: false, encoding: .utf8)
            let wrong = try run("minisign", arguments: ["-S", "-s", key, "-m", dir + "/file"], stdin: .text("wrong horse\n"))
            #expect(!wrong.succeeded && wrong.stderr.contains("Wrong password"), "\(wrong)")
            let signed = try run("minisign", arguments: ["-S", "-s", key, "-m", dir + "/file"], stdin: .text("correct horse\n"))
            #expect(signed.succeeded, "\(signed)")
            #expect(try run("minisign", arguments: ["-V", "-p", key + ".pub", "-m", dir + "/file"]).succeeded)
        }
    }

    @Test func withoutATerminalOrAPasswordItSaysWhatToDo() throws {
        try S.withDirectory { dir in
            let made = try S.run(["keygen", "--output", dir + "/k"])
            #expect(
                made
                    == S.Output(
                        stdout: "", stderr: "no terminal to read a password from; set TABHOST_KEY_PASSWORD, or pass --unencrypted\n",
                        status: 1))
            #expect(!FileManager.default.fileExists(atPath: dir + "/k"))
        }
    }
}
