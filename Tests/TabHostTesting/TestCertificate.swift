/// Self-signed certificates for the TLS and HTTPS tests, made with `openssl` (P-256, valid two days).
public enum TestCertificate {
    /// The subjectAltName of a certificate for the loopback server: `127.0.0.1` and `localhost`.
    public static let loopbackNames = "IP:127.0.0.1,DNS:localhost"

    /// Writes a key (`keyPath`, unencrypted) and a self-signed certificate for it (`certificatePath`) for
    /// `subject` ("/CN=127.0.0.1"), with `alternativeNames` as its subjectAltName when given.
    public static func make(keyPath: String, certificatePath: String, subject: String, alternativeNames: String? = nil) throws {
        let names = alternativeNames.map { ["-addext", "subjectAltName=" + $0] } ?? []
        let made = try run(
            "/usr/bin/openssl",
            arguments: [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", subject, "-days", "2",
                "-keyout", keyPath, "-out", certificatePath,
            ] + names)
        guard made.succeeded else { throw FixtureError("openssl could not make a certificate for \(subject): \(made.stderr)") }
    }
}
