import TabHostTesting
import Testing

/// `_CTLSShims`, tested from C: `tabhost_tls_driver.c` drives a server connection against OpenSSL's own
/// client over memory BIOs (handshake with verification by IP address and ALPN, a request read whole
/// from records that arrive a byte at a time, a response of several records, close_notify both ways,
/// plain HTTP and TLS 1.1 refused) and every refusal of a certificate or key file. Built with
/// AddressSanitizer and UndefinedBehaviorSanitizer; LeakSanitizer at exit fails it if an error path leaks.
@Suite(.blocking)
struct TLSShimTests {
    @Test func everyCasePassesUnderAddressSanitizer() throws {
        let fixture = try Fixture(prefix: "tabhost-tls-shim")
        defer { fixture.remove() }
        try TestCertificate.make(
            keyPath: fixture.path("key.pem"), certificatePath: fixture.path("cert.pem"), subject: "/CN=127.0.0.1",
            alternativeNames: TestCertificate.loopbackNames)
        try TestCertificate.make(
            keyPath: fixture.path("other-key.pem"), certificatePath: fixture.path("other-cert.pem"), subject: "/CN=other")
        _ = try fixture.write("garbage.pem", text: "not a certificate\n")
        let repo = Fixture.repoRoot
        let driver = fixture.path("tabhost_tls_driver")
        try Fixture.runChecked(
            "/usr/bin/env",
            [
                "clang", "-fuse-ld=lld", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g", "-Wall", "-Wextra", "-Werror",
                "-std=gnu11", "-I\(repo)/Sources/_CTLSShims/include", "\(repo)/Tests/TabHostWebTests/tabhost_tls_driver.c",
                "\(repo)/Sources/_CTLSShims/tabhost_tls.c", "-lssl", "-lcrypto", "-o", driver,
            ])
        let result = try run(driver, arguments: [fixture.directory], timeout: .seconds(60))
        #expect(result.succeeded, "\(result)")
        #expect(!result.stdout.contains("FAIL"), "\(result)")
        for name in ["load_refusals", "certificate_name", "handshake_records_close", "byte_at_a_time", "refused_handshakes"] {
            #expect(result.stdout.contains("ok \(name)\n"), "\(name): \(result)")
        }
    }
}
