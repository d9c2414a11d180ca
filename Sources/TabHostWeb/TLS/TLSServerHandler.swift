import Logging
import NIOCore

/// The server side of TLS in a child channel's pipeline, first (next to the socket): ciphertext in and
/// out below it, plaintext above it, through a `TLSConnection` (OpenSSL over memory BIOs).
///
/// - Handshake: every read is put in and the handshake advanced; its flights are written at once. Writes
///   from above wait until it is done. A failed handshake (plain HTTP on the TLS port, no common version
///   or cipher, a client that rejects the certificate) is one warning in the log, then the connection
///   is closed with the alert OpenSSL wrote.
/// - Records: a read may hold part of a record, or several; plaintext goes up as OpenSSL releases it.
/// - Close: closing from above sends close_notify first; the peer's close_notify closes the channel.
/// - A client that has not completed the handshake within `handshakeTimeout` (one that connects and sends
///   nothing, or dribbles) is failed as above, so idle sockets from the network do not pile up.
/// - Back-pressure: a read request from above that a socket read did not satisfy (a partial record, a
///   handshake flight) is asked for again, so a channel without auto-read does not stall.
final class TLSServerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case handshaking
        case active
        case closed
    }

    private let connection: TLSConnection
    private let log: WebLogBudget
    private var state = State.handshaking
    /// Writes from above made during the handshake, sent when it completes.
    private var waitingWrites: [(ByteBuffer, EventLoopPromise<Void>?)] = []
    private var flushWaiting = false
    /// Whether the stage above asked for a read that has not yet brought it plaintext.
    private var readWanted = false
    private var handshakeDeadline: Scheduled<Void>?

    /// How long a client has to complete the handshake.
    static let handshakeTimeout = TimeAmount.seconds(10)

    init(connection: TLSConnection, log: WebLogBudget) {
        self.connection = connection
        self.log = log
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard state != .closed else { return }
        guard connection.putInput(unwrapInboundIn(data)) else {
            fail(context, "TLS connection", reason: connection.failure)
            return
        }
        if state == .handshaking { advanceHandshake(context) }
        if state == .active { deliverPlaintext(context) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.fireChannelReadComplete()
        if readWanted && state != .closed { context.read() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        state = .closed
        failWaitingWrites(ChannelError.ioOnClosedChannel)
        context.fireChannelInactive()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        handshakeDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: Self.handshakeTimeout) { [self] in
            guard state == .handshaking else { return }
            fail(context, "TLS handshake", reason: "not completed within \(Self.handshakeTimeout.nanoseconds / 1_000_000_000) seconds")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        handshakeDeadline?.cancel()
        handshakeDeadline = nil
        failWaitingWrites(ChannelError.ioOnClosedChannel)
    }

    private func advanceHandshake(_ context: ChannelHandlerContext) {
        switch connection.handshake() {
        case .ok:
            state = .active
            handshakeDeadline?.cancel()
            handshakeDeadline = nil
            sendOutput(context, flush: true)
            let writes = waitingWrites
            waitingWrites = []
            for (buffer, promise) in writes { encryptAndWrite(context, buffer, promise: promise) }
            if flushWaiting {
                flushWaiting = false
                context.flush()
            }
        case .wantInput:
            sendOutput(context, flush: true)
        case .closed, .failed:
            fail(context, "TLS handshake", reason: connection.failure)
        }
    }

    private func deliverPlaintext(_ context: ChannelHandlerContext) {
        while state == .active {
            var buffer = context.channel.allocator.buffer(capacity: 16384)
            switch connection.read(into: &buffer) {
            case .ok:
                // OpenSSL reports success only with bytes; never spin on an empty read.
                guard buffer.readableBytes > 0 else { return }
                readWanted = false
                context.fireChannelRead(wrapInboundOut(buffer))
            case .wantInput:
                // Post-handshake messages (session tickets, key updates) may be waiting.
                sendOutput(context, flush: true)
                return
            case .closed:
                // The peer is done: answer its close_notify and close.
                connection.shutdown()
                sendOutput(context, flush: true)
                closeAfterInput(context)
            case .failed:
                fail(context, "TLS connection", reason: connection.failure)
            }
        }
    }

    // MARK: Outbound

    func read(context: ChannelHandlerContext) {
        readWanted = true
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch state {
        case .handshaking: waitingWrites.append((unwrapOutboundIn(data), promise))
        case .active: encryptAndWrite(context, unwrapOutboundIn(data), promise: promise)
        case .closed: promise?.fail(ChannelError.ioOnClosedChannel)
        }
    }

    func flush(context: ChannelHandlerContext) {
        if state == .handshaking {
            flushWaiting = true
        } else {
            context.flush()
        }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode != .input {
            if state == .active {
                connection.shutdown()
                sendOutput(context, flush: true)
            }
            state = .closed
            failWaitingWrites(ChannelError.ioOnClosedChannel)
        }
        context.close(mode: mode, promise: promise)
    }

    private func encryptAndWrite(_ context: ChannelHandlerContext, _ buffer: ByteBuffer, promise: EventLoopPromise<Void>?) {
        guard connection.write(buffer) == .ok else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            fail(context, "TLS connection", reason: connection.failure)
            return
        }
        let records = connection.takeOutput(allocator: context.channel.allocator) ?? context.channel.allocator.buffer(capacity: 0)
        context.write(wrapOutboundOut(records), promise: promise)
    }

    // MARK: Support

    private func sendOutput(_ context: ChannelHandlerContext, flush: Bool) {
        guard let records = connection.takeOutput(allocator: context.channel.allocator) else { return }
        context.write(wrapOutboundOut(records), promise: nil)
        if flush { context.flush() }
    }

    /// One warning, the alert OpenSSL wrote (if any) sent, the connection closed.
    private func fail(_ context: ChannelHandlerContext, _ what: String, reason: String) {
        guard state != .closed else { return }
        log.warning("web: \(what) with \(peer(context)) failed: \(reason); connection closed")
        sendOutput(context, flush: true)
        closeAfterInput(context)
    }

    /// No more input will come: said above as a peer's half-closure is (the HTTP stages end their
    /// request, or the wait for one, as for a client that went away), then the channel is closed.
    private func closeAfterInput(_ context: ChannelHandlerContext) {
        state = .closed
        failWaitingWrites(ChannelError.ioOnClosedChannel)
        context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        context.close(promise: nil)
    }

    private func failWaitingWrites(_ error: any Error) {
        let writes = waitingWrites
        waitingWrites = []
        for (_, promise) in writes { promise?.fail(error) }
    }

    private func peer(_ context: ChannelHandlerContext) -> String {
        guard let address = context.channel.remoteAddress else { return "a client" }
        guard let ip = address.ipAddress, let port = address.port else { return "\(address)" }
        return ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }
}
