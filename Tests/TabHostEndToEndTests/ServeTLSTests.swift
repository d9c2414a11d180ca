import Foundation
import TabHostTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost serve --tls-cert FILE --tls-key FILE` end to end: the real binary, certificates made with the
/// `openssl` command in a temporary directory, and curl as the TLS client, verifying the server against
/// that certificate (docs/user/browser.md). The page, the WebSocket, partial records and Chromium are in
/// Tests/Browser/test_web.py.
@Suite(.tags(.browser), .selectedByTags, .hangGuard, .blocking)
struct ServeTLSTests {
    /// A certificate for 127.0.0.1 and localhost (`cert.pem`, `key.pem`), another key pair (`other-*.pem`),
    /// and a passphrase-protected key, in a directory removed afterwards.
    private static func withCertificates<T>(_ body: (Fixture) throws -> T) throws -> T {
        let fixture = try Fixture(prefix: "tabhost-tls")
        defer { fixture.remove() }
        try TestCertificate.make(
            keyPath: fixture.path("key.pem"), certificatePath: fixture.path("cert.pem"), subject: "/CN=127.0.0.1",
            alternativeNames: TestCertificate.loopbackNames)
        try TestCertificate.make(
            keyPath: fixture.path("other-key.pem"), certificatePath: fixture.path("other-cert.pem"), subject: "/CN=other")
        let encrypted = try run(
            "/usr/bin/openssl",
            arguments: [
                "pkey", "-in", fixture.path("key.pem"), "-aes256", "-passout", "pass:secret", "-out", fixture.path("encrypted.pem"),
            ])
        try #require(encrypted.succeeded, "\(encrypted)")
        return try body(fixture)
    }

    /// A running `tabhost serve` with `arguments`, its first line read.
    private final class Server {
        let process: RunningProcess
        let address: String
        let log: String

        init(_ arguments: [String], scratch: Fixture) throws {
            log = scratch.path("tabhost.log")
            process = try RunningProcess(
                Products.tabhost, arguments: ["serve", "--port", "0", "--no-watch", "--log", log] + arguments,
                environment: ["XDG_CACHE_HOME": scratch.path("cache")])
            var output = ""
            let deadline = ContinuousClock.now + .seconds(60)
            while !output.contains("\n") && process.isRunning && ContinuousClock.now < deadline {
                usleep(10_000)
                output = process.stdoutSoFar
            }
            address = String(output.prefix { $0 != "\n" })
        }

        var port: String { address.wholeMatch(of: /https?:\/\/[^\/]*:([0-9]+)\/\?token=[0-9a-f]{32}/).map { String($0.1) } ?? "" }
        var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

        func stop() -> Int32? {
            process.signal(SIGTERM)
            return process.waitIfEnded(within: .seconds(10))?.status
        }
    }

    /// curl's status code and the body's first bytes, or its failure.
    private func curl(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try run(
            "/usr/bin/curl", arguments: ["-sS", "--max-time", "10", "-w", "\n%{http_code} %{http_version}"] + arguments,
            environment: environment, timeout: .seconds(20))
    }

    /// `--bind localhost` listens on 127.0.0.1 and prints 127.0.0.1: the address printed named
    /// `localhost`, which a browser tries as `::1` first, where another local process could listen on
    /// the same port and take the token from the first request. Plain HTTP only: with TLS the name stays.
    @Test func aLocalhostBindPrintsTheAddressItListensOn() throws {
        let fixture = try Fixture()
        let server = try Server(["--bind", "localhost"], scratch: fixture)
        #expect(server.address.wholeMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\/\?token=[0-9a-f]{32}/) != nil, "\(server.address)")
        let page = try curl([server.address])
        #expect(page.stdout.hasSuffix("\n200 1.1"), "\(page)")
        // Nothing of the host's is on ::1 for a browser to prefer.
        let other = try curl(["-g", "http://[::1]:\(server.port)/"])
        #expect(!other.succeeded, "\(other)")
        #expect(server.stop() == 0)
    }

    @Test func httpsServesThePageToAClientThatVerifiesTheCertificateAndPlainHTTPFails() throws {
        try Self.withCertificates { fixture in
            let server = try Server(["--tls-cert", fixture.path("cert.pem"), "--tls-key", fixture.path("key.pem")], scratch: fixture)
            #expect(server.address.wholeMatch(of: /https:\/\/127\.0\.0\.1:[0-9]+\/\?token=[0-9a-f]{32}/) != nil, "\(server.address)")
            // Verified against the certificate given, by name (127.0.0.1) and chain.
            let page = try curl(["--cacert", fixture.path("cert.pem"), server.address])
            #expect(page.succeeded && page.stdout.contains("<html") && page.stdout.hasSuffix("200 1.1"), "\(page)")
            let headers = try curl(["--cacert", fixture.path("cert.pem"), "-D", "-", "-o", "/dev/null", server.address])
            // No cookie, Secure or not: the page presents the token on its WebSocket.
            #expect(!headers.stdout.lowercased().contains("set-cookie"), "\(headers)")
            #expect(headers.stdout.contains("wss://127.0.0.1:\(server.port)"), "\(headers)")
            // OpenSSL's own client, trusting the system's store as SSL_CERT_FILE names it: verified, http/1.1
            // picked from the browser's offer, TLS 1.2 accepted and 1.1 refused.
            let client = ["s_client", "-connect", "127.0.0.1:\(server.port)", "-verify_return_error", "-verify_ip", "127.0.0.1"]
            let verified = try run(
                "/usr/bin/openssl", arguments: client + ["-alpn", "h2,http/1.1"], environment: ["SSL_CERT_FILE": fixture.path("cert.pem")],
                timeout: .seconds(20))
            #expect(verified.succeeded && verified.stdout.contains("Verify return code: 0 (ok)"), "\(verified)")
            #expect(verified.stdout.contains("ALPN protocol: http/1.1"), "\(verified)")
            let tls12 = try run(
                "/usr/bin/openssl", arguments: client + ["-tls1_2", "-CAfile", fixture.path("cert.pem")], timeout: .seconds(20))
            #expect(tls12.succeeded && tls12.stdout.contains("Protocol  : TLSv1.2"), "\(tls12)")
            let tls11 = try run(
                "/usr/bin/openssl", arguments: client + ["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0", "-CAfile", fixture.path("cert.pem")],
                timeout: .seconds(20))
            #expect(!tls11.succeeded, "\(tls11)")
            // The name is checked: localhost is in the certificate, another name is not.
            let localhost = try curl(["--cacert", fixture.path("cert.pem"), server.address.replacing("127.0.0.1", with: "localhost")])
            #expect(localhost.succeeded && localhost.stdout.hasSuffix("200 1.1"), "\(localhost)")
            // Another certificate does not vouch for this server.
            let untrusted = try curl(["--cacert", fixture.path("other-cert.pem"), server.address])
            #expect(!untrusted.succeeded, "\(untrusted)")
            // Plain HTTP on the TLS port: no answer, one line in the log.
            let plain = try curl([server.address.replacing("https://", with: "http://")])
            #expect(!plain.succeeded && !plain.stdout.contains("<html"), "\(plain)")
            var failures = 0
            let deadline = ContinuousClock.now + .seconds(5)
            while failures == 0 && ContinuousClock.now < deadline {
                failures = server.logText.split(separator: "\n").filter { $0.contains("web: TLS handshake with 127.0.0.1:") }.count
                usleep(20_000)
            }
            #expect(failures >= 1, "\(server.logText)")
            #expect(server.logText.contains("failed: http request; connection closed"), "\(server.logText)")
            #expect(!server.logText.contains("Error handling"), "\(server.logText)")
            #expect(server.stop() == 0)
        }
    }

    @Test func aClientThatNeverCompletesTheHandshakeIsClosedWithOneLine() throws {
        try Self.withCertificates { fixture in
            let server = try Server(["--tls-cert", fixture.path("cert.pem"), "--tls-key", fixture.path("key.pem")], scratch: fixture)
            // The first bytes of a record header, then silence; `cat` ends when the server closes the socket.
            let script = "exec 3<>/dev/tcp/127.0.0.1/\(server.port); printf '\\026\\003\\001' >&3; timeout 25 cat <&3"
            let silent = try run("/bin/bash", arguments: ["-c", script], timeout: .seconds(40))
            #expect(silent.termination == .exited(0), "\(silent)")
            let lines = server.logText.split(separator: "\n").filter { $0.contains("web: TLS handshake with 127.0.0.1:") }
            #expect(
                lines.count == 1 && lines[0].hasSuffix("failed: not completed within 10 seconds; connection closed"), "\(server.logText)")
            #expect(server.stop() == 0)
        }
    }

    @Test func everyAddressIsServedWithTLSAndNamedByTheCertificate() throws {
        try Self.withCertificates { fixture in
            let server = try Server(
                ["--bind", "0.0.0.0", "--tls-cert", fixture.path("cert.pem"), "--tls-key", fixture.path("key.pem")], scratch: fixture)
            // The address names the certificate's first name, what a browser checks, not 0.0.0.0.
            #expect(server.address.hasPrefix("https://127.0.0.1:"), "\(server.address)")
            let page = try curl(["--cacert", fixture.path("cert.pem"), server.address])
            #expect(page.succeeded && page.stdout.hasSuffix("200 1.1"), "\(page)")
            #expect(server.stop() == 0)
        }
    }

    @Test func withoutTLSANonLoopbackBindIsRefusedWithTheOptionsToPass() throws {
        let output = try ListInspectSupport.run(["serve", "--bind", "0.0.0.0"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output)")
        #expect(output.stderr.contains("--bind 0.0.0.0: only loopback addresses"), "\(output)")
        #expect(output.stderr.contains("--tls-cert FILE --tls-key FILE"), "\(output)")
    }

    @Test(arguments: [
        (["--tls-cert", "missing.pem", "--tls-key", "key.pem"], "--tls-cert F/missing.pem: cannot read it: No such file or directory"),
        (["--tls-cert", "cert.pem", "--tls-key", "."], "--tls-key F/.: cannot read it: Is a directory"),
        (["--tls-cert", "key.pem", "--tls-key", "key.pem"], "--tls-cert F/key.pem: not a PEM certificate"),
        (["--tls-cert", "cert.pem", "--tls-key", "cert.pem"], "--tls-key F/cert.pem: not an unencrypted PEM private key"),
        (["--tls-cert", "cert.pem", "--tls-key", "encrypted.pem"], "--tls-key F/encrypted.pem: not an unencrypted PEM private key"),
        (
            ["--tls-cert", "cert.pem", "--tls-key", "other-key.pem"],
            "--tls-key F/other-key.pem: not the private key of --tls-cert F/cert.pem"
        ),
    ])
    func badCertificateOrKeyFilesAreOneLineAndStatus2BeforeAnythingIsServed(arguments: [String], message: String) throws {
        try Self.withCertificates { fixture in
            let paths = arguments.map { $0.hasPrefix("--") ? $0 : fixture.path($0) }
            let output = try ListInspectSupport.run(["serve", "--port", "0", "--log", fixture.path("log")] + paths)
            let expected = message.replacing("F/", with: fixture.directory + "/")
            #expect(output.status == 2, "\(output)")
            #expect(output.stdout.isEmpty, "\(output)")
            #expect(output.stderr.split(separator: "\n").count == 1, "\(output)")
            #expect(output.stderr.contains(expected), "\(output)")
            // Nothing of a session ran.
            #expect(!FileManager.default.fileExists(atPath: fixture.path("log")))
        }
    }
}
