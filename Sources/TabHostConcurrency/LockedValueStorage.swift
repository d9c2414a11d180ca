#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One heap allocation holding a ``LockedValue``'s value (the header) and its `pthread_mutex_t`
/// (the one element): a mutex must not move once initialised, and tail-allocated storage never moves.
/// Reaching the value through the buffer's pointer also spares each `withLock` the dynamic
/// exclusivity check a class's stored property would cost.
@usableFromInline
final class LockedValueStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    /// A storage holding `value` and an initialised mutex (default attributes: not recursive).
    @usableFromInline
    static func make(_ value: Value) -> LockedValueStorage<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(mutex, nil)
            precondition(result == 0, "pthread_mutex_init failed: \(result)")
        }
        return unsafeDowncast(buffer, to: LockedValueStorage<Value>.self)
    }

    deinit {
        // ManagedBuffer deinitialises the header (the value) itself; the element is ours.
        withUnsafeMutablePointerToElements { mutex in
            let result = pthread_mutex_destroy(mutex)
            precondition(result == 0, "pthread_mutex_destroy failed: \(result)")
            mutex.deinitialize(count: 1)
        }
    }

    /// Runs `body` on the value with the mutex held; unlocks on return and on throw.
    @inlinable
    func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try withUnsafeMutablePointers { (value, mutex) throws(E) -> Result in
            let locked = pthread_mutex_lock(mutex)
            precondition(locked == 0, "pthread_mutex_lock failed: \(locked)")
            defer { Self.unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// Runs `body` with the mutex held if it is free now; nil, without running `body`, if it is held.
    @inlinable
    func withLockIfAvailable<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result? {
        try withUnsafeMutablePointers { (value, mutex) throws(E) -> Result? in
            let locked = pthread_mutex_trylock(mutex)
            if locked == EBUSY { return nil }
            precondition(locked == 0, "pthread_mutex_trylock failed: \(locked)")
            defer { Self.unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// Unlocks `mutex`, which the calling thread holds.
    @inlinable
    static func unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        let unlocked = pthread_mutex_unlock(mutex)
        precondition(unlocked == 0, "pthread_mutex_unlock failed: \(unlocked)")
    }
}
