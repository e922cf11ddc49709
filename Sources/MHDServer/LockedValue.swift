import Foundation

/// A value only touched while holding an `NSLock`.
///
/// Not `Synchronization.Mutex` on purpose: ThreadSanitizer on Linux does not see `Mutex`'s
/// futex-based locking (the standard library is not instrumented), so it reports every
/// `Mutex`-protected access from two threads as a race and the live tests under
/// `--sanitize=thread` fail spuriously. `NSLock` is a pthread mutex, which TSan understands.
/// (Storage's connection pool does the same, for the same reason.)
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
