import Foundation
import TabHostTesting
import Testing

/// A module's descriptor strings and its file's name never reach the terminal raw: a descriptor holding a
/// control (an OSC 52 clipboard write in its title) is refused with one escaped line, and whatever `list`,
/// `inspect`, `permissions`, `grant` and `revoke` print of names they cannot refuse (a file name) is escaped,
/// in JSON as `\uXXXX`; so are a trusted key's note and the arguments a usage error quotes.
@Suite(.blocking)
struct ListInspectEscapeTests {
    typealias S = ListInspectSupport

    /// No byte a terminal would act on: ESC, BEL, other C0 but the newline, DEL, C1 and the bidi controls.
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
        }
    }

    @Test func aTitleWithAnOSC52ClipboardWriteIsRefusedWithOneEscapedLine() throws {
        try S.withDirectory { dir in
            try S.compileModule(dir + "/clip.so", fields: #".name = "clip", .title = "Clip\x1b]52;c;cHduZWQ=\a""#)
            let listed = try S.run(["list", dir])
            #expect(listed.status == 1, "\(listed)")
            #expect(Self.isClean(listed.stdout) && Self.isClean(listed.stderr), "\(listed)")
            let reason = #"title "Clip\x1b]52;c;cHduZWQ=\x07" contains a control character (U+001B)"#
            #expect(listed.stderr == "\(dir)/clip.so: \(reason); remove escape and control characters from the title\n", "\(listed)")
            #expect(listed.stdout.contains("rejected: " + reason), "\(listed)")

            let inspected = try S.run(["inspect", "--json", dir + "/clip.so"])
            #expect(Self.isClean(inspected.stdout) && Self.isClean(inspected.stderr), "\(inspected)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(inspected.stdout.utf8)) as? [String: Any])
            #expect(object["code"] as? String == "badTitle")
            #expect(object["reason"] as? String == reason)
        }
    }

    @Test(arguments: [
        (#".title = "T", .version = "1.0\xc2\x9b" "31m""#, "badVersion", #"version "1.0\u{9b}31m" contains a control character (U+009B)"#),
        (#".title = "T", .glyph = "\xe2\x80\xae""#, "badGlyph", #"glyph "\u{202e}" contains a control character (U+202E)"#),
        (#".title = "T", .version = "1\x7f""#, "badVersion", #"version "1\x7f" contains a control character (U+007F)"#),
        (
            #".title = "T", .permissions = "network\x1b[2J""#, "badPermissions",
            #"permissions "network\x1b[2J" contains a control character (U+001B)"#
        ),
        (#".title = "Tab\tbed""#, "badTitle", #"title "Tab\x09bed" contains a control character (U+0009)"#),
    ])
    func everyDescriptorStringWithAControlIsRefused(fields: String, code: String, reason: String) throws {
        try S.withDirectory { dir in
            try S.compileModule(dir + "/bad.so", fields: #".name = "bad", "# + fields)
            let inspected = try S.run(["inspect", "--json", dir + "/bad.so"])
            #expect(inspected.status == 1, "\(inspected)")
            #expect(Self.isClean(inspected.stdout) && Self.isClean(inspected.stderr), "\(inspected)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(inspected.stdout.utf8)) as? [String: Any])
            #expect(object["code"] as? String == code)
            #expect(object["reason"] as? String == reason)
            let text = try S.run(["inspect", dir + "/bad.so"])
            #expect(Self.isClean(text.stdout) && Self.isClean(text.stderr) && text.stdout.contains(reason), "\(text)")
        }
    }

    /// A file name is not the module's to refuse, so it is shown escaped wherever it is printed.
    @Test func aFileNameWithControlsIsPrintedEscaped() throws {
        try S.withDirectory { dir in
            let hostile = dir + "/\u{202E}x\u{1B}]0;owned\u{07}"
            try FileManager.default.createDirectory(atPath: hostile, withIntermediateDirectories: false)
            try S.compileModule(hostile + "/good.so", fields: #".name = "good", .title = "Good""#)
            try "hello".write(toFile: hostile + "/\u{9B}2J.so", atomically: true, encoding: .utf8)
            let escaped = #"/\u{202e}x\x1b]0;owned\x07"#
            // grant and revoke name the file they changed the grants of; their store is the test's own.
            let config = ["XDG_CONFIG_HOME": dir + "/config"]
            for arguments in [
                ["list", hostile], ["list", "--json", hostile], ["inspect", hostile + "/good.so"], ["permissions", "--modules", hostile],
                ["grant", "good", "network", "--modules", hostile], ["revoke", "good", "network", "--modules", hostile],
            ] {
                let output = try S.run(arguments, environment: config)
                #expect(!["grant", "revoke"].contains(arguments[0]) || output.status == 0, "\(arguments): \(output)")
                #expect(Self.isClean(output.stdout) && Self.isClean(output.stderr), "\(arguments): \(output)")
            }
            let granted = try S.run(["grant", "good", "system", "--modules", hostile], environment: config)
            #expect(granted.stdout == "good (\(dir + escaped)/good.so): granted system\n", "\(granted)")
            let listed = try S.run(["list", hostile])
            #expect(listed.stdout.contains(dir + escaped + "/good.so"), "\(listed)")
            #expect(listed.stderr.hasPrefix(dir + escaped + #"/\u{9b}2J.so: not an ELF file"#), "\(listed)")
            let json = try S.run(["list", "--json", hostile])
            #expect(json.stdout.contains(#"\u202ex\u001b]0;owned\u0007"#), "\(json)")
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(objects.contains { $0["file"] as? String == hostile + "/good.so" })
        }
    }

    /// A trusted key's note is refused with a control in it, and the arguments a usage error quotes (which
    /// may be a file's name) come out escaped.
    @Test func aKeysNoteAndAUsageErrorCarryNoControl() throws {
        try S.withDirectory { dir in
            let config = ["XDG_CONFIG_HOME": dir + "/config"]
            let key = "RWQ" + String(repeating: "A", count: 53)
            let noted = try S.run(["trust", "add", key, "--comment", "Jo\u{1B}]52;c;cHduZWQ=\u{07}"], environment: config)
            #expect(noted.status == 2 && Self.isClean(noted.stderr), "\(noted)")
            #expect(noted.stderr.contains("--comment must be one line of text: it holds a control character (U+1B)"), "\(noted)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/config/tabhost/trust.json"))

            let usage = try S.run(["grant", "\u{1B}[31mAB", "network"], environment: config)
            #expect(usage.status == 2 && Self.isClean(usage.stderr), "\(usage)")
            #expect(usage.stderr.contains(#"'\x1b[31mAB' is not a module name"#), "\(usage)")
        }
    }

    /// A newline in a file name would make its refusal two lines on standard error, the second one free
    /// for the file's author to write (a forged line about another file): it is escaped like any control.
    @Test func aNewlineInAFileNameKeepsItsRefusalOneLine() throws {
        try S.withDirectory { dir in
            let forged = "good.so: crashed the dynamic loader (SIGSEGV) while loading"
            try "hello".write(toFile: dir + "/a\n" + forged + "\nb.so", atomically: true, encoding: .utf8)
            let listed = try S.run(["list", dir])
            let lines = listed.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines.last == "", "\(listed)")
            #expect(listed.stderr.hasPrefix("\(dir)/a\\x0agood.so: crashed"), "\(listed)")
            #expect(!lines.contains { $0.hasPrefix(forged) }, "\(listed)")
        }
    }
}
