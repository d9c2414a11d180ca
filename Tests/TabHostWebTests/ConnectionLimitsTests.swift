import Foundation
import TabHostTesting
import Testing

/// Any local process may connect to `tabhost serve` (the token is checked on the WebSocket upgrade
/// only): one that opened 20,000 sockets, each sending half a request, took every descriptor the host
/// had, and opening a module file then failed. The server holds at most 256 connections and closes one
/// it has answered nothing on after 10 s. A client that held all 256, keeping each busy with a request
/// every 30 s, kept every new page out (and a page of another origin in the user's browser could do the
/// same): a newcomer now takes the place of the oldest connection that is not a page's WebSocket.
@Suite(.tags(.slow), .selectedByTags, .hangGuard, .blocking)
struct ConnectionLimitsTests {
    @Test func connectionsPastTheLimitPushOutTheOldestAndHalfRequestsEndAfterTheirTime() throws {
        let host = try ServedHost()
        var sockets: [LoopbackSocket] = []
        // Half of them send half a request, the others nothing.
        for index in 0..<260 {
            let socket = try host.connect()
            if index % 2 == 0 { try socket.write(Array("GET / HTTP/1.1\r\n".utf8)) }
            sockets.append(socket)
            // The server's event loops admit connections made together in any order: the first four
            // are admitted well before the others, and so are the oldest.
            if index == 3 { usleep(300_000) }
        }
        // The four oldest go to make room for the last four; the control: the 256 after them are held.
        usleep(2_000_000)
        let closedAtOnce = sockets.indices.filter { sockets[$0].isClosedByServer(within: .milliseconds(1)) }
        #expect(closedAtOnce == [0, 1, 2, 3])
        // None of the held ones sent a whole request: each goes after its 10 s.
        usleep(10_000_000)
        let closedLater = sockets.filter { $0.isClosedByServer(within: .seconds(2)) }.count
        #expect(closedLater == 260)
        sockets.removeAll()
        #expect(try host.get("/?token=" + host.token).status == 200)
        let log = try String(contentsOfFile: host.logPath, encoding: .utf8)
        #expect(
            log.contains(
                "web: closed the oldest of 256 open connection(s) to admit a new one, 1 time(s) (a local process holding sockets?)"))
        #expect(log.contains("web: closed a connection that sent no whole request within 10 s"))
        // Each silent connection the server closed wrote a line of the WebSocket library's ("Error handling
        // upgrade result") before its lines went through the front end's budget: now at most 20 a second,
        // and one that counts the rest.
        let webLines = log.split(separator: "\n").filter { $0.contains("web: ") || $0.contains("Error handling") }
        let perSecond = Dictionary(grouping: webLines) { $0.prefix(20) }
        #expect(perSecond.values.map(\.count).max() ?? 0 <= 21, "\(perSecond.mapValues(\.count))")
    }

    /// 256 connections each answered and kept busy (a client re-sending a request on each before the idle
    /// timeout): a page still loads, and the oldest of them is the one closed for it. The control: pages'
    /// WebSockets, which hold the token, are never pushed out, so 256 of them do keep a newcomer out.
    @Test func answeredConnectionsGiveWayToAPageButPagesDoNot() throws {
        let host = try ServedHost()
        let favicon = "GET /favicon.svg HTTP/1.1\r\nHost: 127.0.0.1:\(host.port)\r\n\r\n"
        var held: [LoopbackSocket] = []
        for _ in 0..<256 {
            let socket = try host.connect()
            #expect(try socket.get("/favicon.svg", headers: [:], port: host.port).status == 200)
            held.append(socket)
        }
        // Busy again, as the holder keeps them: each gets its answer and stays open.
        for socket in held { try socket.write(Array(favicon.utf8)) }
        #expect(held.allSatisfy { !$0.isClosedByServer(within: .milliseconds(100)) })
        #expect(try host.get("/?token=" + host.token).status == 200)
        #expect(held[0].isClosedByServer(within: .seconds(2)))
        #expect(!held[1].isClosedByServer(within: .milliseconds(200)))
        held.removeAll()

        // Room again (the held ones are closed by the client): 256 pages take every place.
        usleep(500_000)
        var pages: [LoopbackSocket] = []
        for _ in 0..<256 { pages.append(try host.openWebSocket()) }
        let newcomer = try host.connect()
        #expect(newcomer.isClosedByServer(within: .seconds(2)), "every place is a page's: the newcomer is refused")
        #expect(!pages[0].isClosedByServer(within: .milliseconds(200)), "the oldest page stays")
        #expect(host.waitForLog("web: refused 1 connection(s): 256 pages are open already"))
    }

    /// A request head without end was read for as long as it was sent (gigabytes in seconds, a core's
    /// worth of the host's time): the connection is closed once 64 KiB came without an answer. The
    /// control: a request with 48 KiB of headers is answered.
    @Test func aRequestHeadWithoutEndIsCut() throws {
        let host = try ServedHost()
        let padding = String(repeating: "a", count: 48 * 1024)
        #expect(try host.get("/favicon.svg", headers: ["X-Padding": padding]).status == 200)
        let socket = try host.connect()
        try socket.write(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(host.port)\r\nX-Padding: ".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 1024)
        for _ in 0..<64 where (try? socket.write(chunk)) != nil {}
        #expect(socket.isClosedByServer(within: .seconds(5)))
        #expect(host.waitForLog("web: closed a connection that sent more than 65536 bytes without a whole request"))
    }
}
