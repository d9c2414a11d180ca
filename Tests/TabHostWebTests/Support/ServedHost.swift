import Foundation
import TabHostTesting

#if canImport(Glibc)
import Glibc
#endif

/// A real `tabhost serve --port 0` process (the built binary next to the test bundle), its address
/// read from the first line of its standard output; `stop()` sends SIGTERM and waits. Its scratch
/// directory goes away with it, and the process is killed if it is still running then.
final class ServedHost {
    let process: RunningProcess
    let scratch: Fixture
    let url: String
    let port: Int
    let token: String
    var logPath: String { scratch.path("tabhost.log") }

    /// Starts it with `arguments` after its own, and `environment` over the test's.
    init(arguments: [String] = [], environment: [String: String] = [:]) throws {
        scratch = try Fixture(prefix: "tabhost-web")
        process = try RunningProcess(
            Products.tabhost, arguments: ["serve", "--port", "0", "--no-watch", "--log", scratch.path("tabhost.log")] + arguments,
            environment: ["XDG_CACHE_HOME": scratch.path("cache")].merging(environment) { $1 })
        var output = ""
        let deadline = ContinuousClock.now + .seconds(60)
        while !output.contains("\n") {
            guard ContinuousClock.now < deadline else { throw LoopbackSocket.Failure(description: "tabhost serve printed no address") }
            guard process.isRunning else { throw LoopbackSocket.Failure(description: "tabhost serve ended without an address") }
            usleep(10_000)
            output = process.stdoutSoFar
        }
        url = String(output[..<output.firstIndex(of: "\n")!])
        // http://127.0.0.1:PORT/?token=TOKEN
        let pattern = /^http:\/\/127\.0\.0\.1:([0-9]+)\/\?token=([0-9a-f]{32})$/
        guard let match = url.wholeMatch(of: pattern), let port = Int(match.1) else {
            throw LoopbackSocket.Failure(description: "unexpected first line: \(url)")
        }
        self.port = port
        token = String(match.2)
    }

    /// The `Sec-WebSocket-Protocol` the page offers: the token travels there, never in a cookie.
    var protocols: String { "tabhost, tabhost.token.\(token)" }
    /// What a cookie holding the token would look like (the host sets none and must ignore one).
    var cookie: String { "tabhost-\(port)=\(token)" }
    var origin: String { "http://127.0.0.1:\(port)" }

    /// A fresh connection to the server.
    func connect() throws -> LoopbackSocket { try LoopbackSocket(port: port) }

    /// One GET on a fresh connection.
    func get(_ path: String, headers: [String: String] = [:]) throws -> LoopbackSocket.Response {
        try connect().get(path, headers: headers, port: port)
    }

    /// A WebSocket as the page opens it (the token as a subprotocol, same Origin), its upgrade accepted.
    func openWebSocket() throws -> LoopbackSocket {
        let socket = try connect()
        let response = try socket.upgrade(port: port, headers: ["Sec-WebSocket-Protocol": protocols, "Origin": origin])
        guard response.status == 101 else { throw LoopbackSocket.Failure(description: "upgrade answered \(response.status)") }
        return socket
    }

    /// The log so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits until the log contains `text`.
    func waitForLog(_ text: String, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if log.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// SIGTERM, then the exit status (nil if it did not end within `timeout`).
    func stop(timeout: Duration = .seconds(10)) -> Int32? {
        process.signal(SIGTERM)
        return process.waitIfEnded(within: timeout)?.status
    }
}
