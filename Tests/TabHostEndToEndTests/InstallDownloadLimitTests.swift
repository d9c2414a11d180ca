import Foundation
import TabHostTesting
import Testing

/// `tabhost install URL` from a server that trickles a byte every 0.9 s gives up at the deadline
/// (`TABHOST_DOWNLOAD_TIMEOUT`, 2 s here) with one line, and installs nothing; the same file at full
/// speed from the same server is downloaded whole (and then refused: it is not a bundle).
@Suite(.blocking)
struct InstallDownloadLimitTests {
    typealias S = ListInspectSupport

    @Test func aTricklingServerIsAbandonedAtTheDeadline() throws {
        try S.withDirectory { dir in
            let served = dir + "/served"
            let modules = dir + "/modules"
            for directory in [served, modules] { mkdir(directory, 0o700) }
            try Data((0..<4096).map { UInt8($0 & 0xFF) }).write(to: URL(fileURLWithPath: served + "/clock-1.0.0.tabmod"))
            let server = try HTTPSTestServer(root: served)
            let environment = [
                "XDG_CONFIG_HOME": dir + "/config", "XDG_DATA_HOME": dir + "/data", "SSL_CERT_FILE": server.caFile,
                "TABHOST_DOWNLOAD_TIMEOUT": "2",
            ]
            let start = ContinuousClock.now
            let trickled = try S.run(
                ["install", server.url("drip/clock-1.0.0.tabmod?bytes=1&every=0.9"), "--yes", "--modules", modules],
                environment: environment)
            let took = ContinuousClock.now - start
            #expect(trickled.status != 0, "\(trickled)")
            #expect(took < .seconds(15), "\(took)")
            let lines = trickled.stderr.split(separator: "\n").filter { !$0.contains("\r") }
            #expect(lines.count == 1 && lines[0].contains("too slow") && lines[0].contains("TABHOST_DOWNLOAD_TIMEOUT"), "\(trickled)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: modules).filter { !$0.hasPrefix(".") }.isEmpty)

            let whole = try S.run(["install", server.url("clock-1.0.0.tabmod"), "--yes", "--modules", modules], environment: environment)
            #expect(whole.status != 0 && !whole.stderr.contains("too slow"), "\(whole)")
            #expect(server.requests.contains("/clock-1.0.0.tabmod"))
        }
    }
}
