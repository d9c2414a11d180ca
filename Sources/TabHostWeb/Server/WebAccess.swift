import TabHostWebProtocol

/// Who may use the web front end: the token check, the session cookie it is exchanged for, and the
/// WebSocket's Host and Origin check. Pure values, no I/O.
///
/// - The token is fresh per host process (128 random bits) and stays valid while the host runs, so
///   another browser may open the same address.
/// - A request carrying the token (`?token=…`) gets an `HttpOnly`, `SameSite=Strict` cookie holding
///   it; later requests (scripts, images, the WebSocket) are authorized by that cookie.
/// - The WebSocket upgrade also needs an `Origin` equal to the page's own: `http://` + `Host` and, over
///   plain HTTP, a `Host` that names a loopback host (a page served from an attacker's domain that rebinds
///   to 127.0.0.1 fails here). Over HTTPS the origin is `https://` + `Host` and any host name is accepted:
///   a rebound name fails the browser's certificate check before a request is made.
public struct WebAccess: Sendable, Hashable {
    /// The secret in the address (`?token=`) and in the session cookie.
    public let token: String
    /// The cookie's name: one per port, since browsers do not separate cookies by port.
    public let cookieName: String
    /// Served over HTTPS: the cookie is `Secure`.
    public let secure: Bool

    /// Access guarded by `token`, its cookie named after `port` (and `Secure` when `secure`).
    public init(token: String, port: Int, secure: Bool = false) {
        self.token = token
        self.secure = secure
        cookieName = "tabhost-\(port)"
    }

    /// A fresh token: 128 bits from the system's random source, as 32 lowercase hex digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[Int(generator.next() & 0xF)] })
    }

    /// What a request's credentials amount to.
    public enum Verdict: Sendable, Hashable {
        /// The token or the cookie matches.
        case allowed
        /// Neither was given (401).
        case missing
        /// A token or cookie was given and does not match (403).
        case wrong
    }

    /// Checks the `token` query parameter, else the session cookie in a `Cookie` header.
    public func verdict(queryToken: String?, cookieHeader: String?) -> Verdict {
        if let queryToken { return matches(queryToken) ? .allowed : .wrong }
        guard let cookie = cookieValue(in: cookieHeader) else { return .missing }
        return matches(cookie) ? .allowed : .wrong
    }

    /// The `Set-Cookie` value that stands for the token from now on.
    public var setCookie: String {
        "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
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

    /// This server's cookie in a `Cookie` header (`a=1; tabhost-8080=…`), or nil.
    func cookieValue(in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0].trimmingSpaces == cookieName { return String(parts[1].trimmingSpaces) }
        }
        return nil
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

    /// The name part of a `Host` header: `127.0.0.1:8080` → `127.0.0.1`, `[::1]:80` → `::1`.
    static func hostName(ofHostHeader host: String) -> String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            return String(host[host.index(after: host.startIndex)..<close])
        }
        if let colon = host.lastIndex(of: ":") { return String(host[..<colon]) }
        return host
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
