import Testing

@testable import TabModuleLoading

/// The cache file's codec: what it writes it reads back; anything damaged is an error, never a trap.
struct ModuleMetadataCacheFileTests {
    static let stamp = ModuleFileStamp(
        device: 2049, inode: 77, size: 16_000, modified: 1_700_000_000_123_456_789, changed: 1_700_000_001_000_000_001)

    static let accepted = CachedModuleEntry(
        path: "/m/clock.so", stamp: stamp,
        outcome: .accepted(
            ModuleInfo(
                name: "clock", version: "1.0.0", title: "Clock ⌚", glyph: "⌚", declaredImage: "assets/clock.svg",
                imagePath: "/m/assets/clock.svg", kind: .content, abiMajor: 1, abiMinor: 1, structSize: 192,
                functions: [.create, .render, .event, .destroy], sourcePath: "/m/clock.so", containsSwift: false,
                permissions: ["network", "read:~/notes"])))
    static let refused = CachedModuleEntry(
        path: "/m/notes.so", stamp: ModuleFileStamp(device: 1, inode: 2, size: 6, modified: 0, changed: -5),
        outcome: .refused(
            ModuleError(.notELF, path: "/m/notes.so", reason: "not an ELF file (starts with \"hello\\n\")", hint: "rebuild it")))
    static let crashed = CachedModuleEntry(
        path: "/m/boom.so", stamp: stamp,
        outcome: .refused(ModuleError(.crashedWhileLoading, path: "/m/boom.so", reason: "crashed", hint: "rebuild it")))

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let file = ModuleMetadataCacheFile(entries: [Self.accepted, Self.refused, Self.crashed])
        let decoded = try ModuleMetadataCacheFile(decoding: file.encoded())
        #expect(decoded == file)
        #expect(decoded.entries[0].info?.sourcePath == "/m/clock.so")
        #expect(decoded.entries[1].error?.description == "/m/notes.so: not an ELF file (starts with \"hello\\n\"); rebuild it")
    }

    /// Every function a descriptor can hold is kept, `list_row` (ABI 1.3, the ninth bit) included: a
    /// module that has it must not make every later command discard the cache.
    @Test func everyKnownFunctionReadsBackTheSame() throws {
        var info = Self.accepted.info!
        info.abiMinor = TabModuleABI.minor
        info.functions = .known
        #expect(info.functions.contains(.listRow))
        let file = ModuleMetadataCacheFile(entries: [CachedModuleEntry(path: "/m/clock.so", stamp: Self.stamp, outcome: .accepted(info))])
        #expect(try ModuleMetadataCacheFile(decoding: file.encoded()) == file)
    }

    @Test func aFileOfASCIIStringsReadsBackTheSame() throws {
        let file = ModuleMetadataCacheFile(entries: [Self.refused, Self.crashed])
        #expect(try ModuleMetadataCacheFile(decoding: file.encoded()) == file)
    }

    /// A string that is not UTF-8, under a checksum that matches: refused, in a string that is otherwise
    /// ASCII and in one that is not.
    @Test(arguments: [("crashed", [UInt8]([0x63, 0xFF, 0x61])), ("Clock ⌚", [0x43, 0x6C, 0x6F, 0x63, 0x6B, 0x20, 0xE2, 0x8C, 0xFF])])
    func aStringThatIsNotUTF8IsRefused(_ text: String, damaged: [UInt8]) throws {
        var bytes = ModuleMetadataCacheFile(entries: [text == "crashed" ? Self.crashed : Self.accepted]).encoded()
        bytes.removeLast(8)
        let original = Array(text.utf8)
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: original) })
        bytes.replaceSubrange(start..<start + damaged.count, with: damaged)
        let sum = ModuleMetadataCacheFile.checksum(bytes[...])
        for shift in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: sum >> (8 * shift))) }
        let error = Self.decodeError(bytes)
        #expect(error?.code == .malformed)
        #expect(error?.reason.hasSuffix("is not valid UTF-8") == true, "\(String(describing: error))")
    }

    @Test func aLaterEntryForAPathReplacesTheEarlierInBothDecoders() throws {
        var rebuilt = Self.accepted
        rebuilt.stamp.size += 1
        let bytes = ModuleMetadataCacheFile(entries: [Self.accepted, Self.refused, rebuilt]).encoded()
        #expect(try ModuleMetadataCacheFile(decoding: bytes).entries == [rebuilt, Self.refused])
        // What a start looks files up in: the same entries by path.
        #expect(try ModuleMetadataCacheFile.entriesByPath(decoding: bytes) == ["/m/clock.so": rebuilt, "/m/notes.so": Self.refused])
    }

    @Test func refusalsTheMomentDecidesAreNotWritten() throws {
        let missing = CachedModuleEntry(
            path: "/m/gone.so", stamp: Self.stamp,
            outcome: .refused(ModuleError(.openFailed, path: "/m/gone.so", reason: "missing libfoo.so", hint: "install it")))
        let decoded = try ModuleMetadataCacheFile(decoding: ModuleMetadataCacheFile(entries: [missing, Self.accepted]).encoded())
        #expect(decoded.entries == [Self.accepted])
    }

    @Test(arguments: [
        ("empty", [UInt8](), ModuleMetadataCacheError.Code.truncated),
        ("text", Array("hello, this is not a cache file at all\n".utf8), .badMagic),
    ])
    func foreignBytesAreRefused(_ what: String, bytes: [UInt8], code: ModuleMetadataCacheError.Code) {
        #expect(throws: ModuleMetadataCacheError.self) { try ModuleMetadataCacheFile(decoding: bytes) }
        #expect(code == Self.decodeError(bytes)?.code, "\(what)")
    }

    @Test func aFileFromAnotherABIOrFormatVersionIsRefused() {
        let other = ModuleMetadataCacheFile(entries: [Self.accepted], abiMajor: 2, abiMinor: 0).encoded()
        #expect(Self.decodeError(other)?.code == .otherABI)
        #expect(Self.decodeError(other)?.reason == "written by a host with module ABI 2.0, this host has 1.3")
        var format = ModuleMetadataCacheFile(entries: [Self.accepted]).encoded()
        format[8] = 9
        #expect(Self.decodeError(format)?.code == .otherFormat)
    }

    @Test func everyTruncationIsAnError() {
        let bytes = ModuleMetadataCacheFile(entries: [Self.accepted, Self.refused]).encoded()
        for length in 0..<bytes.count {
            #expect(Self.decodeError(Array(bytes[0..<length])) != nil, "cut at \(length)")
        }
    }

    @Test func everyFlippedByteIsAnError() {
        let bytes = ModuleMetadataCacheFile(entries: [Self.accepted, Self.refused]).encoded()
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x41
            #expect(Self.decodeError(damaged) != nil, "byte \(index)")
        }
    }

    /// A well-formed file (right checksum) whose fields the loader would never accept is refused too.
    @Test(arguments: [
        ("bad name", "module name \"Bad Name\" is not valid"),
        ("unknown kind", "unknown kind 7"),
        ("no render", "function bits 1"),
        ("unknown function", "function bits 1029"),
        ("newer ABI", "module ABI 1.9"),
    ])
    func fieldsTheLoaderRefusesAreRefused(_ what: String, reason: String) {
        var info = Self.accepted.info!
        switch what {
        case "bad name": info.name = "Bad Name"
        case "unknown kind": info.kind = ModuleKind(rawValue: 7)
        case "no render": info.functions = [.create]
        case "unknown function": info.functions = [.create, .render, ModuleFunctions(rawValue: 1 << 10)]
        default: info.abiMinor = 9
        }
        let entry = CachedModuleEntry(path: "/m/clock.so", stamp: Self.stamp, outcome: .accepted(info))
        let error = Self.decodeError(ModuleMetadataCacheFile(entries: [entry]).encoded())
        #expect(error?.code == .malformed, "\(what)")
        #expect(error?.reason == reason, "\(what)")
    }

    @Test func aHugeEntryCountIsRefusedBeforeAnythingIsReserved() {
        var bytes = ModuleMetadataCacheFile(entries: []).encoded()
        bytes.removeLast(8)
        bytes.replaceSubrange(20..<24, with: [0xFF, 0xFF, 0xFF, 0x7F])
        let sum = ModuleMetadataCacheFile.checksum(bytes[...])
        for shift in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: sum >> (8 * shift))) }
        #expect(Self.decodeError(bytes)?.code == .truncated)
    }

    @Test func aFileOverTheSizeLimitIsRefusedUnread() {
        let bytes = [UInt8](repeating: 0, count: ModuleMetadataCacheFile.maximumBytes + 1)
        #expect(Self.decodeError(bytes)?.code == .tooLarge)
    }

    /// The error decoding `bytes` gives; both decoders (the file and a start's entries by path) must
    /// give the same one.
    static func decodeError(_ bytes: [UInt8]) -> ModuleMetadataCacheError? {
        var byPath: ModuleMetadataCacheError?
        do { _ = try ModuleMetadataCacheFile.entriesByPath(decoding: bytes) } catch { byPath = error }
        do {
            _ = try ModuleMetadataCacheFile(decoding: bytes)
            #expect(byPath == nil)
            return nil
        } catch {
            #expect(byPath?.code == error.code && byPath?.reason == error.reason, "entriesByPath: \(String(describing: byPath))")
            return error
        }
    }
}
