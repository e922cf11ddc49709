public import Foundation

/// A value only touched while holding its lock: the one lock box of the package
/// (`docs/concurrency.md` says when to use it and when an atomic or a per-thread object fits
/// better).
///
/// The same shape as `Synchronization.Mutex` (`withLock`, `withLockIfAvailable`, `sending`
/// in and out), but built on `NSLock`, a pthread mutex: ThreadSanitizer on Linux does not see
/// `Mutex`'s futex-based locking (the standard library is not instrumented), so it reports every
/// `Mutex`-protected access from two threads as a race and the live tests under
/// `--sanitize=thread` fail spuriously; it intercepts pthread mutexes, so a race it reports
/// around a `Locked` is a real one. (Checked with Swift 6.3.1: two threads incrementing through
/// `Mutex.withLock` give "Swift access race"; through `Locked`, no report.)
///
/// `@unchecked Sendable`, the one such box: `value` is read and written only inside `withLock`
/// and `withLockIfAvailable`, between `lock.lock()` and `lock.unlock()`. The value goes in and
/// comes out as `sending`, as with `Mutex`, so a non-`Sendable` value cannot stay reachable from
/// outside the box.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    /// A box holding `value`.
    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value, waiting for the lock if another thread
    /// holds it. Not reentrant: calling `withLock` on the same box inside `body` deadlocks.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Runs `body` with exclusive access to the value if no other thread holds the lock now;
    /// nil, without waiting, if one does.
    @inlinable
    public func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked where Value == Void {
    /// A lock that guards no value, only an order of side effects (writes to one descriptor).
    public convenience init() {
        self.init(())
    }

    /// Runs `body` while holding the lock.
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> sending Result) throws(Failure)
        -> sending Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
