import Foundation

/// A real HTTPS server on loopback for tests (Tests/Fixtures/https_server.py): serves `root` with a
/// certificate made here with `openssl` for 127.0.0.1 and localhost, which `caFile` trusts. Stopped
/// (and its certificate removed) when it goes away.
public final class HTTPSTestServer {
    /// The served directory.
    public let root: String
    /// The server's certificate: trust it (as `SSL_CERT_FILE`) to reach it.
    public let caFile: String
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let process: RunningProcess
    private let keys: Fixture

    /// Starts serving `root`; throws when the certificate cannot be made or the server does not start.
    public init(root: String) throws {
        self.root = root
        keys = try Fixture()
        let cert = keys.directory + "/cert.pem"
        let key = keys.directory + "/key.pem"
        try TestCertificate.make(
            keyPath: key, certificatePath: cert, subject: "/CN=127.0.0.1", alternativeNames: TestCertificate.loopbackNames)
        caFile = cert
        process = try RunningProcess(
            "/usr/bin/python3",
            arguments: [Products.repositoryRoot + "/Tests/Fixtures/https_server.py", "--root", root, "--cert", cert, "--key", key])
        let deadline = ContinuousClock.now + .seconds(10)
        var found: Int?
        while found == nil && ContinuousClock.now < deadline && process.isRunning {
            if let line = process.stdoutSoFar.split(separator: "\n").first, line.hasPrefix("PORT ") {
                found = Int(line.dropFirst(5))
            } else {
                usleep(20_000)
            }
        }
        guard let found else {
            process.signal(SIGKILL)
            throw FixtureError("the HTTPS test server did not start: \(process.stderrSoFar)")
        }
        port = found
    }

    deinit {
        process.signal(SIGKILL)
        _ = process.wait(timeout: .seconds(5))
        keys.remove()
    }

    /// `https://127.0.0.1:PORT/` + `path`.
    public func url(_ path: String) -> String { "https://127.0.0.1:\(port)/" + path }

    /// The paths requested so far, in order.
    public var requests: [String] { process.stderrSoFar.split(separator: "\n").map(String.init) }
}
