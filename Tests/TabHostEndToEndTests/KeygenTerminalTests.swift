import Foundation
import TabHostTesting
import Testing

/// `tabhost keygen` asking for its password on a real terminal (tmux): nothing typed is shown, Backspace
/// edits, the key opens with what was typed, and Ctrl-C leaves the terminal echoing again.
@Suite(.tags(.tmux, .slow), .selectedByTags, .serialized, .blocking)
struct KeygenTerminalTests {
    @Test func aTypedPasswordIsNotShownAndEncryptsTheKey() throws {
        try ListInspectSupport.withDirectory { dir in
            let key = dir + "/publisher.key"
            // The status through the shell: tmux leaves a pane's exit status empty for a ThreadSanitizer build.
            let session = try TmuxSession("'\(Products.tabhost)' keygen --output '\(key)'; echo \"STATUS:$?\"; sleep 30")
            try session.waitFor("Password for the new secret key:")
            try session.sendLiteral("s3cret-typedX")
            try session.send("BSpace")
            try session.send("Enter")
            try session.waitFor("The same password again:")
            try session.sendLiteral("s3cret-typed")
            try session.send("Enter")
            // scrypt at minisign's cost takes seconds on a loaded machine.
            let screen = try session.waitFor("public key: \(key).pub", timeout: .seconds(90))
            #expect(!screen.contains("s3cret"), "\(screen)")
            let done = try session.waitFor("STATUS:")
            #expect(done.contains("STATUS:0"), "\(done)")

            try "signed\n".write(toFile: dir + "/file", atomically: false, encoding: .utf8)
            let signed = try run("minisign", arguments: ["-S", "-s", key, "-m", dir + "/file"], stdin: .text("s3cret-typed\n"))
            #expect(signed.succeeded, "\(signed)")
        }
    }

    @Test func ctrlCStopsItAndTheTerminalEchoesAgain() throws {
        try ListInspectSupport.withDirectory { dir in
            let key = dir + "/publisher.key"
            let session = try TmuxSession("'\(Products.tabhost)' keygen --output '\(key)'; echo \"status $?\"; stty -a")
            try session.waitFor("Password for the new secret key:")
            try session.sendLiteral("abc")
            try session.send("C-c")
            let screen = try session.waitForScreen { $0.contains("status 130") && $0.contains("icanon") }
            let flags = screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            #expect(flags.contains("echo") && flags.contains("icanon") && flags.contains("isig"), "\(screen)")
            #expect(!FileManager.default.fileExists(atPath: key))
        }
    }
}
