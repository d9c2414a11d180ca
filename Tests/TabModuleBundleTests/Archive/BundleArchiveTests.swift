import Foundation
import Glibc
import TabHostTesting
import TabModuleBundle
import TabModuleBundleArchive
import Testing

/// The install's checks of a bundle (archive, signature, files) against valid, hostile, damaged and
/// tampered bundles, each written for the test with libarchive (or `tar`).
@Suite(.blocking) struct BundleArchiveTests {
    /// What a directory holds (names, sorted).
    private func contents(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test(arguments: [RawArchive.Filter.gzip, .zstd])
    func aValidBundleIsStagedPrivatelyAndVerified(filter: RawArchive.Filter) throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let bundle = BundleFixture()
        try RawArchive.write(try bundle.entries(), to: fixture.path("clock-1.4.0.tabmod"), filter: filter)
        let staging = fixture.path("staging")
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)

        let verified = try bundle.verify(fixture.path("clock-1.4.0.tabmod"), staging: staging)
        #expect(verified.signer?.keyID == bundle.key.keyID)
        #expect(verified.staged.manifest == bundle.manifest)
        #expect(verified.staged.compression == (filter == .zstd ? .zstd : .gzip))
        #expect(BundleTrustedComment(verified.staged.signature!.trustedComment).publicKey == bundle.key.publicKey)
        let directory = verified.staged.directory
        var info = stat()
        #expect(lstat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        for file in bundle.files {
            #expect(try BundleFileReading.bytes(directory + "/" + file.path) == file.bytes)
            #expect(lstat(directory + "/" + file.path, &info) == 0 && info.st_mode & 0o7777 == 0o600)
        }
        #expect(try BundleFileReading.bytes(directory + "/manifest.json") == bundle.manifestBytes)
        verified.staged.remove()
        #expect(contents(staging).isEmpty)
    }

    @Test func theArchiveWriterAndSignerMakeABundleTheReaderAccepts() throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let bundle = BundleFixture()
        for compression in [BundleCompression.gzip, .zstd] {
            let output = fixture.path("clock-\(compression).tabmod")
            try BundleSigner.pack(
                manifest: bundle.manifest, files: bundle.files, key: bundle.key, timestamp: 1, output: output, compression: compression)
            let verified = try bundle.verify(output, staging: fixture.directory)
            #expect(verified.staged.manifest.files == bundle.manifest.files)
            #expect(verified.staged.compression == compression)
            verified.staged.remove()
        }
        let again = #expect(throws: BundleError.self) {
            try BundleSigner.pack(
                manifest: bundle.manifest, files: bundle.files, key: bundle.key, timestamp: 1, output: fixture.path("clock-gzip.tabmod"))
        }
        #expect(again?.description.contains("already exists") == true)
    }

    /// A hostile or malformed entry in an otherwise valid bundle: what is added, and what the refusal must say.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let code: BundleError.Code
        let says: String
        let build: @Sendable (BundleFixture) throws -> [RawArchive.Entry]
        var testDescription: String { name }
    }

    static let hostile: [Case] = [
        Case(name: "absolute path", code: .unsafePath, says: "entry \"/tmp/evil\": the path is absolute") {
            try $0.entries() + [RawArchive.Entry(path: "/tmp/evil", bytes: [1])]
        },
        Case(name: "dot-dot", code: .unsafePath, says: "entry \"../evil\": the path leaves the bundle (..)") {
            try $0.entries() + [RawArchive.Entry(path: "../evil", bytes: [1])]
        },
        Case(name: "dot-dot inside", code: .unsafePath, says: "entry \"images/../../evil\": the path leaves the bundle") {
            try $0.entries() + [RawArchive.Entry(path: "images/../../evil", bytes: [1])]
        },
        Case(name: "symbolic link", code: .unsafeEntry, says: "entry \"data.txt\": a symbolic link") {
            Array(try $0.entries().prefix(4)) + [
                RawArchive.Entry(path: "data.txt", type: UInt32(S_IFLNK), mode: 0o777, symlink: "/etc/passwd")
            ]
        },
        Case(name: "hard link", code: .unsafeEntry, says: "entry \"data.txt\": a hard link") {
            Array(try $0.entries().prefix(4)) + [RawArchive.Entry(path: "data.txt", hardlink: "manifest.json")]
        },
        Case(name: "device", code: .unsafeEntry, says: "entry \"data.txt\": a device") {
            Array(try $0.entries().prefix(4)) + [RawArchive.Entry(path: "data.txt", type: UInt32(S_IFCHR))]
        },
        Case(name: "FIFO", code: .unsafeEntry, says: "entry \"data.txt\": a FIFO") {
            Array(try $0.entries().prefix(4)) + [RawArchive.Entry(path: "data.txt", type: UInt32(S_IFIFO))]
        },
        Case(name: "setuid", code: .unsafeEntry, says: "entry \"data.txt\": has the setuid or setgid bit") {
            var entries = try $0.entries()
            entries[4].mode = 0o4755
            return entries
        },
        Case(name: "setgid", code: .unsafeEntry, says: "entry \"data.txt\": has the setuid or setgid bit") {
            var entries = try $0.entries()
            entries[4].mode = 0o2755
            return entries
        },
        Case(name: "unlisted file", code: .unlistedEntry, says: "entry \"extra.so\": not listed in manifest.json") {
            try $0.entries() + [RawArchive.Entry(path: "extra.so", bytes: [1])]
        },
        Case(name: "a file twice", code: .unlistedEntry, says: "entry \"data.txt\": comes twice") {
            try $0.entries() + [RawArchive.Entry(path: "data.txt", bytes: [1])]
        },
        Case(name: "unlisted directory", code: .unlistedEntry, says: "entry \"lib\": a directory no listed file is in") {
            try $0.entries() + [RawArchive.Entry(path: "lib/", type: UInt32(S_IFDIR), mode: 0o755)]
        },
        Case(name: "missing file", code: .missingEntry, says: "entry \"data.txt\": listed in manifest.json but not in the archive") {
            Array(try $0.entries().dropLast())
        },
        Case(
            name: "manifest not first", code: .malformedArchive,
            says: "entry \"x86_64-linux-gnu/clock.so\": the first entry must be manifest.json"
        ) {
            let entries = try $0.entries()
            return [entries[2], entries[0], entries[1]] + entries[3...]
        },
        Case(
            name: "signature not second", code: .malformedArchive,
            says: "entry \"manifest.minisig\": manifest.minisig must come right after manifest.json"
        ) {
            let entries = try $0.entries()
            return [entries[0], entries[2], entries[1]] + entries[3...]
        },
        Case(name: "no signature", code: .unsigned, says: "the bundle is not signed") {
            let entries = try $0.entries()
            return [entries[0]] + entries[2...]
        },
    ]

    @Test(arguments: hostile)
    func aHostileEntryIsRefusedWithOneLineAndNothingIsLeft(_ hostile: Case) throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let staging = fixture.path("a/b")
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try RawArchive.write(try hostile.build(BundleFixture()), to: fixture.path("clock.tabmod"))
        let error = #expect(throws: BundleError.self) { try BundleFixture().verify(fixture.path("clock.tabmod"), staging: staging) }
        #expect(error?.code == hostile.code, "\(error?.description ?? "accepted")")
        #expect(error?.description.hasPrefix(fixture.path("clock.tabmod") + ": " + hostile.says) == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("\n") == false)
        #expect(contents(staging).isEmpty, "the staging directory is removed")
        #expect(contents(fixture.path("a")) == ["b"], "nothing lands beside it")
        #expect(contents(fixture.directory) == ["a", "clock.tabmod"])
    }

    @Test func anUnsignedBundleIsAcceptedOnlyWhenAllowed() throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let bundle = BundleFixture()
        let entries = try bundle.entries()
        try RawArchive.write([entries[0]] + entries[2...], to: fixture.path("clock.tabmod"))
        let verified = try bundle.verify(fixture.path("clock.tabmod"), staging: fixture.directory, allowUnsigned: true)
        #expect(verified.signer == nil)
        #expect(verified.staged.signature == nil)
        verified.staged.remove()
    }

    @Test(arguments: ["plain tar", "random bytes", "empty file", "text"])
    func aFileThatIsNotACompressedTarIsRefused(kind: String) throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let bundle = BundleFixture()
        switch kind {
        case "plain tar": try RawArchive.write(try bundle.entries(), to: fixture.path("clock.tabmod"), filter: .none)
        case "random bytes": try fixture.write("clock.tabmod", bytes: (0..<4096).map { _ in UInt8.random(in: 0...255) })
        case "empty file": try fixture.write("clock.tabmod", bytes: [])
        default: try fixture.write("clock.tabmod", text: "this is not a bundle\n")
        }
        let error = #expect(throws: BundleError.self) { try bundle.verify(fixture.path("clock.tabmod"), staging: fixture.directory) }
        #expect(error?.code == .malformedArchive, "\(error?.description ?? "accepted")")
        #expect(error?.description.contains("\n") == false)
        #expect(contents(fixture.directory) == ["clock.tabmod"])
    }

    @Test func aTruncatedBundleIsRefused() throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        var bundle = BundleFixture()
        bundle.files.append(("big.bin", (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }, nil))
        try RawArchive.write(try bundle.entries(), to: fixture.path("whole.tabmod"))
        let whole = try BundleFileReading.bytes(fixture.path("whole.tabmod"))
        #expect(throws: Never.self) { try bundle.verify(fixture.path("whole.tabmod"), staging: fixture.directory).staged.remove() }
        for length in [whole.count - 1, whole.count - 20, whole.count / 2, 100, 10] {
            try fixture.write("cut.tabmod", bytes: Array(whole.prefix(length)))
            let error = #expect(throws: BundleError.self, "cut to \(length)") {
                try bundle.verify(fixture.path("cut.tabmod"), staging: fixture.directory)
            }
            #expect(error?.code == .malformedArchive, "cut to \(length): \(error?.description ?? "accepted")")
            #expect(error?.description.contains("\n") == false)
        }
        #expect(contents(fixture.directory) == ["cut.tabmod", "whole.tabmod"])
    }

    @Test(arguments: 0..<5)
    func aChangedByteInAnyMemberIsRefused(member: Int) throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let bundle = BundleFixture()
        var entries = try bundle.entries()
        let expected: BundleError.Code
        switch member {
        case 0:
            // manifest.json: one character of the title changed.
            let text = String(decoding: entries[0].bytes, as: UTF8.self).replacingOccurrences(of: "\"Clock\"", with: "\"Clocj\"")
            entries[0].bytes = Array(text.utf8)
            expected = .badSignature
        case 1:
            // manifest.minisig: one character of the trusted comment changed.
            let text = String(decoding: entries[1].bytes, as: UTF8.self).replacingOccurrences(of: "timestamp:1700", with: "timestamp:1701")
            entries[1].bytes = Array(text.utf8)
            expected = .badTrustedComment
        default:
            entries[member].bytes[entries[member].bytes.count / 2] ^= 0x01
            expected = .fileMismatch
        }
        try RawArchive.write(entries, to: fixture.path("clock.tabmod"))
        let error = #expect(throws: BundleError.self) { try bundle.verify(fixture.path("clock.tabmod"), staging: fixture.directory) }
        #expect(error?.code == expected, "\(error?.description ?? "accepted")")
        if member >= 2 { #expect(error?.description.contains("entry \"\(entries[member].path)\": its SHA-256 differs") == true) }
        #expect(contents(fixture.directory) == ["clock.tabmod"])
    }

    @Test func aFileOfAnotherSizeThanListedIsRefused() throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let bundle = BundleFixture()
        var entries = try bundle.entries()
        entries[4].bytes += [0x0A]
        try RawArchive.write(entries, to: fixture.path("clock.tabmod"))
        let error = #expect(throws: BundleError.self) { try bundle.verify(fixture.path("clock.tabmod"), staging: fixture.directory) }
        #expect(error?.code == .fileMismatch)
        #expect(
            error?.description.contains("entry \"data.txt\": 16 bytes, but manifest.json says 15") == true, "\(error?.description ?? "")")
    }

    @Test func aSwappedSignatureOrAnotherKeyIsRefused() throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let bundle = BundleFixture()
        var other = bundle
        other.files[2].bytes = Array("other data\n".utf8)
        var entries = try bundle.entries()
        // The same key's signature of another bundle's manifest.
        entries[1].bytes = try other.signatureBytes(of: other.manifestBytes)
        try RawArchive.write(entries, to: fixture.path("swapped.tabmod"))
        let swapped = #expect(throws: BundleError.self) { try bundle.verify(fixture.path("swapped.tabmod"), staging: fixture.directory) }
        #expect(swapped?.code == .badSignature, "\(swapped?.description ?? "accepted")")

        // Signed by another key than the one expected.
        try RawArchive.write(try bundle.entries(), to: fixture.path("clock.tabmod"))
        let stranger = SecretKey.generate().publicKey
        let key = #expect(throws: BundleError.self) {
            try bundle.verify(fixture.path("clock.tabmod"), staging: fixture.directory, publicKey: stranger)
        }
        #expect(key?.code == .keyMismatch)
        #expect(key?.description.contains("signed by key \(bundle.key.keyID), not by the expected key \(stranger.keyID)") == true)
        #expect(contents(fixture.directory) == ["clock.tabmod", "swapped.tabmod"])
    }

    @Test func theLimitsRefuseTooManyEntriesTooLargeFilesAndCompressionBombs() throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        var bundle = BundleFixture()
        try RawArchive.write(try bundle.entries(), to: fixture.path("clock.tabmod"))
        func refusal(_ limits: BundleLimits, _ file: String = "clock.tabmod") -> BundleError? {
            #expect(throws: BundleError.self) { try bundle.verify(fixture.path(file), staging: fixture.directory, limits: limits) }
        }
        let standard = BundleLimits.standard
        var limits = standard
        limits.maximumEntries = 4
        #expect(refusal(limits)?.description.contains("the archive has more than 4 entries") == true)
        limits = standard
        limits.maximumFileBytes = 100
        #expect(refusal(limits)?.description.contains("entry \"images/clock.png\": larger than 100 bytes") == true)
        limits = standard
        limits.maximumTotalBytes = 400
        #expect(refusal(limits)?.code == .limitExceeded)

        // 8 MiB of zeros packs into a few KiB: far past a ratio of 100.
        bundle.files.append(("zeros.bin", [UInt8](repeating: 0, count: 8 << 20), nil))
        try RawArchive.write(try bundle.entries(), to: fixture.path("bomb.tabmod"))
        let bomb = refusal(standard, "bomb.tabmod")
        #expect(
            bomb?.description.contains("entry \"zeros.bin\": the archive expands more than 100 times") == true, "\(bomb?.description ?? "")"
        )
        #expect(contents(fixture.directory) == ["bomb.tabmod", "clock.tabmod"])
    }

    @Test func aSymbolicLinkMadeByTarIsRefused() throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let bundle = BundleFixture()
        let tree = fixture.path("tree")
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: false)
        try fixture.write("tree/manifest.json", bytes: bundle.manifestBytes)
        try fixture.write("tree/manifest.minisig", bytes: try bundle.signatureBytes())
        #expect(symlink("/etc/passwd", tree + "/data.txt") == 0)
        try Fixture.runChecked("tar", ["-czf", fixture.path("clock.tabmod"), "-C", tree, "manifest.json", "manifest.minisig", "data.txt"])
        let error = #expect(throws: BundleError.self) { try bundle.verify(fixture.path("clock.tabmod"), staging: fixture.directory) }
        #expect(error?.description.contains("entry \"data.txt\": a symbolic link") == true, "\(error?.description ?? "accepted")")
    }

    @Test func aBundleSignedWithTheMinisignCommandVerifies() throws {
        let fixture = try Fixture(prefix: "tabhost-bundle")
        let bundle = BundleFixture()
        #expect(try run("minisign", arguments: ["-G", "-W", "-p", fixture.path("k.pub"), "-s", fixture.path("k.key")]).succeeded)
        let publicKey = try PublicKey.read(path: fixture.path("k.pub"))
        let tree = fixture.path("tree")
        try FileManager.default.createDirectory(atPath: tree + "/x86_64-linux-gnu", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: tree + "/images", withIntermediateDirectories: true)
        try fixture.write("tree/manifest.json", bytes: bundle.manifestBytes)
        for file in bundle.files { try fixture.write("tree/" + file.path, bytes: file.bytes) }
        let signed = try run(
            "minisign",
            arguments: [
                "-S", "-s", fixture.path("k.key"), "-m", tree + "/manifest.json", "-x", tree + "/manifest.minisig", "-t",
                "publickey:\(publicKey.base64)",
            ])
        #expect(signed.succeeded, "\(signed)")
        try Fixture.runChecked(
            "tar", ["-czf", fixture.path("clock.tabmod"), "-C", tree, "manifest.json", "manifest.minisig"] + bundle.files.map(\.path))
        let verified = try BundleVerifier(path: fixture.path("clock.tabmod")).verify(stagingIn: fixture.directory) {
            (_: BundleManifest, signature: Signature) throws(BundleError) -> PublicKey in
            // As a first install would: the key the trusted comment names, which must be the signing key.
            guard let named = BundleTrustedComment(signature.trustedComment).publicKey else {
                throw BundleError(.unsigned, path: "clock.tabmod", reason: "no publickey", hint: "-")
            }
            return named
        }
        #expect(verified.signer == publicKey)
        verified.staged.remove()
    }
}
