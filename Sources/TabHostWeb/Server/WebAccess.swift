import TabHostWebProtocol

/// Who may use the web front end: the token, presented on the WebSocket, and the WebSocket's Host and
/// Origin check. Pure values, no I/O.
///
/// - The token is fresh per host process (128 random bits) and stays valid while the host runs, so
///   another browser may open the same address.
/// - No cookie carries it, or anything worth as much: browsers send cookies to every port of 127.0.0.1,
///   so any other server there would receive it. The page keeps the token in `sessionStorage` (per origin,
///   so per port) and presents it when it opens the WebSocket, as one of the subprotocols it offers
///   (`tabhost.token.TOKEN`, beside `tabhost`, the one the server answers with).
/// - The WebSocket upgrade also needs an `Origin` equal to the page's own: `http://` + `Host` and, over
///   plain HTTP, a `Host` that names a loopback host (a page served from an attacker's domain that rebinds
///   to 127.0.0.1 fails here). Over HTTPS the origin is `https://` + `Host` and any host name is accepted:
///   a rebound name fails the browser's certificate check before a request is made.
public struct WebAccess: Sendable, Hashable {
    /// The secret in the address (`?token=`) the page presents on its WebSocket.
    public let token: String

    /// The subprotocol the server answers a WebSocket upgrade with.
    public static let subprotocol = "tabhost"
    /// What the token follows in the subprotocol that presents it.
    public static let tokenSubprotocolPrefix = "tabhost.token."

    /// Access guarded by `token`.
    public init(token: String) {
        self.token = token
    }

    /// A fresh token: 128 bits from the system's random source, as 32 lowercase hex digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[Int(generator.next() & 0xF)] })
    }

    /// What a request's credentials amount to.
    public enum Verdict: Sendable, Hashable {
        /// The token matches.
        case allowed
        /// No token was presented (401).
        case missing
        /// A token was presented and does not match (403).
        case wrong
    }

    /// Checks the token presented in `Sec-WebSocket-Protocol` (`protocols`: the header's values, each
    /// possibly a comma-separated list). Cookies are never looked at.
    public func verdict(webSocketProtocols protocols: [String]) -> Verdict {
        let offered = protocols.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces }
        guard let presented = offered.first(where: { $0.hasPrefix(Self.tokenSubprotocolPrefix) }) else { return .missing }
        return matches(String(presented.dropFirst(Self.tokenSubprotocolPrefix.count))) ? .allowed : .wrong
    }

    /// Compares in time independent of where the strings differ.
    func matches(_ candidate: String) -> Bool {
        let a = Array(candidate.utf8)
        let b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    /// Why a WebSocket upgrade with these `Host` and `Origin` headers is refused, or nil when it is not;
    /// `secure` when the server speaks HTTPS.
    public static func webSocketRefusal(host: String?, origin: String?, secure: Bool = false) -> String? {
        guard let host, !host.isEmpty else { return "no Host header" }
        guard secure || WebAddress.isLoopback(hostName: hostName(ofHostHeader: host)) else {
            return "Host \(host) is not a loopback name"
        }
        guard let origin else { return "no Origin header" }
        let expected = (secure ? "https://" : "http://") + host
        guard origin == expected else { return "Origin \(origin) is not \(expected)" }
        return nil
    }

    /// The name part of a `Host` header: `127.0.0.1:8080` → `127.0.0.1`, `[::1]:80` → `::1`; empty when
    /// what follows the name is not a port of digits alone (`127.0.0.1:8080@evil.example`, which no browser
    /// sends, is then no loopback name).
    static func hostName(ofHostHeader host: String) -> String {
        let name: Substring
        let rest: Substring
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return "" }
            name = host[host.index(after: host.startIndex)..<close]
            rest = host[host.index(after: close)...]
        } else if let colon = host.firstIndex(of: ":") {
            name = host[..<colon]
            rest = host[colon...]
        } else {
            return host
        }
        guard rest.isEmpty || (rest.count > 1 && rest.count <= 6 && rest.first == ":" && rest.dropFirst().allSatisfy(\.isASCIIDigit)) else {
            return ""
        }
        return String(name)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
