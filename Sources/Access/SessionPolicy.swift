import Foundation
import Storage

/// How long a login lasts.
public struct SessionPolicy: Sendable {
    /// A session unused this long ends (someone walked away from the browser).
    public var idleTimeout: TimeInterval
    /// A session ends this long after login however busy it is.
    public var absoluteTimeout: TimeInterval
    /// Activity is written back at most this often, so reading pages does not turn every
    /// request into a database write.
    public var touchInterval: TimeInterval

    /// Two idle hours, twelve hours in all, activity recorded once a minute.
    public init(
        idleTimeout: TimeInterval = 2 * 3600, absoluteTimeout: TimeInterval = 12 * 3600,
        touchInterval: TimeInterval = 60
    ) {
        self.idleTimeout = idleTimeout
        self.absoluteTimeout = absoluteTimeout
        self.touchInterval = touchInterval
    }

    /// The stored times at or before which a session has expired: created before
    /// `absoluteTimeout` ago, or unused since `idleTimeout` ago.
    func expiryCutoffs(now: Date) -> (created: String, lastSeen: String) {
        (
            AccessStore.timestamp(now.addingTimeInterval(-absoluteTimeout)),
            AccessStore.timestamp(now.addingTimeInterval(-idleTimeout))
        )
    }
}
