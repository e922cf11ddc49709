/// The tables pushboard keeps in PostgreSQL and the migrations that create them, in order: the
/// same concepts, columns and constraints as the SQLite schema (`Schema`), in PostgreSQL's types.
///
/// The version lives in `pushboard_schema` (one row). Migrations are applied when an instance
/// starts, in one transaction that first takes an advisory lock (`migrationLockKey`), so
/// instances starting together never both migrate: the second waits, then finds the schema
/// current. An instance that finds a version newer than it knows refuses to serve
/// (`StorageError.schemaTooNew`), since an older binary would write rows the newer schema does
/// not expect. As with SQLite, migrations only ever get appended.
///
/// Text that SQLite compares as bytes (`COLLATE BINARY`, its default) is `COLLATE "C"` here, so
/// `message` and `Message` stay two keys and every `ORDER BY` sorts as on SQLite, whatever the
/// database's own collation.
enum PostgresSchema {
    /// The advisory lock migrations run under ("PBSCHEMA"); distinct from the write lock.
    static let migrationLockKey: Int64 = 0x5042_5343_4845_4D41

    /// Migration `n` (1-based) brings the schema from version `n - 1` to `n`.
    static let migrations: [String] = [version1, notificationVariants, loginThrottle]

    /// The newest schema version this binary knows.
    static var latestVersion: Int { migrations.count }

