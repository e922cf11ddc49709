/// A user as stored: the password only as its Argon2id string.
public struct StoredUser: Sendable, Equatable {
    /// The login name.
    public let name: String
    /// `admin`, `editor` or `viewer` (the table's CHECK allows nothing else).
    public let role: String
    /// The `crypto_pwhash_str` result, `$argon2id$v=19$…`.
    public let passwordHash: String
    /// When the user was added.
    public let createdAt: String
    /// When the password or role last changed.
    public let updatedAt: String
}

/// A session as stored: the id only as its hash, with the user's current role joined in, so a
/// role change takes effect on the next request.
public struct StoredSession: Sendable, Equatable {
    /// The SHA-256 of the session id, in hex.
    public let idHash: String
    /// The user the session belongs to.
    public let userName: String
    /// The user's role now.
    public let role: String
    /// When the user logged in (the absolute expiry counts from here).
    public let createdAt: String
    /// The last request seen (the idle expiry counts from here).
    public let lastSeenAt: String
}

/// An API token as stored: the secret only as its hash.
public struct StoredToken: Sendable, Equatable {
    /// The name an admin gave it, unique; what revisions and the audit trail show.
    public let name: String
    /// `admin`, `editor` or `viewer`.
    public let role: String
    /// The SHA-256 of the secret, in hex.
    public let secretHash: String
    /// When it was created, and by whom.
    public let createdAt: String
    /// The admin who created it.
    public let createdBy: String
    /// When it stops working; nil for never.
    public let expiresAt: String?
    /// When it was revoked; nil while it is live.
    public let revokedAt: String?
    /// The last time it authenticated a request.
    public let lastUsedAt: String?

    /// A token row; `secretHash` must be the hash, never the secret.
    public init(
        name: String, role: String, secretHash: String, createdAt: String, createdBy: String,
        expiresAt: String?, revokedAt: String? = nil, lastUsedAt: String? = nil
    ) {
        self.name = name
        self.role = role
        self.secretHash = secretHash
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
    }
}
