import Dispatch
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import TabHostClient
import TabHostConcurrency
import TabHostWebProtocol
import TabKit

/// The browser front end: an HTTP and WebSocket server (Hummingbird, on its own threads) attached to a
/// live `ScreenSession` as one more subscriber, beside or instead of the terminal.
///
/// - `GET /?token=T`: the page (static HTML, CSS and JavaScript modules, the same bytes in every copy of
///   TabHost: they hold no secret and drive nothing, so they are served to anyone). The page keeps the
///   token in `sessionStorage` and drops it from the address bar; no cookie is ever set.
/// - `GET /ws`: one WebSocket per page, opened with the token as a subprotocol (`WebAccess`). The server
///   sends a full frame on connect, then only the changed top-level fields of `Screen` (`ScreenMessage`);
///   the page sends `ScreenAction`s as JSON, checked against the current screen (`ActionValidation`).
///   Bad messages are logged and ignored.
/// - `GET /image/ID`: an image the current screen shows, by its ticket (`ImageTickets`: the frames carry
///   these addresses instead of paths), read only inside the module and data directories (`ImageAccess`);
///   anything else is 404.
///
/// Create it on the session's loop thread; `start()` binds and returns the address to open.
///
/// ```swift
/// let web = try WebFrontEnd(session: session, settings: WebSettings(port: 0, logger: logger))
/// print(try web.start())          // http://127.0.0.1:PORT/?token=TOKEN
/// session.start(); try loop.run()
/// web.stop()
/// ```
public final class WebFrontEnd: Sendable {
    /// Where it listens and whom it lets in.
    public let settings: WebSettings
    private let handle: ScreenSessionHandle
    private let assets: PageAssets
    private let state: WebState
    private let subscription: ScreenSubscription
    private let server = LockedValue<ServerRun?>(nil)
    /// How many connections the server holds, and for how long before it answered.
    let connectionLimits: ConnectionLimits
    /// The log lines a client can cause, a few a second.
    let logBudget: WebLogBudget

    /// A front end for `session`. Call on the session's loop thread.
    public init(session: any ScreenSession, settings: WebSettings) throws(WebFrontEndError) {
        session.loop.preconditionInEventLoop()
        if let refusal = settings.bindRefusal { throw WebFrontEndError(refusal) }
        self.settings = settings
        assets = try PageAssets.load()
        handle = ScreenSessionHandle(session)
        logBudget = WebLogBudget(logger: settings.logger)
        state = WebState(imageRoots: session.imageDirectories, log: logBudget)
        connectionLimits = ConnectionLimits(settings, log: logBudget)
        subscription = session.subscribe { [state] screen in state.publish(screen) }
    }

    /// The address to open once started: `http://HOST:PORT/?token=TOKEN` (`https://` with TLS).
    public var address: String {
        "\(origin)/?token=\(settings.token)"
    }

    /// `http://HOST:PORT` (`https://` with TLS) of the running server. HOST is the bound address
    /// (`WebSettings.listenAddress`), or for
    /// every address (`0.0.0.0`, `::`) the name the certificate is for, which is what a browser checks.
    public var origin: String {
        var name = settings.listenAddress
        if WebAddress.isUnspecified(hostName: name) { name = settings.tls?.certificateName ?? "127.0.0.1" }
        let host = name.contains(":") ? "[\(name)]" : name
        return "\(settings.tls == nil ? "http" : "https")://\(host):\(state.port ?? settings.port)"
    }

    /// Binds and starts serving on Hummingbird's threads; returns `address` once the port is bound.
    /// Throws when the address cannot be bound. Call once.
    public func start() throws(WebFrontEndError) -> String {
        if settings.port != 0 { state.setPort(settings.port) }
        let bound = DispatchSemaphore(value: 0)
        let failure = LockedValue<String?>(nil)
        let ended = DispatchSemaphore(value: 0)
        let application = makeApplication { [state] port in
            state.setPort(port)
            bound.signal()
        }
        let logger = settings.logger
        let task = Task.detached {
            do {
                try await application.run()
            } catch {
                failure.withLock { $0 = BindFailure.text(error) }
                logger.error("web: the server stopped: \(error)")
            }
            bound.signal()
            ended.signal()
        }
        server.withLock { $0 = ServerRun(task: task, ended: ended) }
        if bound.wait(timeout: .now() + .seconds(30)) == .timedOut {
            throw WebFrontEndError("the web server did not start within 30 seconds")
        }
        if let failure = failure.withLock({ $0 }) ?? (state.port == nil ? "no port was bound" : nil) {
            throw WebFrontEndError("cannot serve on \(settings.bindAddress):\(settings.port): \(failure)")
        }
        // The origin only: the token is the user's (the first line on standard output), never the log's.
        settings.logger.notice("web: serving \(origin)/")
        return address
    }

