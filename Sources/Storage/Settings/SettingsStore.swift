import Concurrency

/// The workspace settings (app name, icon, bundle ID) as rows of the `settings` table, one per
/// key. Every write is one transaction; every call may come from any thread.
public struct SettingsStore: Sendable {
    /// The database the settings live in.
    public let database: any StoreDatabase

    /// The keys of the `settings` table.
    enum Key: String, CaseIterable {
        case appName = "app.name"
        case appIcon = "app.icon"
        case appBundleID = "app.bundle-id"
    }

    /// The settings as last read, until the database changes: every preview draws with them,
    /// and reading them checks the icon's PNG structure again.
    private let cache: GenerationCache<WorkspaceSettings>

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
        self.cache = GenerationCache(database: database)
    }

    /// The settings now; fields never set are nil. A stored value that no longer passes its
    /// check (written by hand into the file) is treated as not set rather than served. Read
    /// again only after the database changed (`Database.changeGeneration()`).
    public func settings() throws -> WorkspaceSettings {
        try cache.value { _ in try database.snapshot(Self.read) }
    }

    /// Applies `change` to the settings as they are inside one write transaction and stores the
    /// result, so two writers changing different fields (the name here, the icon there) never
    /// undo each other. Answers the settings as saved; nothing is written if `change` throws.
    @discardableResult
    public func update(by author: String, _ change: (inout WorkspaceSettings) throws -> Void) throws
        -> WorkspaceSettings
    {
        try database.transaction { connection in
            var settings = try Self.read(connection)
            try change(&settings)
            try Self.write(settings, by: author, in: connection)
            return settings
        }
    }

    private static func read(_ connection: any SQLSession) throws -> WorkspaceSettings {
        let rows = try connection.query("SELECT key, value FROM settings") { row in (row.text(0), row.blob(1))
        }
        var values: [Key: [UInt8]] = [:]
        for (key, value) in rows {
            if let key = Key(rawValue: key) { values[key] = value }
        }
        let text = { (key: Key) in values[key].map { String(decoding: $0, as: UTF8.self) } }
        return WorkspaceSettings(
            appName: text(.appName).flatMap { try? WorkspaceSettings.checkedAppName($0) },
            appIcon: values[.appIcon].flatMap { try? AppIcon(png: $0) },
            appBundleID: text(.appBundleID).flatMap { try? WorkspaceSettings.checkedBundleID($0) })
    }

    /// Stores every field of `settings`, removing the rows of the ones that are nil, in one
    /// transaction.
    public func save(_ settings: WorkspaceSettings, by author: String) throws {
        try database.transaction { try Self.write(settings, by: author, in: $0) }
    }

    private static func write(_ settings: WorkspaceSettings, by author: String, in connection: any SQLSession)
        throws
    {
        do {
            let now = Timestamp.now()
            let values: [(Key, [UInt8]?)] = [
                (.appName, settings.appName.map { Array($0.utf8) }), (.appIcon, settings.appIcon?.png),
                (.appBundleID, settings.appBundleID.map { Array($0.utf8) }),
            ]
            for (key, value) in values {
                guard let value else {
                    try connection.run("DELETE FROM settings WHERE key = ?", [.text(key.rawValue)])
                    continue
                }
                try connection.run(
                    """
                    INSERT INTO settings (key, value, updated_at, updated_by) VALUES (?, ?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET
                        value = excluded.value, updated_at = excluded.updated_at,
                        updated_by = excluded.updated_by
                    WHERE settings.value IS DISTINCT FROM excluded.value
                    """,
                    [.text(key.rawValue), .blob(value), .text(now), .text(author)])
            }
        }
    }
}
