/// The tables pushboard keeps and the migrations that create them, in order.
///
/// `PRAGMA user_version` holds the number of the last migration applied. Migrations only ever
/// get appended: an applied one is never edited, because files in the field already ran it.
enum Schema {
    /// Marks the file as pushboard's ("PSHB"), so another program's SQLite file is refused
    /// instead of being "migrated".
    static let applicationID: Int32 = 0x5053_4842

    /// Migration `n` (1-based) brings the schema from version `n - 1` to `n`.
    static let migrations: [String] = [
        version1, activityTypes, trash, workspaceSettings, accessVersion, notificationSearch,
        apnsWorkspace,
        stringCatalog,
        templateVariables,
        notificationVariants,
        notificationSequence,
        loginThrottle,
    ]

    /// The newest schema version this binary knows.
    static var latestVersion: Int { migrations.count }

    /// Brings the file behind `connection` to the latest version, or checks that it already is
    /// there when the connection is read-only.
    static func prepare(_ connection: Connection, path: String) throws {
        let applicationID = Int32(truncatingIfNeeded: try connection.integer("PRAGMA application_id"))
        guard applicationID == 0 || applicationID == Self.applicationID else {
            throw StorageError.notPushboardDatabase(path: path, applicationID: applicationID)
        }
        let found = try connection.integer("PRAGMA user_version")
        guard found <= latestVersion else {
            throw StorageError.schemaTooNew(found: found, known: latestVersion)
        }
        if connection.isReadOnly {
            guard found == latestVersion else {
                throw StorageError.schemaTooOld(found: found, known: latestVersion)
            }
            return
        }
        // The journal mode cannot change inside a transaction, and WAL is a property of the file.
        try connection.execute("PRAGMA journal_mode = WAL")
        guard found < latestVersion else { return }
        try connection.transaction { connection in
            // Re-read under the write lock: another process may have migrated meanwhile.
            let current = try connection.integer("PRAGMA user_version")
            guard current <= latestVersion else {
                throw StorageError.schemaTooNew(found: current, known: latestVersion)
            }
            for version in stride(from: current + 1, through: latestVersion, by: 1) {
                try connection.execute(migrations[version - 1])
                // Pragmas take no bound parameters; `version` is this binary's constant, not input.
                try connection.execute("PRAGMA user_version = \(version)")
            }
            try connection.execute("PRAGMA application_id = \(Self.applicationID)")
        }
    }

    /// Categories (current rows, per-category history, whole-registry revisions) and saved
    /// notifications with every revision. STRICT tables make SQLite refuse a value of the wrong
    /// type instead of storing it; identifiers compare as bytes (BINARY), so `message` and
    /// `Message` are two keys, as they are on iOS.
    private static let version1 = """
        CREATE TABLE registry_revisions (
            revision INTEGER PRIMARY KEY,
            change TEXT NOT NULL CHECK (change IN ('replace', 'put', 'delete')),
            identifier TEXT,
            changed_at TEXT NOT NULL,
            changed_by TEXT NOT NULL
        ) STRICT;

        CREATE TABLE categories (
            identifier TEXT PRIMARY KEY NOT NULL COLLATE BINARY,
            position INTEGER NOT NULL UNIQUE,
            document TEXT NOT NULL,
            revision INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            updated_by TEXT NOT NULL
        ) STRICT;

        CREATE TABLE category_revisions (
            registry_revision INTEGER NOT NULL REFERENCES registry_revisions (revision),
            identifier TEXT NOT NULL COLLATE BINARY,
            revision INTEGER NOT NULL,
            position INTEGER NOT NULL,
            document TEXT,
            changed_at TEXT NOT NULL,
            changed_by TEXT NOT NULL,
            PRIMARY KEY (identifier, revision)
        ) STRICT;
        CREATE INDEX category_revisions_by_registry ON category_revisions (registry_revision);

        CREATE TABLE notifications (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            headers TEXT NOT NULL,
            payload TEXT NOT NULL,
            revision INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            created_by TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            updated_by TEXT NOT NULL
        ) STRICT;
        CREATE INDEX notifications_by_update ON notifications (updated_at);

        CREATE TABLE notification_revisions (
            notification_id TEXT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
            revision INTEGER NOT NULL,
            name TEXT NOT NULL,
            headers TEXT NOT NULL,
            payload TEXT NOT NULL,
            changed_at TEXT NOT NULL,
            changed_by TEXT NOT NULL,
            PRIMARY KEY (notification_id, revision)
        ) STRICT;
        """

    /// The app's Live Activity types (issue 14), stored like categories: the current row per
    /// `ActivityAttributes` name (its JSON Schema, and the Swift or schema source it came from)
    /// and every revision, each numbered in one registry-wide sequence so the registry as a whole
    /// has a revision (`registry_revision`) for caches.
    private static let activityTypes = """
        CREATE TABLE activity_types (
            name TEXT PRIMARY KEY NOT NULL COLLATE BINARY,
            document TEXT NOT NULL,
            source_kind TEXT NOT NULL CHECK (source_kind IN ('swift', 'schema')),
            source TEXT NOT NULL,
            revision INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            updated_by TEXT NOT NULL
        ) STRICT;

        CREATE TABLE activity_type_revisions (
            registry_revision INTEGER NOT NULL UNIQUE,
            name TEXT NOT NULL COLLATE BINARY,
            revision INTEGER NOT NULL,
            document TEXT,
            source_kind TEXT,
            source TEXT,
            changed_at TEXT NOT NULL,
            changed_by TEXT NOT NULL,
            PRIMARY KEY (name, revision)
        ) STRICT;
        """

