import NIOCore

/// First in a connection's pipeline above TLS: closes it at once when `ConnectionLimits` has no room,
/// and after `firstAnswerTimeout` when the server has written nothing on it by then (a client that
/// sent half a request, or none). Once anything was answered, Hummingbird's idle timeout (plain HTTP)
/// or the page's WebSocket takes over.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer

    private let limits: ConnectionLimits
    private var admitted = false
    private var deadline: Scheduled<Void>?

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard limits.admit() else {
            context.close(promise: nil)
            return
        }
        admitted = true
        let timeout = limits.firstAnswerTimeout
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            deadline = nil
            limits.log.warning("web: closed a connection that sent no whole request within \(timeout.nanoseconds / 1_000_000_000) s")
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        end()
    }

    func channelInactive(context: ChannelHandlerContext) {
        end()
        context.fireChannelInactive()
    }

    /// The connection is over (closed, or this handler removed, whichever comes first): no deadline, and
    /// its place counted free once.
    private func end() {
        deadline?.cancel()
        deadline = nil
        guard admitted else { return }
        admitted = false
        limits.release()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // An answer began: the request was read whole.
        deadline?.cancel()
        deadline = nil
        context.write(data, promise: promise)
    }
}
