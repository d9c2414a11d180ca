import TabKit

/// A session as seen from another thread (a web server's): every call hops onto the session's loop.
///
/// The session itself is loop-confined; this handle is what a front end on other threads keeps.
/// Subscribers still run on the loop thread: hop back to your own threads from there.
public struct ScreenSessionHandle: @unchecked Sendable {
    // Touched only inside work posted to `loop`, so on the loop thread.
    private let session: any ScreenSession
    /// The session's loop.
    public let loop: any EventLoop

    /// A handle to `session`.
    public init(_ session: any ScreenSession) {
        self.session = session
        loop = session.loop
    }

    /// Performs `action` on the loop thread soon.
    public func perform(_ action: ScreenAction) {
        loop.execute { [self] in self.session.perform(action) }
    }

    /// Runs `body` with the session on the loop thread: soon from another thread, at once on the loop
    /// thread. Posted work holds the session, and work posted after the loop's last iteration never runs:
    /// a front end stopping after `run()` returned (`WebFrontEnd.stop`) would leave the session, its loop
    /// and that work holding each other forever (LeakSanitizer found the cycle).
    public func withSession(_ body: @escaping @Sendable (any ScreenSession) -> Void) {
        if loop.inEventLoop {
            body(session)
        } else {
            loop.execute { [self] in body(self.session) }
        }
    }
}