    /// Closes every page's connection and stops the server (waits up to two seconds for it).
    /// Call on the session's loop thread.
    public func stop() {
        handle.loop.preconditionInEventLoop()
        state.stop()
        handle.withSession { [subscription] session in session.unsubscribe(subscription) }
        guard
            let run = server.withLock({ run in
                defer { run = nil }
                return run
            })
        else { return }
        run.task.cancel()
        _ = run.ended.wait(timeout: .now() + .seconds(2))
    }

    private struct ServerRun: Sendable {
        let task: Task<Void, Never>
        let ended: DispatchSemaphore
    }

    // MARK: Server

    /// The longest WebSocket frame and message read from a page: an action's limit with room to spare,
    /// so a message somewhat over it is read and refused with a line in the log (one far over it ends
    /// the connection). Browsers send a message as one frame.
    static let maximumInboundBytes = ActionValidation.maximumMessageBytes + (1 << 14)

    /// How long an answered plain HTTP connection may stay idle before the server closes it.
    static let idleTimeout = TimeAmount.seconds(60)

    private func makeApplication(onBound: @escaping @Sendable (Int) -> Void) -> some ApplicationProtocol {
        let router = Router()
        router.middlewares.add(SecurityHeadersMiddleware())
        for (path, asset) in assets.assets {
            router.get(RouterPath(path)) { [self] request, _ in page(asset, request: request) }
        }
        router.get("/image/:ticket") { [self] request, context in image(request, ticket: context.parameters.get("ticket")) }
        // A GET /ws without an upgrade lands here: say why.
        router.get("/ws") { [self] request, _ in webSocketRefusalResponse(request) }

        let webSocketRouter = Router(context: PageRequestContext.self)
        webSocketRouter.ws(
            "/ws",
            shouldUpgrade: { [self] request, context in
                // A refused upgrade is answered 400 by the WebSocket upgrader (NIO), and logged here.
                guard let (_, reason) = webSocketRefusal(request) else {
                    connectionLimits.markPage(context.channel)
                    // The page offered two subprotocols (`tabhost` and the one carrying the token): a
                    // browser fails the connection unless the server picks one of them.
                    return .upgrade([.secWebSocketProtocol: WebAccess.subprotocol])
                }
                logBudget.warning("web: refused a WebSocket: \(reason)")
                return .dontUpgrade
            },
            onUpgrade: { [self] inbound, outbound, _ in
                await serve(inbound: inbound, outbound: outbound)
            })

        let hummingbirdLogger = Logger(label: settings.logger.label) { [logBudget] _ in WebLibraryLogHandler(budget: logBudget) }
        let webSocketResponder = webSocketRouter.buildResponder()
        let (tls, log, limits) = (settings.tls, logBudget, connectionLimits)
        let server = HTTPServerBuilder { responder in
            // An answered plain HTTP connection left idle is closed after a while (a page's WebSocket is not).
            let http = HTTP1WebSocketUpgradeChannel(
                responder: responder, webSocketResponder: webSocketResponder,
                configuration: .init(http1: .init(idleTimeout: Self.idleTimeout), ws: .init(maxFrameSize: Self.maximumInboundBytes)))
            // The guard above TLS (it sees plaintext: an answer is an HTTP response, not a handshake flight).
            let guarded = HandlerChildChannel(base: http) { ConnectionGuardHandler(limits: limits) }
            guard let tls else { return guarded }
            return HandlerChildChannel(base: guarded) { TLSServerHandler(connection: try tls.makeConnection(), log: log) }
        }
        return Application(
            router: router,
            server: server,
            configuration: .init(address: .hostname(settings.listenAddress, port: settings.port), serverName: nil),
            onServerRunning: { channel in onBound(channel.localAddress?.port ?? 0) },
            logger: hummingbirdLogger)
    }

    /// The token presented on a WebSocket upgrade; a cookie counts for nothing.
    private func verdict(_ request: Request) -> WebAccess.Verdict {
        WebAccess(token: settings.token).verdict(webSocketProtocols: request.headers[values: .secWebSocketProtocol])
    }

