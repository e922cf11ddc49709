import Glibc

/// One object per thread, made the first time that thread asks: state a thread keeps to itself
/// so the server's worker threads never take a lock they share on the way through a request (a
/// pthread mutex that two threads want costs a `futex` system call or two each time).
///
/// What it promises: `local()` answers the same object every time it is called on one thread,
/// and a different one on every other thread; `all` lists every object made so far. It does not
/// synchronize the objects: one that only its own thread touches needs nothing, one that another
/// thread also reads (a scrape summing counters) brings its own lock, which its own thread then
/// takes uncontended.
///
/// Built on a pthread key of this instance (glibc stamps every stored value with the key's
/// sequence number, so a key deleted and made again never answers another instance's object).
/// Objects live as long as this instance, not as long as their thread: a thread that ends leaves
/// its object in `all` (the server's worker threads live as long as it does). If the process has
/// no key to spare (`PTHREAD_KEYS_MAX`), `local()` answers nil and callers fall back to shared
/// state.
///
/// Lives beside `Locked`, `LastValuePerThread` and `GenerationCache` (the `Concurrency` module,
/// `docs/concurrency.md`): the caches every worker thread reads without waiting for another.
public final class PerThread<Object: AnyObject & Sendable>: Sendable {
    private let key: pthread_key_t?
    private let make: @Sendable () -> Object
    private let made = Locked<[Object]>([])

    /// Objects made by `make`, one per thread that asks.
    public init(_ make: @escaping @Sendable () -> Object) {
        var key = pthread_key_t()
        self.key = pthread_key_create(&key, nil) == 0 ? key : nil
        self.make = make
    }

    deinit {
        if let key { pthread_key_delete(key) }
    }

    /// The calling thread's object (made now if it has none), or nil when no key could be made.
    @inline(__always)
    public func local() -> Object? {
        guard let key else { return nil }
        if let stored = pthread_getspecific(key) {
            return Unmanaged<Object>.fromOpaque(stored).takeUnretainedValue()
        }
        return makeLocal(key)
    }

    /// Every object made so far, for a reader that visits them all (each under its own lock).
    public var all: [Object] {
        made.withLock { $0 }
    }

    private func makeLocal(_ key: pthread_key_t) -> Object {
        let object = make()
        // `made` holds the reference; the key holds only the address, so nothing has to be
        // released when a thread ends.
        made.withLock { $0.append(object) }
        pthread_setspecific(key, Unmanaged.passUnretained(object).toOpaque())
        return object
    }
}
