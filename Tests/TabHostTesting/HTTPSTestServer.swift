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
    /// With `holdAfter` (a path such as `/feed.json`), `hold()` stops the server right after it next sends
    /// that path, so a test can change the served files at that moment (see `isHeld`, `release()`).
    public init(root: String, holdAfter: String? = nil) throws {
        self.root = root
        keys = try Fixture()
        let control = keys.directory + "/control"
        try FileManager.default.createDirectory(atPath: control, withIntermediateDirectories: false)
        let cert = keys.directory + "/cert.pem"
        let key = keys.directory + "/key.pem"
        try TestCertificate.make(
            keyPath: key, certificatePath: cert, subject: "/CN=127.0.0.1", alternativeNames: TestCertificate.loopbackNames)
        caFile = cert
        process = try RunningProcess(
            "/usr/bin/python3",
            arguments: [Products.repositoryRoot + "/Tests/Fixtures/https_server.py", "--root", root, "--cert", cert, "--key", key]
                + (holdAfter.map { ["--hold-after", $0, "--control", control] } ?? []))
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

    /// Arms the hold: the next answer for the `holdAfter` path is sent, then no request is answered until
    /// `release()`.
    public func hold() throws {
        try Data().write(to: URL(fileURLWithPath: keys.directory + "/control/armed"))
    }

    /// Whether the server has sent the `holdAfter` path and waits for `release()`.
    public var isHeld: Bool { access(keys.directory + "/control/held", F_OK) == 0 }

    /// Lets the held server answer again.
    public func release() { unlink(keys.directory + "/control/held") }

    /// The paths requested so far, in order.
    public var requests: [String] { process.stderrSoFar.split(separator: "\n").map(String.init) }
}