    private func page(_ asset: PageAssets.Asset, request: Request) -> Response {
        var headers: HTTPFields = [.contentType: asset.contentType, .cacheControl: "no-store"]
        if asset.contentType.hasPrefix("text/html") {
            // Only a host and port go into the policy: the header is the client's, and a quote or a `;` in it
            // would add sources or directives of its choosing.
            let socket =
                request.head.authority.flatMap { Self.isAuthority($0) ? " \(settings.tls == nil ? "ws" : "wss")://\($0)" : nil } ?? ""
            headers[.contentSecurityPolicy] =
                "default-src 'self'; connect-src 'self'\(socket); base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }

    /// Whether `text` is only a host and a port (letters, digits, `.`, `-`, `:`, `[`, `]`), at most 255 bytes.
    static func isAuthority(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 255
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || ".-:[]".utf8.contains(byte)
            }
    }

    private func image(_ request: Request, ticket: String?) -> Response {
        guard let ticket, let path = state.imagePath(forTicket: ticket) else { return Response(status: .notFound) }
        guard let image = ImageAccess.read(path, within: state.imageRoots) else {
            state.logRefusedImage(
                path, "missing, not a regular file, a link, larger than \(ImageAccess.maximumBytes) bytes, or below a link")
            return Response(status: .notFound)
        }
        var headers: HTTPFields = [
            .contentType: image.contentType, .cacheControl: "private, no-cache", .eTag: image.etag,
        ]
        // SVG can carry script: never let it run, even when opened on its own.
        if image.contentType == "image/svg+xml" {
            headers[.contentSecurityPolicy] = "sandbox; default-src 'none'; style-src 'unsafe-inline'"
        }
        if request.headers[.ifNoneMatch] == image.etag { return Response(status: .notModified, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    // MARK: WebSocket

    /// Why a WebSocket upgrade request is refused, or nil: credentials, then Host and Origin.
    private func webSocketRefusal(_ request: Request) -> (status: HTTPResponse.Status, reason: String)? {
        switch verdict(request) {
        case .missing: return (.unauthorized, "no token")
        case .wrong: return (.forbidden, "wrong token")
        case .allowed: break
        }
        let secure = settings.tls != nil
        if let reason = WebAccess.webSocketRefusal(host: request.head.authority, origin: request.headers[.origin], secure: secure) {
            return (.forbidden, reason)
        }
        return nil
    }

    private func webSocketRefusalResponse(_ request: Request) -> Response {
        let (status, reason) = webSocketRefusal(request) ?? (.upgradeRequired, "not a WebSocket upgrade")
        logBudget.warning("web: refused a WebSocket: \(reason)")
        return Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "tabhost: \(reason)\n")))
    }

    /// One page's connection: screens out (a full frame, then changes), actions in.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let (screens, mailbox) = AsyncStream.makeStream(of: Screen.self, bufferingPolicy: .bufferingNewest(1))
        guard let id = state.addClient(mailbox) else { return }
        defer {
            state.removeClient(id)
            mailbox.finish()
        }
        handle.withSession { [state] session in
            mailbox.yield(state.publishInitial(session.screen))
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var last: Screen?
                for await screen in screens {
                    guard let message = ScreenMessage.next(after: last, screen: screen) else { continue }
                    do {
                        try await outbound.writeTextMessage(message)
                    } catch {
                        return
                    }
                    last = screen
                }
            }
            group.addTask { [self] in
                let pending = LockedValue(0)
                do {
                    for try await message in inbound.messages(maxSize: Self.maximumInboundBytes) {
                        receive(message, pending: pending)
                    }
                } catch {
                    logBudget.warning("web: a page's connection failed: \(error)")
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Actions of one page posted to the session's loop and not carried out yet, at most: past it an
    /// action is ignored with a log line. A page sending as fast as it could queued hundreds of thousands,
    /// which grew the host by megabytes and kept the loop, and `q`, behind them for seconds.
    static let maximumPendingActions = 64

    private func receive(_ message: WebSocketMessage, pending: LockedValue<Int>) {
        let budget = logBudget
        guard case .text(let text) = message else {
            logBudget.warning("web: ignored a binary message from a page")
            return
        }
        switch ActionValidation.decode(text) {
        case .failure(let refusal):
            logBudget.warning("web: ignored a message from a page: \(refusal)")
        case .success(let action):
            let admitted = pending.withLock { count in
                guard count < Self.maximumPendingActions else { return false }
                count += 1
                return true
            }
            guard admitted else {
                budget.warning("web: ignored an action from a page: \(Self.maximumPendingActions) of its actions wait for the host already")
                return
            }
            handle.withSession { session in
                defer { pending.withLock { $0 -= 1 } }
                if let refusal = ActionValidation.refusal(of: action, on: session.screen) {
                    budget.warning("web: ignored an action from a page: \(refusal)")
                } else {
                    session.perform(action)
                }
            }
        }
    }
}
