import Foundation

extension AccessStore {
    /// Stores a new token; false when the name is taken.
    public func addToken(_ token: StoredToken) throws -> Bool {
        try database.transaction { connection in
            guard
                try connection.queryFirst(
                    "SELECT 1 FROM api_tokens WHERE name = ?", [.text(token.name)], row: { _ in true }) == nil
            else { return false }
            try connection.run(
                """
                INSERT INTO api_tokens (name, role, secret_hash, created_at, created_by, expires_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(token.name), .text(token.role), .text(token.secretHash), .text(token.createdAt),
                    .text(token.createdBy), .optionalText(token.expiresAt),
                ])
            return true
        }
    }

    /// Every token, by name, revoked ones included (the list shows them as revoked).
    public func tokens() throws -> [StoredToken] {
        try database.withSession { connection in
            try connection.query("\(Self.tokenColumns) ORDER BY name", row: Self.token(from:))
        }
    }

    /// The token whose secret hashes to `secretHash`, or nil.
    public func token(secretHash: String) throws -> StoredToken? {
        try database.withSession { connection in
            try connection.queryFirst(
                "\(Self.tokenColumns) WHERE secret_hash = ?", [.text(secretHash)], row: Self.token(from:))
        }
    }

    /// Revokes the token at once; false when there is no live token of that name.
    public func revokeToken(named name: String, at date: Date) throws -> Bool {
        try database.transaction { connection in
            try connection.run(
                "UPDATE api_tokens SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL",
                [.text(Timestamp.string(from: date)), .text(name)]) == 1
        }
    }

    /// Records that the token authenticated a request, when the write lock is free: false, with
    /// nothing written and no wait, when it is not (a later request records it).
    @discardableResult
    public func touchToken(named name: String, at date: Date) throws -> Bool {
        try database.transactionIfUnlocked { connection in
            _ = try connection.run(
                "UPDATE api_tokens SET last_used_at = ? WHERE name = ?",
                [.text(Timestamp.string(from: date)), .text(name)])
        } != nil
    }

    private static let tokenColumns = """
        SELECT name, role, secret_hash, created_at, created_by, expires_at, revoked_at, last_used_at
        FROM api_tokens
        """

    private static func token(from row: any SQLRow) -> StoredToken {
        StoredToken(
            name: row.text(0), role: row.text(1), secretHash: row.text(2), createdAt: row.text(3),
            createdBy: row.text(4), expiresAt: row.optionalText(5), revokedAt: row.optionalText(6),
            lastUsedAt: row.optionalText(7))
    }
}
