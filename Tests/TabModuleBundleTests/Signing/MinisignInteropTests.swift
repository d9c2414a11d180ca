import Foundation
import TabHostTesting
import TabModuleBundle
import Testing

/// Keys and signatures against Debian's `minisign` command, both ways: what it makes TabHost reads and
/// verifies; what TabHost makes it reads, signs with and verifies.
@Suite(.blocking) struct MinisignInteropTests {
    /// Runs minisign and returns its result; the tests read its exit status and output.
    private func minisign(_ arguments: [String], stdin: ProcessInput = .none) throws -> ProcessResult {
        try run("minisign", arguments: arguments, stdin: stdin, timeout: .seconds(60))
    }

    @Test func aKeyMadeByMinisignSignsAFileTabHostVerifies() throws {
        let fixture = try Fixture(prefix: "tabhost-minisign")
        let generated = try minisign(["-G", "-W", "-p", fixture.path("k.pub"), "-s", fixture.path("k.key")])
        #expect(generated.succeeded, "\(generated)")
        let file = try fixture.write("manifest.json", text: "{\"name\": \"clock\"}\n")
        for legacy in [false, true] {
            let signed = try minisign(["-S", "-s", fixture.path("k.key"), "-m", file, "-t", "made by minisign"] + (legacy ? ["-l"] : []))
            #expect(signed.succeeded, "\(signed)")
            let key = try PublicKey.read(path: fixture.path("k.pub"))
            let signature = try Signature.read(path: file + ".minisig")
            #expect(signature.algorithm == (legacy ? .legacy : .prehashed))
            #expect(signature.trustedComment == "made by minisign")
            #expect(signature.keyID == key.keyID)
            try key.verify(signature, of: Array("{\"name\": \"clock\"}\n".utf8), path: file)
        }
        // The key id as minisign shows it in the .pub file's comment.
        let comment = try String(decoding: BundleFileReading.bytes(fixture.path("k.pub")), as: UTF8.self)
        #expect(comment.hasPrefix("untrusted comment: minisign public key \(try PublicKey.read(path: fixture.path("k.pub")).keyID)\n"))
    }

