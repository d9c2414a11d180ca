import TabHostLoop
import TabKit

/// A session as seen from another thread (a web server's): every call hops onto the session's loop.
///
/// The session itself is loop-confined; this handle is what a front end on other threads keeps.
/// Subscribers still run on the loop thread: hop back to your own threads from there.
///
/// The handle does not keep the session alive: whoever opened the session owns it, and once it is
/// gone, what is sent through the handle does nothing.
public struct ScreenSessionHandle: @unchecked Sendable {
    // Touched only inside work posted to `loop`, so on the loop thread. Weak, because a handle's last
    // copy may be released on any thread (a web server's, as its routes are torn down): holding the
    // session there would free the loop-confined session and its modules off the loop thread, where
    // their teardown traps (found by the ASan pass: `tabhost serve` hung in its crash handler at exit).
    private weak var session: (any ScreenSession)?
    /// The session's loop.
    public let loop: any EventLoop

    /// A handle to `session`.
    public init(_ session: any ScreenSession) {
        self.session = session
        loop = session.loop
    }

    /// Performs `action` on the loop thread soon.
    public func perform(_ action: ScreenAction) {
        loop.execute { [self] in self.session?.perform(action) }
    }

    /// Runs `body` with the session on the loop thread: soon from another thread, at once on the loop
    /// thread; not at all once the session is gone. Work posted after the loop's last iteration never
    /// runs: a front end stopping after `run()` returned (`WebFrontEnd.stop`) would leave its work
    /// queued on a loop nobody runs (LeakSanitizer found the cycle it made when the handle held the session).
    public func withSession(_ body: @escaping @Sendable (any ScreenSession) -> Void) {
        if loop.inEventLoop {
            if let session { body(session) }
        } else {
            loop.execute { [self] in
                if let session = self.session { body(session) }
            }
        }
    }
}