    /// Brings the database behind `connection` to the latest version (or finds it there), under
    /// the migration lock; throws `schemaTooNew` for a database a newer pushboard has migrated.
    static func prepare(_ connection: PostgresConnection) throws {
        try connection.execute("BEGIN")
        do {
            try connection.run("SELECT pg_advisory_xact_lock(?)", [.integer(migrationLockKey)])
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS pushboard_schema (
                    only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
                    version BIGINT NOT NULL
                )
                """)
            let found = try connection.integer("SELECT COALESCE(MAX(version), 0) FROM pushboard_schema")
            guard found <= latestVersion else {
                throw StorageError.schemaTooNew(found: found, known: latestVersion)
            }
            for version in stride(from: found + 1, through: latestVersion, by: 1) {
                try connection.execute(migrations[version - 1])
            }
            if found < latestVersion {
                try connection.run(
                    """
                    INSERT INTO pushboard_schema (only_row, version) VALUES (TRUE, ?)
                    ON CONFLICT (only_row) DO UPDATE SET version = excluded.version
                    """, [.int(latestVersion)])
            }
            try connection.execute("COMMIT")
        } catch {
            if !connection.isBroken { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Every table of SQLite's migrations 1 to 9 (categories and their history, notifications
    /// with revisions and trash, Live Activity types, settings, users, sessions, API tokens, the
    /// audit trail, APNs credentials, test devices, the send log, the String Catalog and
    /// template variables), and the search index in its PostgreSQL form.
    ///
    /// Differences from SQLite, each for a reason:
    /// - `seq` orders notifications saved in the same instant (SQLite's `rowid` did); the stores
    ///   draw it as one more than the largest, under the write lock, on both backends.
    /// - The log tables' `id` is an identity column (SQLite's `INTEGER PRIMARY KEY`).
    /// - `notification_search` holds each live notification's searched text folded (case and
    ///   accents removed) and split into words, one line per field (see
    ///   `PostgresNotificationSearch`), where SQLite has an FTS5 table; `search_rowid` orders it
    ///   "most recently saved first" as on SQLite.
    private static let version1 = """
        CREATE TABLE registry_revisions (
            revision BIGINT PRIMARY KEY,
            change TEXT NOT NULL CHECK (change IN ('replace', 'put', 'delete')),
            identifier TEXT COLLATE "C",
            changed_at TEXT COLLATE "C" NOT NULL,
            changed_by TEXT COLLATE "C" NOT NULL
        );

        CREATE TABLE categories (
            identifier TEXT COLLATE "C" PRIMARY KEY,
            position BIGINT NOT NULL UNIQUE,
            document TEXT NOT NULL,
            revision BIGINT NOT NULL,
            created_at TEXT COLLATE "C" NOT NULL,
            updated_at TEXT COLLATE "C" NOT NULL,
            updated_by TEXT COLLATE "C" NOT NULL
        );

        CREATE TABLE category_revisions (
            registry_revision BIGINT NOT NULL REFERENCES registry_revisions (revision),
            identifier TEXT COLLATE "C" NOT NULL,
            revision BIGINT NOT NULL,
            position BIGINT NOT NULL,
            document TEXT,
            changed_at TEXT COLLATE "C" NOT NULL,
            changed_by TEXT COLLATE "C" NOT NULL,
            PRIMARY KEY (identifier, revision)
        );
        CREATE INDEX category_revisions_by_registry ON category_revisions (registry_revision);

        CREATE TABLE notifications (
            id TEXT COLLATE "C" PRIMARY KEY,
            name TEXT COLLATE "C" NOT NULL,
            headers TEXT NOT NULL,
            payload TEXT NOT NULL,
            revision BIGINT NOT NULL,
            created_at TEXT COLLATE "C" NOT NULL,
            created_by TEXT COLLATE "C" NOT NULL,
            updated_at TEXT COLLATE "C" NOT NULL,
            updated_by TEXT COLLATE "C" NOT NULL,
            deleted_at TEXT COLLATE "C",
            deleted_by TEXT COLLATE "C",
            seq BIGINT NOT NULL UNIQUE,
            search_rowid BIGINT UNIQUE
        );
        CREATE INDEX notifications_live_by_update ON notifications (updated_at, seq) WHERE deleted_at IS NULL;
        CREATE INDEX notifications_in_trash ON notifications (deleted_at) WHERE deleted_at IS NOT NULL;

        CREATE TABLE notification_revisions (
            notification_id TEXT COLLATE "C" NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
            revision BIGINT NOT NULL,
            name TEXT COLLATE "C" NOT NULL,
            headers TEXT NOT NULL,
            payload TEXT NOT NULL,
            changed_at TEXT COLLATE "C" NOT NULL,
            changed_by TEXT COLLATE "C" NOT NULL,
            PRIMARY KEY (notification_id, revision)
        );

        CREATE TABLE notification_search (
            search_rowid BIGINT PRIMARY KEY,
            words TEXT COLLATE "C" NOT NULL
        );

        CREATE TABLE activity_types (
            name TEXT COLLATE "C" PRIMARY KEY,
            document TEXT NOT NULL,
            source_kind TEXT NOT NULL CHECK (source_kind IN ('swift', 'schema')),
            source TEXT NOT NULL,
            revision BIGINT NOT NULL,
            created_at TEXT COLLATE "C" NOT NULL,
            updated_at TEXT COLLATE "C" NOT NULL,
            updated_by TEXT COLLATE "C" NOT NULL
        );

        CREATE TABLE activity_type_revisions (
            registry_revision BIGINT NOT NULL UNIQUE,
            name TEXT COLLATE "C" NOT NULL,
            revision BIGINT NOT NULL,
            document TEXT,
            source_kind TEXT,
            source TEXT,
            changed_at TEXT COLLATE "C" NOT NULL,
            changed_by TEXT COLLATE "C" NOT NULL,
            PRIMARY KEY (name, revision)
        );

        CREATE TABLE settings (
            key TEXT COLLATE "C" PRIMARY KEY,
            value BYTEA NOT NULL,
            updated_at TEXT COLLATE "C" NOT NULL,
            updated_by TEXT COLLATE "C" NOT NULL
        );

        CREATE TABLE users (
            name TEXT COLLATE "C" PRIMARY KEY,
            role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
            password_hash TEXT NOT NULL,
            created_at TEXT COLLATE "C" NOT NULL,
            updated_at TEXT COLLATE "C" NOT NULL
        );

        CREATE TABLE sessions (
            id_hash TEXT COLLATE "C" PRIMARY KEY,
            user_name TEXT COLLATE "C" NOT NULL REFERENCES users (name) ON DELETE CASCADE,
            created_at TEXT COLLATE "C" NOT NULL,
            last_seen_at TEXT COLLATE "C" NOT NULL
        );
        CREATE INDEX sessions_by_user ON sessions (user_name);

        CREATE TABLE api_tokens (
            name TEXT COLLATE "C" PRIMARY KEY,
            role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
            secret_hash TEXT COLLATE "C" NOT NULL UNIQUE,
            created_at TEXT COLLATE "C" NOT NULL,
            created_by TEXT COLLATE "C" NOT NULL,
            expires_at TEXT COLLATE "C",
            revoked_at TEXT COLLATE "C",
            last_used_at TEXT COLLATE "C"
        );

        CREATE TABLE audit_events (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            at TEXT COLLATE "C" NOT NULL,
            actor TEXT COLLATE "C" NOT NULL,
            action TEXT COLLATE "C" NOT NULL,
            object TEXT COLLATE "C" NOT NULL,
            detail TEXT NOT NULL,
            client TEXT NOT NULL
        );
        CREATE INDEX audit_events_by_time ON audit_events (at);

        CREATE TABLE apns_credentials (
            id TEXT COLLATE "C" PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('token', 'certificate')),
            format TEXT NOT NULL CHECK (format IN ('p8', 'p12', 'pem')),
            key_id TEXT COLLATE "C",
            team_id TEXT COLLATE "C",
            environments TEXT NOT NULL CHECK (environments IN ('both', 'sandbox', 'production')),
            bundle_id TEXT COLLATE "C",
            topics TEXT NOT NULL,
            subject TEXT,
            expires_at TEXT COLLATE "C",
            sealed_secret BYTEA NOT NULL,
            sealing_key TEXT NOT NULL,
            created_at TEXT COLLATE "C" NOT NULL,
            created_by TEXT COLLATE "C" NOT NULL
        );
        CREATE UNIQUE INDEX apns_credentials_by_key_id ON apns_credentials (key_id) WHERE key_id IS NOT NULL;

        CREATE TABLE test_devices (
            id TEXT COLLATE "C" PRIMARY KEY,
            owner TEXT COLLATE "C" NOT NULL,
            name TEXT COLLATE "C" NOT NULL,
            token TEXT COLLATE "C" NOT NULL,
            environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
            bundle_id TEXT COLLATE "C" NOT NULL,
            platform TEXT COLLATE "C" NOT NULL,
            created_at TEXT COLLATE "C" NOT NULL,
            UNIQUE (owner, token)
        );

        CREATE TABLE sends (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            at TEXT COLLATE "C" NOT NULL,
            actor TEXT COLLATE "C" NOT NULL,
            notification_id TEXT COLLATE "C",
            notification_revision BIGINT,
            payload_sha256 TEXT NOT NULL,
            device_id TEXT COLLATE "C",
            device_name TEXT COLLATE "C" NOT NULL,
            device_token TEXT COLLATE "C" NOT NULL,
            environment TEXT NOT NULL,
            credential TEXT NOT NULL,
            status BIGINT,
            apns_id TEXT,
            unique_id TEXT,
            reason TEXT,
            failure TEXT,
            round_trip_ms DOUBLE PRECISION NOT NULL,
            retried BIGINT NOT NULL
        );
        CREATE INDEX sends_by_actor ON sends (actor, id);
        CREATE INDEX sends_by_time ON sends (at);

        CREATE TABLE string_catalog_revisions (
            revision BIGINT PRIMARY KEY,
            document TEXT NOT NULL,
            source_name TEXT NOT NULL,
            changed_at TEXT COLLATE "C" NOT NULL,
            changed_by TEXT COLLATE "C" NOT NULL
        );

        CREATE TABLE template_variables (
            notification_id TEXT COLLATE "C" PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
            variables TEXT NOT NULL,
            samples TEXT NOT NULL,
            updated_at TEXT COLLATE "C" NOT NULL,
            updated_by TEXT COLLATE "C" NOT NULL
        );
        """

    /// SQLite's migration 10 (issue 27): each notification and each revision keeps its
    /// per-language variants as the API's JSON object, `{}` when it has none.
    private static let notificationVariants = """
        ALTER TABLE notifications ADD COLUMN variants TEXT NOT NULL DEFAULT '{}';
        ALTER TABLE notification_revisions ADD COLUMN variants TEXT NOT NULL DEFAULT '{}';
        """

    /// SQLite's migration 12 (issue 30): the login throttle's counts, shared by every instance.
    private static let loginThrottle = """
        CREATE TABLE login_throttle (
            key TEXT COLLATE "C" PRIMARY KEY,
            failures BIGINT NOT NULL,
            last_failure DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX login_throttle_by_age ON login_throttle (last_failure);
        """
}