    /// `minisign -G -W` writes an unencrypted key whose checksum is zero (minisign checks it only for encrypted
    /// keys): TabHost signs with it as `minisign -S` does, and minisign verifies; a damaged copy is refused.
    @Test func anUnencryptedKeyMadeByMinisignSignsWhatMinisignVerifies() throws {
        let fixture = try Fixture(prefix: "tabhost-minisign")
        let generated = try minisign(["-G", "-W", "-p", fixture.path("k.pub"), "-s", fixture.path("k.key")])
        try #require(generated.succeeded, "\(generated)")
        let contents = try BundleFileReading.bytes(fixture.path("k.key"))
        #expect(SecretKey.isEncrypted(fileContents: contents) == false)
        let secret = try SecretKey.read(path: fixture.path("k.key")) {
            Issue.record("no password is asked")
            return nil
        }
        #expect(secret.keyID == (try PublicKey.read(path: fixture.path("k.pub")).keyID))
        let file = try fixture.write("data", text: "signed by tabhost\n")
        let signature = try secret.sign(Array("signed by tabhost\n".utf8), trustedComment: "timestamp:1\tfile:data")
        try fixture.write("data.minisig", text: signature.fileContents)
        let verified = try minisign(["-V", "-p", fixture.path("k.pub"), "-m", file])
        #expect(verified.succeeded, "\(verified)")

        // One flipped bit in the seed: the public half no longer follows from it.
        let lines = String(decoding: contents, as: UTF8.self).split(separator: "\n").map(String.init)
        var body = try #require(Data(base64Encoded: lines[1]).map(Array.init))
        body[6 + 32 + 16 + 8] ^= 1
        let damaged = "\(lines[0])\n\(Data(body).base64EncodedString())\n"
        let error = #expect(throws: BundleError.self) { try SecretKey(fileContents: Array(damaged.utf8), path: "k.key") { nil } }
        #expect(error?.code == .malformedKey)
        #expect(
            error?.description
                == "k.key: the unencrypted secret key's two halves do not match (the file is damaged); use another copy of the key")
    }

    @Test(arguments: [false, true])
    func aKeyMadeByTabHostSignsWithMinisignAndVerifiesWithMinisign(encrypted: Bool) throws {
        let fixture = try Fixture(prefix: "tabhost-minisign")
        let secret = SecretKey.generate()
        let password: [UInt8]? = encrypted ? Array("correct horse".utf8) : nil
        try fixture.write("k.key", text: secret.fileContents(password: password, limits: .interactive))
        try fixture.write("k.pub", text: secret.publicKey.fileContents)
        let file = try fixture.write("data", text: "the signed bytes\n")

        // minisign signs with TabHost's secret key (reading the password on its standard input when encrypted).
        let signed = try minisign(
            ["-S", "-s", fixture.path("k.key"), "-m", file, "-t", "by minisign"], stdin: encrypted ? .text("correct horse\n") : .none)
        #expect(signed.succeeded, "\(signed)")
        let verified = try minisign(["-V", "-p", fixture.path("k.pub"), "-m", file])
        #expect(verified.succeeded, "\(verified)")
        #expect(verified.stdout.contains("Trusted comment: by minisign"))
        try secret.publicKey.verify(Signature.read(path: file + ".minisig"), of: Array("the signed bytes\n".utf8), path: file)

        // TabHost signs with the key it read back from its file; minisign verifies.
        let reread = try SecretKey.read(path: fixture.path("k.key")) { password }
        #expect(reread.keyID == secret.keyID)
        let signature = try reread.sign(Array("the signed bytes\n".utf8), trustedComment: "timestamp:1\tfile:data")
        try fixture.write("data.minisig", text: signature.fileContents)
        let checked = try minisign(["-V", "-p", fixture.path("k.pub"), "-m", file])
        #expect(checked.succeeded, "\(checked)")
        #expect(checked.stdout.contains("Trusted comment: timestamp:1\tfile:data"))
    }

    @Test func aChangedByteAnotherKeyOrAChangedTrustedCommentIsRefusedWithOneLine() throws {
        let secret = SecretKey.generate()
        let message = Array("manifest bytes".utf8)
        let signature = try secret.sign(message, trustedComment: "name:clock")

        var changed = message
        changed[3] ^= 1
        let byte = #expect(throws: BundleError.self) { try secret.publicKey.verify(signature, of: changed, path: "b.tabmod") }
        #expect(byte?.code == .badSignature)

        let other = SecretKey.generate().publicKey
        let key = #expect(throws: BundleError.self) { try other.verify(signature, of: message, path: "b.tabmod") }
        #expect(key?.code == .keyMismatch)
        #expect(key?.description.contains("\(secret.keyID)") == true)

        let text = signature.fileContents.replacingOccurrences(of: "trusted comment: name:clock", with: "trusted comment: name:clocks")
        let tampered = try Signature(fileContents: Array(text.utf8), path: "manifest.minisig")
        let comment = #expect(throws: BundleError.self) { try secret.publicKey.verify(tampered, of: message, path: "b.tabmod") }
        #expect(comment?.code == .badTrustedComment)

        for error in [byte, key, comment] {
            #expect(error?.description.hasPrefix("b.tabmod: ") == true)
            #expect(error?.description.contains("\n") == false)
        }
        // The untouched signature verifies: the refusals above came from the changes.
        try secret.publicKey.verify(signature, of: message, path: "b.tabmod")
    }

    @Test func minisignRefusesWhatTabHostRefuses() throws {
        let fixture = try Fixture(prefix: "tabhost-minisign")
        let secret = SecretKey.generate()
        try fixture.write("k.pub", text: secret.publicKey.fileContents)
        let file = try fixture.write("data", text: "original\n")
        try fixture.write("data.minisig", text: try secret.sign(Array("original\n".utf8), trustedComment: "c").fileContents)
        #expect(try minisign(["-V", "-p", fixture.path("k.pub"), "-m", file]).succeeded)
        try fixture.write("data", text: "0riginal\n")
        #expect(try !minisign(["-V", "-p", fixture.path("k.pub"), "-m", file]).succeeded)
    }

    @Test func anEncryptedKeyNeedsItsPassword() throws {
        let secret = SecretKey.generate()
        let contents = Array(secret.fileContents(password: Array("pw".utf8), limits: .interactive).utf8)
        #expect(SecretKey.isEncrypted(fileContents: contents) == true)
        #expect(SecretKey.isEncrypted(fileContents: Array(secret.fileContents(password: nil).utf8)) == false)
        let none = #expect(throws: BundleError.self) { try SecretKey(fileContents: contents, path: "k.key") { nil } }
        #expect(none?.code == .passwordRequired)
        let wrong = #expect(throws: BundleError.self) { try SecretKey(fileContents: contents, path: "k.key") { Array("pW".utf8) } }
        #expect(wrong?.code == .wrongPassword)
        #expect(wrong?.description == "k.key: wrong password for this secret key; try the password again")
        #expect(try SecretKey(fileContents: contents, path: "k.key") { Array("pw".utf8) }.keyID == secret.keyID)
    }

    @Test(arguments: [
        "", "untrusted comment: x\n", "untrusted comment: x\nRWQ=\n", "comment\nRWRF9wm8KTZd2hmJPTd927YIo7D/oYCGslBRAHypSNmXY0ynOL/OGW/0\n",
        "untrusted comment: x\nRWRF9wm8KTZd2hmJPTd927YIo7D/oYCGslBRAHypSNmXY0ynOL/OGW/0\nextra\n",
        "untrusted comment: x\nRXRF9wm8KTZd2hmJPTd927YIo7D/oYCGslBRAHypSNmXY0ynOL/OGW/0\n",
    ])
    func aMalformedPublicKeyIsRefused(text: String) throws {
        let error = #expect(throws: BundleError.self) { try PublicKey(fileContents: Array(text.utf8), path: "k.pub") }
        #expect(error?.code == .malformedKey)
        #expect(error?.description.contains("\n") == false)
    }

    /// Both made by `minisign -G`, whose .pub comments said `DA5D3629BC09F745` and `1383A882DA0A4EE` (no leading zero).
    @Test(arguments: [
        ("RWRF9wm8KTZd2hmJPTd927YIo7D/oYCGslBRAHypSNmXY0ynOL/OGW/0", "DA5D3629BC09F745"),
        ("RWTupKAtiDo4Aevz30m5Fit4SmfHeFU1kJ+mlFSpc+oEqHTmgm0BOyqf", "1383A882DA0A4EE"),
    ])
    func theKeyIDIsShownAsMinisignShowsIt(base64: String, shown: String) throws {
        let key = try PublicKey(base64: base64)
        #expect(key.keyID.description == shown)
        #expect(key.base64 == base64)
        #expect(key.fileContents == "untrusted comment: minisign public key \(shown)\n\(base64)\n")
    }
}
