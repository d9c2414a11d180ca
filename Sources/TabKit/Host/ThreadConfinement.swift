#if canImport(Glibc)
import Glibc
#endif

/// The one thread a live session's model and module calls belong to (its loop thread).
///
/// Unbound until `bind()`: tests that drive a model from whatever thread they run on pay nothing.
/// Once bound, `assertConfined` is a precondition in debug builds and compiles to nothing in release
/// builds, like swift-nio's `preconditionInEventLoop`.
public final class ThreadConfinement: @unchecked Sendable {
    private var owner: pthread_t?

    /// Creates an unbound confinement.
    public init() {}

    /// Binds to the calling thread: from now on only it may pass `assertConfined`.
    public func bind() { owner = pthread_self() }

    /// True when unbound or called on the bound thread.
    public var isConfined: Bool {
        guard let owner else { return true }
        return pthread_equal(owner, pthread_self()) != 0
    }

    /// Traps in debug builds when called off the bound thread; `what` names the call.
    @inlinable
    public func assertConfined(_ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
        precondition(isConfined, "\(what()) called off the session's loop thread", file: file, line: line)
        #endif
    }
}
