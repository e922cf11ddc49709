import Foundation

/// Pushboard's workspace opened: the database plus the stores built on it. This is what
/// `pushboard serve`, the import/export commands and `pushboard backup` open: an SQLite file in
/// the data directory (the default), or a PostgreSQL database shared by several instances.
public final class Store: Sendable {
    /// The database file's name inside the data directory.
    public static let fileName = "pushboard.sqlite3"

    /// The open database every store speaks through.
    public let database: any StoreDatabase
    /// The SQLite file (backup, integrity check, schema version); nil on PostgreSQL.
    public let file: Database?
    /// Saved notifications and their revisions.
    public let notifications: NotificationStore
    /// The category registry and its history.
    public let categories: CategoryStore
    /// Users, sessions and API tokens.
    public let access: AccessStore
    /// Who did what and when.
    public let audit: AuditStore
    /// The app's Live Activity types and their history.
    public let activityTypes: ActivityTypeStore
    /// The workspace settings (app identity).
    public let settings: SettingsStore
    /// The workspace's APNs credentials (sealed), each user's test devices, the send log.
    public let apnsCredentials: APNsCredentialStore
    public let testDevices: TestDeviceStore
    public let sendLog: SendLogStore
    /// The app's String Catalog with its revisions.
    public let strings: StringCatalogStore

    /// Opens `directory/pushboard.sqlite3`. In `.readWrite` mode the directory and the file are
    /// created when missing and the schema is migrated; `.readOnly` needs both to exist already.
    public convenience init(
        directory: String, mode: Database.Mode = .readWrite, waitingWriterLimit: Int = .max,
        connectionLimit: Int = Database.defaultConnectionLimit, readOnlyReason: String? = nil,
        changeCheckInterval: Duration = Database.defaultChangeCheckInterval
    ) throws {
        if mode == .readWrite {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw StorageError.fileSystem(
                    path: directory,
                    message: "cannot create the data directory (\(error.localizedDescription))")
            }
        }
        try self.init(
            path: (directory as NSString).appendingPathComponent(Self.fileName), mode: mode,
            waitingWriterLimit: waitingWriterLimit, connectionLimit: connectionLimit,
            readOnlyReason: readOnlyReason, changeCheckInterval: changeCheckInterval)
    }

    /// Opens the database file at `path` (see `Database.init(path:mode:)` for what can fail).
    public convenience init(
        path: String, mode: Database.Mode = .readWrite, waitingWriterLimit: Int = .max,
        connectionLimit: Int = Database.defaultConnectionLimit, readOnlyReason: String? = nil,
        changeCheckInterval: Duration = Database.defaultChangeCheckInterval
    ) throws {
        let database = try Database(
            path: path, mode: mode, waitingWriterLimit: waitingWriterLimit, connectionLimit: connectionLimit,
            readOnlyReason: readOnlyReason, changeCheckInterval: changeCheckInterval)
        self.init(database: database)
    }

    /// The stores over `database`, already opened (and so migrated): an SQLite `Database` or a
    /// `PostgresDatabase`.
    public init(database: any StoreDatabase) {
        self.database = database
        self.file = database as? Database
        self.notifications = NotificationStore(database: database)
        self.categories = CategoryStore(database: database)
        self.access = AccessStore(database: database)
        self.audit = AuditStore(database: database)
        self.activityTypes = ActivityTypeStore(database: database)
        self.settings = SettingsStore(database: database)
        self.apnsCredentials = APNsCredentialStore(database: database)
        self.testDevices = TestDeviceStore(database: database)
        self.sendLog = SendLogStore(database: database)
        self.strings = StringCatalogStore(database: database)
    }
}
