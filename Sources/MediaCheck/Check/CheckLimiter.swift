import Concurrency

/// A count of checks in flight with a hard ceiling. A check that finds it full is refused at
/// once (the API answers 503 with `Retry-After`) instead of waiting, so however slow the media
/// hosts, at most `capacity` worker threads are ever inside a check.
final class CheckLimiter: Sendable {
    private let capacity: Int
    private let running = Locked(0)

    /// A limiter admitting `capacity` checks at once (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Runs `body` if a slot is free; nil when all are taken.
    func run<Value>(_ body: () -> Value) -> Value? {
        let admitted = running.withLock { count -> Bool in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard admitted else { return nil }
        defer { running.withLock { $0 -= 1 } }
        return body()
    }
}
