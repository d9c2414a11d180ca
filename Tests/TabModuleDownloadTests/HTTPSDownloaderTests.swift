import Foundation
import TabHostTesting
import TabModuleDownload
import Testing

/// `HTTPSDownloader` against a real HTTPS server on loopback with a certificate made for the test:
/// a verified download with progress, and each refusal as one line (plain http, a redirect to http, an
/// untrusted certificate, an error status, past the size limit, nothing listening).
@Suite(.serialized, .blocking)
struct HTTPSDownloaderTests {
    /// A served directory holding `module.tabmod` (1 MiB of varied bytes) and `feed.json`.
    private static func withServer(_ body: (HTTPSTestServer, _ scratch: String, _ payload: [UInt8]) throws -> Void) throws {
        let served = try Fixture()
        defer { served.remove() }
        let scratch = try Fixture()
        defer { scratch.remove() }
        var generator = SystemRandomNumberGenerator()
        let payload = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(payload).write(to: URL(fileURLWithPath: served.directory + "/module.tabmod"))
        try Data(#"{"version": "1.2.0"}"#.utf8).write(to: URL(fileURLWithPath: served.directory + "/feed.json"))
        let server = try HTTPSTestServer(root: served.directory)
        try body(server, scratch.directory, payload)
    }

    @Test func aTrustedServersFileArrivesWholeWithProgress() throws {
        try Self.withServer { server, scratch, payload in
            let downloader = HTTPSDownloader(caFile: server.caFile, caDirectory: nil)
            var reports: [(UInt64, UInt64)] = []
            let path = scratch + "/module.tabmod"
            let count = try downloader.download(server.url("module.tabmod"), to: path, maximumBytes: 2 << 20) { reports.append(($0, $1)) }
            #expect(count == UInt64(payload.count))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(payload))
            #expect(reports.last.map { $0.0 == UInt64(payload.count) && $0.1 == UInt64(payload.count) } == true, "\(reports.suffix(3))")
            #expect(reports.count > 1)
            var info = stat()
            #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
            #expect(try downloader.fetch(server.url("feed.json"), maximumBytes: 4096) == Array(#"{"version": "1.2.0"}"#.utf8))
            // A redirect that stays on https is followed.
            #expect(try downloader.fetch(server.url("redirect/feed.json"), maximumBytes: 4096).count == 20)
        }
    }

    @Test func sslCertFileIsHonoured() throws {
        try Self.withServer { server, _, _ in
            setenv("SSL_CERT_FILE", server.caFile, 1)
            defer { unsetenv("SSL_CERT_FILE") }
            let bytes = try HTTPSDownloader().fetch(server.url("feed.json"), maximumBytes: 4096)
            #expect(bytes.count == 20)
        }
    }

    @Test(arguments: ["http://127.0.0.1:1/module.tabmod", "HTTP://example.org/x", "ftp://example.org/x", "/tmp/x.tabmod", "https://"])
    func anythingButHTTPSIsRefusedBeforeAConnection(url: String) throws {
        #expect(throws: DownloadError.self) { try HTTPSDownloader().fetch(url, maximumBytes: 10) }
        do {
            _ = try HTTPSDownloader().fetch(url, maximumBytes: 10)
        } catch {
            #expect(error.code == .notHTTPS)
            #expect(error.description.hasPrefix("\(url): "))
            if url.lowercased().hasPrefix("http://") { #expect(error.reason == "plain http is refused: a module must come over https") }
        }
    }

    @Test func aRedirectToPlainHTTPIsRefused() throws {
        try Self.withServer { server, scratch, _ in
            let path = scratch + "/x"
            let error = #expect(throws: DownloadError.self) {
                try HTTPSDownloader(caFile: server.caFile).download(
                    server.url("redirect-http/module.tabmod"), to: path, maximumBytes: 2 << 20)
            }
            #expect(error?.code == .notHTTPS, "\(String(describing: error))")
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(!server.requests.contains("/module.tabmod"))
        }
    }

    @Test func anUntrustedCertificateIsRefused() throws {
        try Self.withServer { server, scratch, _ in
            // Trust another CA: this server's certificate is then unknown.
            let other = try HTTPSTestServer(root: scratch)
            let error = #expect(throws: DownloadError.self) {
                try HTTPSDownloader(caFile: other.caFile).fetch(server.url("feed.json"), maximumBytes: 4096)
            }
            #expect(error?.code == .certificate, "\(String(describing: error))")
            #expect(error?.hint.contains("SSL_CERT_FILE") == true)
            // The name must match too: localhost is in the certificate, 127.0.0.2 is not.
            let wrongName = #expect(throws: DownloadError.self) {
                try HTTPSDownloader(caFile: server.caFile).fetch("https://127.0.0.2:\(server.port)/feed.json", maximumBytes: 4096)
            }
            #expect(wrongName?.code == .certificate || wrongName?.code == .network, "\(String(describing: wrongName))")
        }
    }

    @Test func anErrorStatusIsOneLine() throws {
        try Self.withServer { server, scratch, _ in
            let path = scratch + "/missing"
            let error = #expect(throws: DownloadError.self) {
                try HTTPSDownloader(caFile: server.caFile).download(server.url("missing.tabmod"), to: path, maximumBytes: 4096)
            }
            #expect(error?.description == "\(server.url("missing.tabmod")): the server answered HTTP 404; check the URL")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test(arguments: ["module.tabmod", "announce-huge", "endless"])
    func pastTheLimitNothingIsKept(path: String) throws {
        try Self.withServer { server, scratch, _ in
            let file = scratch + "/big"
            let error = #expect(throws: DownloadError.self) {
                try HTTPSDownloader(caFile: server.caFile).download(server.url(path), to: file, maximumBytes: 4096)
            }
            #expect(error?.code == .tooLarge, "\(String(describing: error))")
            #expect(error?.reason == "larger than the 4096 bytes allowed")
            #expect(!FileManager.default.fileExists(atPath: file))
        }
    }

    @Test func nothingListeningIsANetworkError() throws {
        let error = #expect(throws: DownloadError.self) { try HTTPSDownloader().fetch("https://127.0.0.1:1/feed.json", maximumBytes: 10) }
        #expect(error?.code == .network, "\(String(describing: error))")
    }

    /// The limits a test can wait for: below 64 bytes/s for 2 s, or 3 s in all.
    private static func impatient(_ server: HTTPSTestServer) -> HTTPSDownloader {
        var downloader = HTTPSDownloader(caFile: server.caFile)
        downloader.stallSeconds = 2
        downloader.minimumBytesPerSecond = 64
        downloader.deadlineSeconds = 3
        return downloader
    }

    /// A server sending one byte every 0.9 s never stalls a byte-a-second limit; the rate limit ends it.
    @Test func aServerTricklingAByteEvery900msIsAbandoned() throws {
        try Self.withServer { server, scratch, payload in
            let downloader = Self.impatient(server)
            let file = scratch + "/trickled"
            let start = ContinuousClock.now
            let error = #expect(throws: DownloadError.self) {
                try downloader.download(server.url("drip/module.tabmod?bytes=1&every=0.9"), to: file, maximumBytes: 2 << 20)
            }
            let took = ContinuousClock.now - start
            #expect(error?.code == .tooSlow, "\(String(describing: error))")
            #expect(error?.description.contains("too slow") == true && error?.hint.contains("TABHOST_DOWNLOAD_TIMEOUT") == true)
            #expect(took < .seconds(6), "\(took)")
            #expect(!FileManager.default.fileExists(atPath: file))
            // Control: the same file from the same server at full speed, with the same limits, arrives.
            let whole = scratch + "/whole"
            let count = try downloader.download(server.url("module.tabmod"), to: whole, maximumBytes: 2 << 20)
            #expect(count == UInt64(payload.count))
        }
    }

    /// Fast enough never to stall (160 KiB/s), but 1 MiB that way takes 6.5 s: the deadline ends it at 3.
    @Test func aTransferPastTheDeadlineIsAbandoned() throws {
        try Self.withServer { server, scratch, _ in
            let downloader = Self.impatient(server)
            let start = ContinuousClock.now
            let error = #expect(throws: DownloadError.self) {
                try downloader.fetch(server.url("drip/module.tabmod?bytes=16384&every=0.1"), maximumBytes: 2 << 20)
            }
            let took = ContinuousClock.now - start
            #expect(error?.code == .tooSlow, "\(String(describing: error))")
            #expect(took >= .seconds(2) && took < .seconds(6), "\(took)")
            // Control: a small file dripped at the same pace arrives within the deadline.
            let feed = try downloader.fetch(server.url("drip/feed.json?bytes=8&every=0.1"), maximumBytes: 4096)
            #expect(feed.count == 20)
        }
    }

    @Test func theLimitsComeFromTheEnvironmentWhenSet() {
        setenv("TABHOST_DOWNLOAD_TIMEOUT", "42", 1)
        setenv("TABHOST_DOWNLOAD_MIN_SPEED", "nonsense", 1)
        defer {
            unsetenv("TABHOST_DOWNLOAD_TIMEOUT")
            unsetenv("TABHOST_DOWNLOAD_MIN_SPEED")
        }
        let downloader = HTTPSDownloader()
        #expect(downloader.deadlineSeconds == 42)
        #expect(downloader.minimumBytesPerSecond == HTTPSDownloader.defaultMinimumBytesPerSecond)
        #expect(HTTPSDownloader().stallSeconds == 30)
    }

    @Test func anExistingFileIsNotOverwritten() throws {
        try Self.withServer { server, scratch, _ in
            let path = scratch + "/kept"
            try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: DownloadError.self) {
                try HTTPSDownloader(caFile: server.caFile).download(server.url("feed.json"), to: path, maximumBytes: 4096)
            }
            #expect(error?.code == .write)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
        }
    }
}
