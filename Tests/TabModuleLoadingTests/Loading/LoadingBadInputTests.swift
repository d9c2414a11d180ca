import Foundation
import TabHostTesting
import Testing

@testable import TabModuleLoading

/// One bad input: how to make it, the code and the exact reason the loader must give.
struct BadInput: Sendable, CustomTestStringConvertible {
    /// Short label for the test list.
    let label: String
    /// Builds the file in the fixture and returns the path to load.
    let make: @Sendable (Fixture) throws -> String
    /// The expected code.
    let code: ModuleError.Code
    /// The expected reason; `$DIR` is the fixture directory. A trailing `…` means "starts with".
    let reason: String

    var testDescription: String { label }

    /// Compiles a module whose descriptor is `source`.
    static func source(_ label: String, _ source: ModuleSource, _ code: ModuleError.Code, _ reason: String) -> BadInput {
        BadInput(label: label, make: { try $0.compile("bad.so", source: source.text) }, code: code, reason: reason)
    }

    /// Compiles the good module, then changes its bytes.
    static func patched(
        _ label: String, _ code: ModuleError.Code, _ reason: String, _ patch: @escaping @Sendable ([UInt8]) -> [UInt8]
    ) -> BadInput {
        BadInput(
            label: label,
            make: { fixture in
                let good = try fixture.compile("good.so.tmp", source: ModuleSource().text)
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
                try FileManager.default.removeItem(atPath: good)
                return try fixture.write("bad.so", bytes: patch(bytes), mode: 0o755)
            }, code: code, reason: reason)
    }
}

