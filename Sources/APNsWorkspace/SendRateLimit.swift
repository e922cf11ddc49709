import Concurrency
import Foundation

/// At most `limit` test pushes per user in any `window` (60 a minute): test sends are for
/// people and their own devices, not a bulk sender. A send to several devices counts each
/// device; a send that would go over is refused whole, with how long to wait.
public final class SendRateLimit: Sendable {
    /// The pushes allowed per window.
    public let limit: Int
    /// The window.
    public let window: TimeInterval
    private let sent: Locked<[String: [Date]]> = Locked([:])

    /// A limit of `limit` pushes per `window` seconds for each user.
    public init(limit: Int = 60, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// Takes `count` pushes from `user`'s allowance at `now`: nil when they fit (and are now
    /// counted), otherwise the whole seconds to wait before they would (at least 1).
    public func take(_ count: Int, for user: String, now: Date = Date()) -> Int? {
        sent.withLock { sent in
            let recent = (sent[user] ?? []).filter { now.timeIntervalSince($0) < window }
            guard recent.count + count <= limit else {
                sent[user] = recent
                // The pushes that must age out before `count` more fit: the oldest of them decides.
                let mustExpire = recent.count + count - limit
                let index = min(max(mustExpire - 1, 0), max(recent.count - 1, 0))
                let wait = recent.isEmpty ? window : window - now.timeIntervalSince(recent[index])
                return max(1, Int(wait.rounded(.up)))
            }
            sent[user] = recent + Array(repeating: now, count: count)
            return nil
        }
    }
}
