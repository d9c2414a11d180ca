import NIOCore

/// First in a connection's pipeline above TLS: closes it at once when `ConnectionLimits` has no room,
/// after `firstAnswerTimeout` when the server has written nothing on it by then (a client that sent half
/// a request, or none), and when a client that is not a page sends more than `maximumUnansweredBytes`
/// without an answer (a request head without end). Once anything was answered, Hummingbird's idle
/// timeout (plain HTTP) or the page's WebSocket takes over.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer

    private let limits: ConnectionLimits
    private var admitted = false
    private var deadline: Scheduled<Void>?
    /// Bytes read since the server last wrote; nil once the connection is a page's (not counted).
    private var unanswered: Int? = 0

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard limits.admit(context.channel) else {
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
        end(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let count = unanswered {
            let total = count + unwrapInboundIn(data).readableBytes
            if total <= limits.maximumUnansweredBytes {
                unanswered = total
            } else if limits.isPage(context.channel) {
                unanswered = nil
            } else {
                limits.log.warning(
                    "web: closed a connection that sent more than \(limits.maximumUnansweredBytes) bytes without a whole request")
                unanswered = nil
                context.close(promise: nil)
                return
            }
        }
        context.fireChannelRead(data)
    }

    /// The connection is over (closed, or this handler removed, whichever comes first): no deadline, and
    /// its place counted free once.
    private func end(_ channel: any Channel) {
        deadline?.cancel()
        deadline = nil
        guard admitted else { return }
        admitted = false
        limits.release(channel)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // An answer began: the request was read whole.
        deadline?.cancel()
        deadline = nil
        if unanswered != nil { unanswered = 0 }
        context.write(data, promise: promise)
    }
}
