extension Schema {
    /// Users, their sessions, API tokens and the audit trail (issue 11). Secrets are never stored:
    /// a password as its Argon2id string, a session id and a token as their SHA-256 in hex.
    /// Sessions go with their user (`ON DELETE CASCADE`).
    static let accessVersion = """
        CREATE TABLE users (
            name TEXT PRIMARY KEY NOT NULL COLLATE BINARY,
            role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
            password_hash TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        ) STRICT;

        CREATE TABLE sessions (
            id_hash TEXT PRIMARY KEY NOT NULL,
            user_name TEXT NOT NULL REFERENCES users (name) ON DELETE CASCADE,
            created_at TEXT NOT NULL,
            last_seen_at TEXT NOT NULL
        ) STRICT;
        CREATE INDEX sessions_by_user ON sessions (user_name);

        CREATE TABLE api_tokens (
            name TEXT PRIMARY KEY NOT NULL COLLATE BINARY,
            role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
            secret_hash TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            created_by TEXT NOT NULL,
            expires_at TEXT,
            revoked_at TEXT,
            last_used_at TEXT
        ) STRICT;

        CREATE TABLE audit_events (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            actor TEXT NOT NULL,
            action TEXT NOT NULL,
            object TEXT NOT NULL,
            detail TEXT NOT NULL,
            client TEXT NOT NULL
        ) STRICT;
        CREATE INDEX audit_events_by_time ON audit_events (at);
        """
}
