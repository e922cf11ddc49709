import Concurrency
import Foundation

/// The provider tokens of every key, kept and reused: APNs refuses a token older than an hour
/// (403 `ExpiredProviderToken`) and one renewed sooner than 20 minutes after the last
/// (429 `TooManyProviderTokenUpdates`), so a token is re-signed once it is `refreshAge` old —
/// never before 20 minutes, always before 50.
final class ProviderTokenCache: Sendable {
    /// The age at which a token is replaced: between `minimumAge` and 50 minutes.
    static let refreshAge: TimeInterval = 30 * 60
    /// APNs' floor between two tokens of one key.
    static let minimumAge: TimeInterval = 20 * 60

    private let tokens = Locked<[String: ProviderToken]>([:])

    /// The token to send with `key` at `now`: the cached one while it is younger than
    /// `refreshAge`, else a new one. A clock that went back (now before the token's `iat`)
    /// keeps the token rather than issue a second one too soon.
    func token(for key: APNsTokenKey, now: Date) -> ProviderToken? {
        let cacheKey = Self.cacheKey(key)
        return tokens.withLock { tokens -> ProviderToken? in
            if let cached = tokens[cacheKey], now.timeIntervalSince(cached.issuedAt) < Self.refreshAge {
                return cached
            }
            guard let fresh = ProviderToken.sign(key, now: now) else { return nil }
            tokens[cacheKey] = fresh
            return fresh
        }
    }

    /// After APNs said the token expired: forget it, if it is old enough to be replaced without
    /// APNs counting it as too frequent an update.
    func discard(for key: APNsTokenKey, now: Date) {
        let cacheKey = Self.cacheKey(key)
        tokens.withLock { tokens in
            if let cached = tokens[cacheKey], now.timeIntervalSince(cached.issuedAt) >= Self.minimumAge {
                tokens[cacheKey] = nil
            }
        }
    }

    private static func cacheKey(_ key: APNsTokenKey) -> String {
        "\(key.teamID).\(key.keyID).\(key.fingerprint)"
    }
}