/// Every bad input that belongs to loading (docs/user/refusals.md) gets its code and one exact reason.
@Suite(.blocking)
struct LoadingBadInputTests {
    static let cases: [BadInput] = [
        BadInput(label: "missing file", make: { $0.path("absent.so") }, code: .notFound, reason: "no such file"),
        BadInput(
            label: "directory named .so",
            make: { fixture in
                let path = fixture.path("dir.so")
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                return path
            }, code: .notRegularFile, reason: "a directory, not a module file"),
        BadInput(label: "empty file", make: { try $0.write("empty.so", bytes: []) }, code: .emptyFile, reason: "empty file (0 bytes)"),
        BadInput(
            label: "text named .so", make: { try $0.write("text.so", text: "hello, world\n") }, code: .notELF,
            reason: "not an ELF file (starts with \"hello, w\")"),
        BadInput(
            label: "text with a newline", make: { try $0.write("lines.so", text: "hi\nthere\n") }, code: .notELF,
            reason: "not an ELF file (starts with \"hi\\nthere\")"),
        BadInput(
            label: "random bytes", make: { try $0.write("random.so", bytes: [0x3F, 0x9A, 0x00, 0x11, 0xC4, 0x7E, 0x02, 0xFF, 0x55]) },
            code: .notELF, reason: "not an ELF file (starts with bytes 3f 9a 00 11 c4 7e 02 ff)"),
        .patched("ELF header cut", .truncatedELF, "truncated ELF file (40 bytes; the ELF header needs 64)") {
            Array($0.prefix(40))
        },
        .patched("ELF cut after the headers", .truncatedELF, "truncated ELF file (2000 bytes; its segments need …") {
            Array($0.prefix(2000))
        },
        .patched("32-bit ELF", .wrongClass, "32-bit ELF file (ELFCLASS32); this host loads only 64-bit modules") {
            var bytes = $0
            bytes[4] = 1
            return bytes
        },
        .patched("ELF of another architecture", .wrongArchitecture, "ELF file for aarch64 (e_machine 183); this host is x86_64") {
            var bytes = $0
            bytes[18] = 183
            bytes[19] = 0
            return bytes
        },
        BadInput(
            label: "object file",
            make: { try $0.compile("object.so", source: ModuleSource().text, flags: ["-c", "-fPIC"]) },
            code: .notSharedLibrary, reason: "an object file, not a shared library"),
        .source(
            "no tab_module_entry", ModuleSource().withEntry(""), .missingEntry,
            "no tab_module_entry symbol (not a TabHost module)"),
        .source(
            "entry returns NULL",
            ModuleSource().withEntry("TAB_MODULE_EXPORT const tab_module_descriptor *tab_module_entry(void) { return NULL; }"),
            .nullDescriptor, "tab_module_entry() returned NULL"),
        .source(
            "wrong magic", ModuleSource().with("magic", "0x12345678u"), .badMagic,
            "wrong descriptor magic 0x12345678 (expected 0x4D424154, \"TABM\")"),
        .source(
            "small struct_size", ModuleSource().with("struct_size", "16"), .structTooSmall,
            "descriptor struct_size 16 is smaller than the v1 descriptor (\(TabModuleABI.descriptorSize) bytes)"),
        .source(
            "other ABI major", ModuleSource().with("abi_major", "2"), .abiMajorMismatch,
            "built for module ABI 2.3; this host speaks ABI 1.3"),
        .source(
            "newer ABI minor", ModuleSource().with("abi_minor", "5"), .abiMinorTooNew,
            "built for module ABI 1.5, newer than this host's 1.3"),
        .source(
            "next ABI minor", ModuleSource().with("abi_minor", "4"), .abiMinorTooNew,
            "built for module ABI 1.4, newer than this host's 1.3"),
        .source(
            "nonzero reserved slot", ModuleSource().with("reserved", "{[3] = (void *)1}"), .reservedNotZero,
            "reserved[3] is not zero"),
        .source(
            "nonzero first and last reserved slots", ModuleSource().with("reserved", "{[0] = (void *)&descriptor, [7] = (void *)1}"),
            .reservedNotZero,
            "reserved[0] is not zero"),
        .source("unknown kind", ModuleSource().with("kind", "7"), .badKind, "unknown kind 7 (0 = content, 1 = tab bar)"),
        .source("NULL name", ModuleSource().with("name", nil), .badName, "module name is NULL"),
        .source("empty name", ModuleSource().with("name", "\"\""), .badName, "module name is empty"),
        .source(
            "overlong name", ModuleSource().with("name", "\"" + String(repeating: "n", count: 65) + "\""), .badName,
            "module name is longer than 64 bytes"),
        .source(
            "malformed name", ModuleSource().with("name", "\"My Tab\""), .badName,
            "module name \"My Tab\" has characters outside [a-z0-9._-]"),
        .source(
            "name \"..\"", ModuleSource().with("name", "\"..\""), .badName,
            "module name \"..\" starts with a dot (its file would be hidden)"),
        .source(
            "name \".\"", ModuleSource().with("name", "\".\""), .badName,
            "module name \".\" starts with a dot (its file would be hidden)"),
        .source(
            "hidden name", ModuleSource().with("name", "\".tab\""), .badName,
            "module name \".tab\" starts with a dot (its file would be hidden)"),
        .source("NULL title", ModuleSource().with("title", nil), .badTitle, "title is NULL"),
        .source(
            "non-UTF-8 title", ModuleSource().with("title", "\"Caf\\xe9\""), .badTitle,
            "title is not valid UTF-8 (\"Caf\\xe9\")"),
        .source(
            "overlong title", ModuleSource().with("title", "\"" + String(repeating: "t", count: 70) + "\""), .badTitle,
            "title is 70 bytes, longer than 64"),
        .source(
            "OSC 52 in the title", ModuleSource().with("title", #""Clip\x1b]52;c;cHduZWQ=\a""#), .badTitle,
            #"title "Clip\x1b]52;c;cHduZWQ=\x07" contains a control character (U+001B)"#),
        .source(
            "C1 in the version", ModuleSource().with("version", #""1.0\xc2\x9b" "2J""#), .badVersion,
            #"version "1.0\u{9b}2J" contains a control character (U+009B)"#),
        .source(
            "bidi override as the glyph", ModuleSource().with("glyph", #""\xe2\x80\xae""#), .badGlyph,
            #"glyph "\u{202e}" contains a control character (U+202E)"#),
        .source(
            "escape in the permissions", ModuleSource().with("permissions", #""network\x1b[2J""#), .badPermissions,
            #"permissions "network\x1b[2J" contains a control character (U+001B)"#),
        .source(
            "missing image", ModuleSource().with("image", "\"assets/missing.svg\""), .missingImage,
            "image \"assets/missing.svg\" not found (looked for $DIR/assets/missing.svg)"),
        .source("missing create", ModuleSource().with("create", nil), .missingFunction, "required function create is NULL"),
        .source("missing render", ModuleSource().with("render", nil), .missingFunction, "required function render is NULL"),
        .source(
            "missing create and render", ModuleSource().with("create", nil).with("render", nil), .missingFunction,
            "required functions create and render are NULL"),
        .source(
            "unknown permission", ModuleSource().with("permissions", #""network camera""#), .badPermissions,
            "unknown permission \"camera\" (known: network, system, exec, unrestricted, read:PATH, write:PATH)"),
        .source(
            "relative permission path", ModuleSource().with("permissions", #""read:notes""#), .badPermissions,
            "permission \"read:notes\" needs an absolute path or one starting with ~/"),
        .source(
            "non-UTF-8 permissions", ModuleSource().with("permissions", #""network \xff""#), .badPermissions,
            "permissions is not valid UTF-8"),
        .source(
            "overlong permissions", ModuleSource().with("permissions", "\"" + String(repeating: "network ", count: 512) + "x\""),
            .badPermissions, "permissions is longer than 4096 bytes"),
        BadInput(
            label: "world-writable file",
            make: { fixture in
                let path = try fixture.compile("open.so", source: ModuleSource().text)
                _ = chmod(path, 0o777)
                return path
            }, code: .insecurePermissions, reason: "writable by everyone (mode 777), so another user could replace it"),
        BadInput(
            label: "group-writable file",
            make: { fixture in
                let path = try fixture.compile("group.so", source: ModuleSource().text)
                _ = chmod(path, 0o775)
                return path
            }, code: .insecurePermissions, reason: "writable by its group (mode 775), so another user could replace it"),
        BadInput(
            label: "world-writable directory",
            make: { fixture in
                let path = try fixture.compile("indir.so", source: ModuleSource().text)
                _ = chmod(fixture.directory, 0o777)
                return path
            }, code: .insecurePermissions,
            reason: "its directory $DIR is writable by everyone (mode 777), so another user could replace the module"),
    ]

    @Test(arguments: cases)
    func badInputIsRefusedWithItsReason(_ input: BadInput) throws {
        let fixture = try Fixture()
        let cacheRoot = try Fixture()
        let cache = try ModuleCopyDirectory(root: cacheRoot.directory)
        defer { cache.removeAll() }
        let path = try input.make(fixture)
        let error = try #require(throws: ModuleError.self) { try ModuleLoader(copies: cache).load(path) }
        #expect(error.code == input.code)
        #expect(error.path == path)
        let expected = input.reason.replacingOccurrences(of: "$DIR", with: fixture.directory)
        if expected.hasSuffix("…") {
            #expect(error.reason.hasPrefix(String(expected.dropLast())), "\(error.reason)")
        } else {
            #expect(error.reason == expected)
        }
        #expect(error.description == "\(path): \(error.reason); \(error.hint)")
        #expect(!error.hint.isEmpty && !error.description.contains("\n"))
        // Nothing of a refused file stays in the cache.
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory) == [])
    }

    /// A module file, or its directory, of another user's (neither this user's nor root's): that user
    /// could replace it between two loads. As root the fixture is given to `nobody`; the control is the
    /// same file given back, and the same refusal passed with `allowInsecurePermissions`.
    @Test(.enabled(if: getuid() == 0, "chown needs root"), arguments: ["file", "directory"])
    func aModuleAnotherUserOwnsIsRefused(_ what: String) throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        let path = try fixture.compile("theirs.so", source: ModuleSource().text)
        let owned = what == "file" ? path : fixture.directory
        #expect(chown(owned, 65534, 65534) == 0)
        let error = try #require(throws: ModuleError.self) { try ModuleLoader(copies: cache).load(path) }
        #expect(error.code == .insecurePermissions)
        let reason =
            what == "file"
            ? "it belongs to another user (uid 65534), who could replace it"
            : "its directory \(fixture.directory) belongs to another user (uid 65534), who could replace the module"
        #expect(error.description == "\(path): \(reason); copy it into a directory of your own, or pass --allow-insecure-permissions")
        let allowed = try ModuleLoader(copies: cache, options: ModuleLoadOptions(allowInsecurePermissions: true)).load(path)
        allowed.close()
        #expect(chown(owned, 0, 0) == 0)
        try ModuleLoader(copies: cache).load(path).close()
    }

    @Test(arguments: ["world-writable file", "group-writable file", "world-writable directory"])
    func insecurePermissionsAreAcceptedWhenAllowed(_ label: String) throws {
        let input = try #require(Self.cases.first { $0.label == label })
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        let path = try input.make(fixture)
        let loader = ModuleLoader(copies: cache, options: ModuleLoadOptions(allowInsecurePermissions: true))
        let module = try loader.load(path)
        #expect(module.name == "good")
        module.close()
    }
}
