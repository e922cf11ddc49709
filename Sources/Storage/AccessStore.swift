import Foundation

/// Users and their sessions. It stores and finds rows; the rules (hashing, expiry, roles) live in
/// the `Access` module, which is the only caller.
public struct AccessStore: Sendable {
    /// The database the rows live in.
    public let database: any StoreDatabase

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// The time in the stored form, for callers comparing against stored times.
    public static func timestamp(_ date: Date) -> String {
        Timestamp.string(from: date)
    }

    /// Adds a user; false when the name is taken.
    public func addUser(name: String, role: String, passwordHash: String, at date: Date) throws -> Bool {
        try database.transaction { connection in
            guard try Self.user(named: name, in: connection) == nil else { return false }
            let now = Timestamp.string(from: date)
            try connection.run(
                "INSERT INTO users (name, role, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                [.text(name), .text(role), .text(passwordHash), .text(now), .text(now)])
            return true
        }
    }

    /// Every user, by name.
    public func users() throws -> [StoredUser] {
        try database.withSession { connection in
            try connection.query(
                "SELECT name, role, password_hash, created_at, updated_at FROM users ORDER BY name",
                row: Self.user(from:))
        }
    }

    /// The user called `name`, or nil.
    public func user(named name: String) throws -> StoredUser? {
        try database.withSession { try Self.user(named: name, in: $0) }
    }

    /// How many users there are, or how many have `role`.
    public func userCount(role: String? = nil) throws -> Int {
        try database.withSession { connection in
            guard let role else { return try connection.integer("SELECT count(*) FROM users") }
            return try connection.integer("SELECT count(*) FROM users WHERE role = ?", [.text(role)])
        }
    }

    /// Removes the user and every session of theirs; false when there was none.
    public func removeUser(named name: String) throws -> Bool {
        try database.transaction { connection in
            try connection.run("DELETE FROM users WHERE name = ?", [.text(name)]) == 1
        }
    }

    /// Replaces the password hash and ends every session of the user but `keptSession` (a changed
    /// password must lock out whoever knew the old one; the person who just changed it stays in).
    /// Answers how many sessions ended, or nil when there is no such user. One transaction, so no
    /// old session survives a password that was saved.
    public func setPasswordHash(
        _ hash: String, forUser name: String, at date: Date, keepingSession keptSession: String? = nil
    ) throws -> Int? {
        try database.transaction { connection in
            let changed = try connection.run(
                "UPDATE users SET password_hash = ?, updated_at = ? WHERE name = ?",
                [.text(hash), .text(Timestamp.string(from: date)), .text(name)])
            guard changed == 1 else { return nil }
            return try connection.run(
                "DELETE FROM sessions WHERE user_name = ? AND id_hash IS DISTINCT FROM ?",
                [.text(name), keptSession.map(SQLValue.text) ?? .null])
        }
    }

    /// Changes the user's role; sessions see it on their next request. False when there is none.
    public func setRole(_ role: String, forUser name: String, at date: Date) throws -> Bool {
        try database.transaction { connection in
            try connection.run(
                "UPDATE users SET role = ?, updated_at = ? WHERE name = ?",
                [.text(role), .text(Timestamp.string(from: date)), .text(name)]) == 1
        }
    }

    /// Stores a new session for `user`.
    public func addSession(idHash: String, user: String, at date: Date) throws {
        let now = Timestamp.string(from: date)
        try database.transaction { connection in
            _ = try connection.run(
                "INSERT INTO sessions (id_hash, user_name, created_at, last_seen_at) VALUES (?, ?, ?, ?)",
                [.text(idHash), .text(user), .text(now), .text(now)])
        }
    }

    /// The session with this hash and its user's current role, or nil.
    public func session(idHash: String) throws -> StoredSession? {
        try database.withSession { connection in
            try connection.queryFirst(
                """
                SELECT s.id_hash, s.user_name, u.role, s.created_at, s.last_seen_at
                FROM sessions s JOIN users u ON u.name = s.user_name WHERE s.id_hash = ?
                """,
                [.text(idHash)]
            ) { row in
                StoredSession(
                    idHash: row.text(0), userName: row.text(1), role: row.text(2), createdAt: row.text(3),
                    lastSeenAt: row.text(4))
            }
        }
    }

    /// Records activity on a session (the idle clock restarts), when the write lock is free:
    /// false, with nothing written and no wait, when it is not (the next request tries again).
    @discardableResult
    public func touchSession(idHash: String, at date: Date) throws -> Bool {
        try database.transactionIfUnlocked { connection in
            _ = try connection.run(
                "UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?",
                [.text(Timestamp.string(from: date)), .text(idHash)])
        } != nil
    }

    /// Ends one session (logout).
    public func removeSession(idHash: String) throws {
        try database.transaction { connection in
            _ = try connection.run("DELETE FROM sessions WHERE id_hash = ?", [.text(idHash)])
        }
    }

    /// Deletes a session found expired, when the write lock is free (otherwise the periodic
    /// pruning, `removeExpiredSessions`, will).
    public func removeExpiredSession(idHash: String) throws {
        _ = try database.transactionIfUnlocked { connection in
            try connection.run("DELETE FROM sessions WHERE id_hash = ?", [.text(idHash)])
        }
    }

    /// Deletes every session created before `createdBefore` or unused since `lastSeenBefore`
    /// (both in the stored form), a batch at a time so no writer waits long; answers how many.
    public func removeExpiredSessions(createdBefore: String, lastSeenBefore: String) throws -> Int {
        var removed = 0
        while true {
            let batch = try database.transaction { connection in
                try connection.run(
                    """
                    DELETE FROM sessions WHERE id_hash IN (SELECT id_hash FROM sessions
                    WHERE created_at <= ? OR last_seen_at <= ? LIMIT \(Self.pruneBatch))
                    """, [.text(createdBefore), .text(lastSeenBefore)])
            }
            removed += batch
            if batch < Self.pruneBatch { return removed }
        }
    }

    /// Rows one pruning transaction deletes at most.
    static let pruneBatch = 2000

    private static func user(named name: String, in connection: any SQLSession) throws -> StoredUser? {
        try connection.queryFirst(
            "SELECT name, role, password_hash, created_at, updated_at FROM users WHERE name = ?",
            [.text(name)], row: user(from:))
    }

    private static func user(from row: any SQLRow) -> StoredUser {
        StoredUser(
            name: row.text(0), role: row.text(1), passwordHash: row.text(2), createdAt: row.text(3),
            updatedAt: row.text(4))
    }
}
