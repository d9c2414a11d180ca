import HummingbirdCore
import Logging
import NIOCore

/// A Hummingbird child channel with TLS underneath: puts a `TLSServerHandler` first in each accepted
/// connection's pipeline, then sets up `base` (HTTP/1.1 with the WebSocket upgrade) above it.
struct TLSChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let identity: TLSIdentity
    /// Where handshake failures go (the session's log, a few a second).
    let log: WebLogBudget

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let connection = try identity.makeConnection()
            try channel.pipeline.syncOperations.addHandler(TLSServerHandler(connection: connection, log: log))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension TLSChildChannel: HTTPChannelHandler where Base: HTTPChannelHandler {
    /// The base channel's responder.
    var responder: HTTPChannelHandler.Responder { base.responder }
}
