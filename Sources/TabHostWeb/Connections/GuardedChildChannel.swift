import HummingbirdCore
import Logging
import NIOCore

/// A Hummingbird child channel whose connections `ConnectionLimits` bounds: puts a
/// `ConnectionGuardHandler` first (above TLS, when there is TLS) in each accepted connection's pipeline,
/// then sets up `base` above it.
struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limits: ConnectionLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuardHandler(limits: limits))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension GuardedChildChannel: HTTPChannelHandler where Base: HTTPChannelHandler {
    /// The base channel's responder.
    var responder: HTTPChannelHandler.Responder { base.responder }
}
