import Logging

/// Where the web front end listens and whom it lets in.
public struct WebSettings: Sendable {
    /// The address to bind: a loopback address (`127.0.0.1`, `::1`, `localhost`); others are refused.
    public var bindAddress: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// The token the address carries; a fresh random one by default.
    public var token: String
    /// Where refused requests and ignored messages are logged (the session's log).
    public var logger: Logger

    /// Settings for `bindAddress:port`.
    public init(bindAddress: String = "127.0.0.1", port: Int = 0, token: String = WebAccess.randomToken(), logger: Logger) {
        self.bindAddress = bindAddress
        self.port = port
        self.token = token
        self.logger = logger
    }

    /// Parses `[ADDR:]PORT` (`8080`, `127.0.0.1:8080`, `[::1]:8080`).
    public static func parseAddress(_ text: String) -> (address: String?, port: Int)? {
        var address: String?
        var portText = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            address = String(text[text.index(after: text.startIndex)..<close])
            portText = text[text.index(after: close)...]
            guard portText.first == ":" else { return nil }
            portText = portText.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            address = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        guard let port = Int(portText), (0...65535).contains(port), address?.isEmpty != true else { return nil }
        return (address, port)
    }

    /// Why `bindAddress` is refused, or nil: only loopback addresses are served, since the page
    /// and its token travel in clear text (reach it from elsewhere through an SSH tunnel).
    public var bindRefusal: String? { Self.bindRefusal(for: bindAddress) }

    /// Why binding `address` is refused, or nil (see `bindRefusal`).
    public static func bindRefusal(for address: String) -> String? {
        WebAccess.isLoopback(hostName: address)
            ? nil
            : "\(address): only loopback addresses (127.0.0.1, ::1, localhost) are served: the page and its token travel unencrypted; from another machine use an SSH tunnel (ssh -L PORT:127.0.0.1:PORT HOST)"
    }
}
