import TabHostTesting
import TabHostWeb
import Testing

/// Loading a certificate chain and key (`TLSIdentity`): the name an address uses, and one line per bad file.
/// Certificates are made by the `openssl` command in a temporary directory.
@Suite(.blocking)
struct TLSIdentityTests {
    private func makeCertificate(_ fixture: Fixture, _ name: String, subject: String, altNames: String?) throws {
        let made = try run(
            "/usr/bin/openssl",
            arguments: [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", subject, "-days", "2",
                "-keyout", fixture.path(name + "-key.pem"), "-out", fixture.path(name + "-cert.pem"),
            ] + (altNames.map { ["-addext", "subjectAltName=" + $0] } ?? []))
        try #require(made.succeeded, "\(made)")
    }

    @Test(
        arguments: [
            ("/CN=ignored", "IP:127.0.0.1,DNS:localhost", "127.0.0.1"),
            ("/CN=ignored", "DNS:*.example.org,DNS:host.example.org", "host.example.org"),
            ("/CN=ignored", "IP:::1", "::1"),
            ("/CN=named.example", nil, "named.example"),
        ] as [(String, String?, String)])
    func theCertificateNamesTheHostOfTheAddress(subject: String, altNames: String?, name: String) throws {
        let fixture = try Fixture(prefix: "tabhost-tls")
        defer { fixture.remove() }
        try makeCertificate(fixture, "a", subject: subject, altNames: altNames)
        let identity = try TLSIdentity.load(certificatePath: fixture.path("a-cert.pem"), keyPath: fixture.path("a-key.pem"))
        #expect(identity.certificateName == name)
    }

    @Test func aKeyOfAnotherTypeIsNotTheCertificatesKey() throws {
        let fixture = try Fixture(prefix: "tabhost-tls")
        defer { fixture.remove() }
        try makeCertificate(fixture, "a", subject: "/CN=a", altNames: nil)
        let rsa = try run("/usr/bin/openssl", arguments: ["genpkey", "-algorithm", "RSA", "-out", fixture.path("rsa.pem")])
        try #require(rsa.succeeded, "\(rsa)")
        #expect {
            try TLSIdentity.load(certificatePath: fixture.path("a-cert.pem"), keyPath: fixture.path("rsa.pem"))
        } throws: { error in
            let line = "\(error)"
            return line.hasPrefix("--tls-key \(fixture.path("rsa.pem")): not the private key of --tls-cert \(fixture.path("a-cert.pem"))")
                && !line.contains("\n") && line.hasSuffix("pass the key the certificate was made for")
        }
    }
}
