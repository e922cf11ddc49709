import Foundation
import Storage

/// A token as an admin sees it: never the secret.
public struct TokenSummary: Sendable, Equatable {
    /// Its name.
    public let name: String
    /// What it may do.
    public let role: Role
    /// When, and by whom, it was created.
    public let createdAt: String
    /// Who created it.
    public let createdBy: String
    /// When it stops working, if ever.
    public let expiresAt: String?
    /// When it was revoked, if it was.
    public let revokedAt: String?
    /// When it was last used, if ever.
    public let lastUsedAt: String?
}

extension AccessControl {
    /// The outcome of presenting a bearer token.
    public enum TokenCheck: Sendable, Equatable {
        /// A live token: who it is, and whether this use was recorded as its last use (at most
        /// once per `touchInterval`, and only when the write lock is free; which is also when
        /// the use is audited).
        case valid(Principal, recordedUse: Bool)
        /// Unknown, malformed, revoked or expired.
        case invalid
    }

    /// Creates a token and answers its text: the only time anyone sees it. Only its hash is kept.
    public func createToken(
        name: String, role: Role, expiresAt: Date?, createdBy: String, now: Date = Date()
    ) throws -> String {
        try AccessError.checkName(name)
        let secret = Secret.generate()
        let row = StoredToken(
            name: name, role: role.rawValue, secretHash: secret.storedHash,
            createdAt: AccessStore.timestamp(now),
            createdBy: createdBy, expiresAt: expiresAt.map(AccessStore.timestamp))
        guard try store.addToken(row) else { throw AccessError.exists(name) }
        return BearerToken.text(of: secret)
    }

    /// Every token, revoked ones included.
    public func tokens() throws -> [TokenSummary] {
        try store.tokens().map {
            TokenSummary(
                name: $0.name, role: Role(rawValue: $0.role) ?? .viewer, createdAt: $0.createdAt,
                createdBy: $0.createdBy, expiresAt: $0.expiresAt, revokedAt: $0.revokedAt,
                lastUsedAt: $0.lastUsedAt)
        }
    }

    /// Revokes a token; the next request with it is refused.
    public func revokeToken(name: String, now: Date = Date()) throws {
        guard try store.revokeToken(named: name, at: now) else { throw AccessError.notFound(name) }
    }

    /// Checks an `Authorization` header value. Every lookup is by hash, so the database never
    /// sees the secret and timing does not leak how much of it matched.
    public func check(authorization: String, now: Date = Date()) throws -> TokenCheck {
        guard let secret = BearerToken.secret(inAuthorization: authorization),
            let token = try store.token(secretHash: secret.storedHash), token.revokedAt == nil
        else { return .invalid }
        let stamp = AccessStore.timestamp(now)
        if let expiry = token.expiresAt, expiry <= stamp { return .invalid }
        let dueBefore = AccessStore.timestamp(now.addingTimeInterval(-sessions.touchInterval))
        let due = token.lastUsedAt.map { $0 < dueBefore } ?? true
        // Only when the write lock is free: a read never waits for it (issue 23, item 8).
        let recordUse = try due && store.touchToken(named: token.name, at: now)
        let principal = Principal(name: token.name, role: Role(rawValue: token.role) ?? .viewer, kind: .token)
        return .valid(principal, recordedUse: recordUse)
    }
}
