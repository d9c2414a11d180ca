import Foundation
import TabHostTesting
import Testing

/// The log lines a client can cause without the token (a refused WebSocket, a connection closed
/// unanswered, an ignored message, a failed TLS handshake) are at most 20 a second, the rest counted in
/// one line: a client asking as fast as it could wrote thousands a second and rotated the host's history
/// out of the log.
@Suite(.tags(.slow), .selectedByTags, .hangGuard, .blocking)
struct WebLogBudgetTests {
    @Test func refusalsPastTwentyASecondAreCountedInOneLine() throws {
        let host = try ServedHost()
        let start = ContinuousClock.now
        for _ in 0..<200 { #expect(try host.get("/ws").status == 401) }
        let spent = ContinuousClock.now - start
        usleep(1_100_000)
        #expect(try host.get("/ws").status == 401)
        let lines = try String(contentsOfFile: host.logPath, encoding: .utf8).split(separator: "\n")
        let refusals = lines.filter { $0.contains("web: refused a WebSocket: ") }.count
        let counted = lines.filter { $0.contains(" more lines dropped (over 20 a second)") }
        // The control: refusals do reach the log, 20 in each second the 200 took, and the one after.
        #expect(refusals >= 21, "\(lines)")
        let seconds = Int(spent.components.seconds) + 1
        #expect(refusals <= 20 * seconds + 1, "\(refusals) lines in \(spent)")
        #expect(!counted.isEmpty, "\(lines)")
    }
}
