/// A value behind a lock: the package's `Mutex`, in the shape of swift-nio's `NIOLockedValueBox`.
///
/// Why not `Synchronization.Mutex`: on Linux its contended path (a spin, then a priority-inheriting
/// futex) runs out of line in the uninstrumented Synchronization library, so ThreadSanitizer sees
/// neither the acquire nor the release when the lock is handed over under contention, and reports
/// every access made inside `withLock` on both sides as a race. This lock is a `pthread_mutex_t`,
/// which TSan intercepts, so what it orders TSan sees as ordered and a real race is still reported.
///
/// A copy shares the one lock and value (the storage is a class), like a `let` of a `Mutex` shared
/// by reference through the object holding it. Not recursive: calling `withLock` again from inside
/// `body` deadlocks.
public struct LockedValue<Value> {
    @usableFromInline
    let storage: LockedValueStorage<Value>

    /// A lock guarding `initialValue`.
    public init(_ initialValue: Value) {
        storage = .make(initialValue)
    }

    /// Runs `body` with the lock held, giving it the value to read or change, and returns what it
    /// returns. The lock is released when `body` returns or throws (its error is rethrown).
    @inlinable
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try storage.withLock(body)
    }

    /// Like ``withLock(_:)`` if the lock is free now; nil, without running `body`, if another thread
    /// (or this one, further up the stack) holds it.
    @inlinable
    public func withLockIfAvailable<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result? {
        try storage.withLockIfAvailable(body)
    }
}

/// Unchecked: every access to the value goes through `withLock`, under the mutex.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
