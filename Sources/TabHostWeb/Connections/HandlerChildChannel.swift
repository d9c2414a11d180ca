import HummingbirdCore
import Logging
import NIOCore

/// A Hummingbird child channel with one handler of the server's own put first in each accepted
/// connection's pipeline (TLS, the connection guard), then `base` set up above it.
struct HandlerChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    /// Makes the handler for one connection (on its event loop); a throw fails that connection only.
    let makeHandler: @Sendable () throws -> any ChannelHandler

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(try makeHandler())
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HandlerChildChannel: HTTPChannelHandler where Base: HTTPChannelHandler {
    /// The base channel's responder.
    var responder: HTTPChannelHandler.Responder { base.responder }
}