    /// The trash: a deleted notification keeps its row and every revision, marked with who
    /// deleted it and when, until it is restored or purged (an explicit, separate act).
    private static let trash = """
        ALTER TABLE notifications ADD COLUMN deleted_at TEXT;
        ALTER TABLE notifications ADD COLUMN deleted_by TEXT;
        CREATE INDEX notifications_in_trash ON notifications (deleted_at) WHERE deleted_at IS NOT NULL;
        """

    /// The workspace settings (app name, app icon, app bundle ID), one row per key; the value is
    /// bytes (UTF-8 text or the icon's PNG file).
    private static let workspaceSettings = """
        CREATE TABLE settings (
            key TEXT PRIMARY KEY NOT NULL COLLATE BINARY,
            value BLOB NOT NULL,
            updated_at TEXT NOT NULL,
            updated_by TEXT NOT NULL
        ) STRICT;
        """

    /// Test sends (issue 26): the workspace's APNs credentials (descriptions in the clear, the
    /// key or certificate only as a sealed box: never plaintext), each user's test devices, and
    /// the send log, one row per device answered, kept like the audit trail.
    private static let apnsWorkspace = """
        CREATE TABLE apns_credentials (
            id TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('token', 'certificate')),
            format TEXT NOT NULL CHECK (format IN ('p8', 'p12', 'pem')),
            key_id TEXT,
            team_id TEXT,
            environments TEXT NOT NULL CHECK (environments IN ('both', 'sandbox', 'production')),
            bundle_id TEXT,
            topics TEXT NOT NULL,
            subject TEXT,
            expires_at TEXT,
            sealed_secret BLOB NOT NULL,
            sealing_key TEXT NOT NULL,
            created_at TEXT NOT NULL,
            created_by TEXT NOT NULL
        ) STRICT;
        CREATE UNIQUE INDEX apns_credentials_by_key_id ON apns_credentials (key_id) WHERE key_id IS NOT NULL;

        CREATE TABLE test_devices (
            id TEXT PRIMARY KEY NOT NULL,
            owner TEXT NOT NULL,
            name TEXT NOT NULL,
            token TEXT NOT NULL,
            environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
            bundle_id TEXT NOT NULL,
            platform TEXT NOT NULL,
            created_at TEXT NOT NULL,
            UNIQUE (owner, token)
        ) STRICT;

        CREATE TABLE sends (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            actor TEXT NOT NULL,
            notification_id TEXT,
            notification_revision INTEGER,
            payload_sha256 TEXT NOT NULL,
            device_id TEXT,
            device_name TEXT NOT NULL,
            device_token TEXT NOT NULL,
            environment TEXT NOT NULL,
            credential TEXT NOT NULL,
            status INTEGER,
            apns_id TEXT,
            unique_id TEXT,
            reason TEXT,
            failure TEXT,
            round_trip_ms REAL NOT NULL,
            retried INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX sends_by_actor ON sends (actor, id);
        CREATE INDEX sends_by_time ON sends (at);
        """

    /// The app's String Catalog (issue 27): one document, every import a revision; the newest
    /// is the catalog payloads are checked against.
    private static let stringCatalog = """
        CREATE TABLE string_catalog_revisions (
            revision INTEGER PRIMARY KEY NOT NULL,
            document TEXT NOT NULL,
            source_name TEXT NOT NULL,
            changed_at TEXT NOT NULL,
            changed_by TEXT NOT NULL
        ) STRICT;
        """

    /// Issue 28: a notification's declared template variables and sample recipients, as the
    /// JSON arrays the API takes (`docs/templates.md`), one row per notification that has any.
    private static let templateVariables = """
        CREATE TABLE template_variables (
            notification_id TEXT PRIMARY KEY NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
            variables TEXT NOT NULL,
            samples TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            updated_by TEXT NOT NULL
        ) STRICT;
        """

    /// Issue 27: the per-language variants of a notification (title, subtitle and body per BCP 47
    /// tag, the rest of the payload shared), as the JSON object the API takes, kept with every
    /// revision. `{}` for a notification with none, which every older row is.
    private static let notificationVariants = """
        ALTER TABLE notifications ADD COLUMN variants TEXT NOT NULL DEFAULT '{}';
        ALTER TABLE notification_revisions ADD COLUMN variants TEXT NOT NULL DEFAULT '{}';
        """

    /// Issue 30: the order notifications were created in as a column of its own, `seq`, where it
    /// was SQLite's implicit `rowid`, so the same statements page the list on PostgreSQL (which
    /// has no `rowid`). Existing rows keep their rowid as their number; new ones get one more than
    /// the largest, drawn under the write lock. The list's index pages by it.
    static let notificationSequence = """
        ALTER TABLE notifications ADD COLUMN seq INTEGER;
        UPDATE notifications SET seq = rowid;
        CREATE UNIQUE INDEX notifications_by_seq ON notifications (seq);
        DROP INDEX notifications_live_by_update;
        CREATE INDEX notifications_live_by_update ON notifications (updated_at, seq) WHERE deleted_at IS NULL;
        """

    /// Issue 30: the login throttle's counts (`LoginThrottleStore`), so that every process
    /// serving the workspace counts the same failures. `key` is a hash of what is counted (an
    /// account, an address, a device); `last_failure` is in seconds since 1970.
    static let loginThrottle = """
        CREATE TABLE login_throttle (
            key TEXT PRIMARY KEY NOT NULL,
            failures INTEGER NOT NULL,
            last_failure REAL NOT NULL
        ) STRICT;
        CREATE INDEX login_throttle_by_age ON login_throttle (last_failure);
        """
}
