import Logging
import TabHostWebProtocol

/// Where the web front end listens and whom it lets in.
public struct WebSettings: Sendable {
    /// The address to bind: a loopback address (`127.0.0.1`, `::1`, `localhost`); others only with `tls`.
    public var bindAddress: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// The token the address carries; a fresh random one by default.
    public var token: String
    /// Where refused requests and ignored messages are logged (the session's log).
    public var logger: Logger
    /// The certificate and key to serve HTTPS with; nil serves plain HTTP (loopback only).
    public var tls: TLSIdentity?
    /// Connections open at once; more are closed as they arrive (any local process may connect, the
    /// token being checked on the WebSocket only).
    public var maximumConnections = 256
    /// How long a connection may stay before the server answered anything on it (a request sent in
    /// part, or not at all); then it is closed.
    public var firstAnswerTimeout = Duration.seconds(10)
    /// The most a client that is not a page may send without an answer (a request head without end);
    /// then its connection is closed.
    public var maximumUnansweredBytes = 1 << 16

    /// Settings for `bindAddress:port`.
    public init(
        bindAddress: String = "127.0.0.1", port: Int = 0, token: String = WebAccess.randomToken(), tls: TLSIdentity? = nil,
        logger: Logger
    ) {
        self.bindAddress = bindAddress
        self.port = port
        self.token = token
        self.tls = tls
        self.logger = logger
    }

    /// The address the server binds and names in the address it prints: `bindAddress`, but `localhost`
    /// (in any case) is 127.0.0.1. The server listens on one address only, and a browser given
    /// `localhost` tries `::1` first, where any local process could listen on the same port and take the
    /// token from the first request; with TLS the name stays, for the certificate (another process has
    /// not its key).
    public var listenAddress: String {
        tls == nil && bindAddress.lowercased() == "localhost" ? "127.0.0.1" : bindAddress
    }

    /// Why `bindAddress` is refused, or nil: without TLS only loopback addresses are served, since the
    /// page and its token would travel in clear text (reach it from elsewhere through an SSH tunnel).
    public var bindRefusal: String? { WebAddress.bindRefusal(for: bindAddress, tls: tls != nil) }
}
