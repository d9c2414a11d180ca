import Foundation
import TabHostTesting
import Testing

/// Any local process may connect to `tabhost serve` (the token is checked on the WebSocket upgrade
/// only): one that opened 20,000 sockets, each sending half a request, took every descriptor the host
/// had, and opening a module file then failed. The server now holds at most 256 connections (more are
/// closed as they arrive, one log line) and closes one it has answered nothing on after 10 s.
@Suite(.tags(.slow), .selectedByTags, .hangGuard, .blocking)
struct ConnectionLimitsTests {
    @Test func connectionsPastTheLimitAreClosedAndHalfRequestsEndAfterTheirTime() throws {
        let host = try ServedHost()
        var sockets: [LoopbackSocket] = []
        // Half of them send half a request, the others nothing.
        for index in 0..<260 {
            let socket = try host.connect()
            if index % 2 == 0 { try socket.write(Array("GET / HTTP/1.1\r\n".utf8)) }
            sockets.append(socket)
        }
        // The four past the limit go at once; the control: the 256 before them are held.
        usleep(2_000_000)
        let closedAtOnce = sockets.filter { $0.isClosedByServer(within: .milliseconds(1)) }.count
        #expect(closedAtOnce == 4)
        // More, each closed by the client at once.
        for _ in 0..<300 { _ = try host.connect() }
        // None of the held ones sent a whole request: each goes after its 10 s (all 260 are closed then).
        usleep(10_000_000)
        let closedLater = sockets.filter { $0.isClosedByServer(within: .seconds(2)) }.count
        #expect(closedLater == 260)
        sockets.removeAll()
        // Room again: a page loads.
        #expect(try host.get("/?token=" + host.token).status == 200)
        let log = try String(contentsOfFile: host.logPath, encoding: .utf8)
        #expect(log.contains("web: refused 1 connection(s): 256 are open already (a local process opening sockets?)"))
        #expect(log.contains("web: closed a connection that sent no whole request within 10 s"))
        // Each silent connection the server closed wrote a line of the WebSocket library's ("Error handling
        // upgrade result") before its lines went through the front end's budget: now at most 20 a second,
        // and one that counts the rest.
        let webLines = log.split(separator: "\n").filter { $0.contains("web: ") || $0.contains("Error handling") }
        let perSecond = Dictionary(grouping: webLines) { $0.prefix(20) }
        #expect(perSecond.values.map(\.count).max() ?? 0 <= 21, "\(perSecond.mapValues(\.count))")
    }
}
