import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The WebSocket route's request context, with the connection's channel: an upgrade the token allows
/// marks it as a page's (`ConnectionLimits.markPage`), which no newcomer pushes out.
struct PageRequestContext: RequestContext, WebSocketRequestContext {
    /// Hummingbird's storage for the request.
    var coreContext: CoreRequestContextStorage
    /// The WebSocket's handler, set by the route.
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection the upgrade was asked on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
