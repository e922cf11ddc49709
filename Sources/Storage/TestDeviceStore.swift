import Foundation

/// One test device of one user: where their test pushes go.
public struct StoredTestDevice: Sendable, Equatable {
    /// A random id (16 hex digits).
    public let id: String
    /// The user (or token) the device belongs to; only they see and use it.
    public let owner: String
    /// What the user calls it ("Anna's iPhone").
    public let name: String
    /// The device token, lowercase hex.
    public let token: String
    /// `sandbox` or `production`, as the user chose it: never guessed.
    public let environment: String
    /// The app's bundle ID the token belongs to.
    public let bundleID: String
    /// `iOS`, `iPadOS`, `watchOS`, `macOS`, `tvOS`, `visionOS`.
    public let platform: String
    /// When it was added.
    public let createdAt: String

    /// A device as stored.
    public init(
        id: String, owner: String, name: String, token: String, environment: String, bundleID: String,
        platform: String, createdAt: String
    ) {
        self.id = id
        self.owner = owner
        self.name = name
        self.token = token
        self.environment = environment
        self.bundleID = bundleID
        self.platform = platform
        self.createdAt = createdAt
    }
}

/// Each user's test devices. The shape rules (token, environment) live above it.
public struct TestDeviceStore: Sendable {
    /// The database the rows live in.
    public let database: any StoreDatabase

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Adds a device for `owner`; nil when they have one with this token already.
    public func add(
        owner: String, name: String, token: String, environment: String, bundleID: String, platform: String,
        at date: Date = Date()
    ) throws -> StoredTestDevice? {
        let device = StoredTestDevice(
            id: RandomIdentifier.hex(), owner: owner, name: name, token: token, environment: environment,
            bundleID: bundleID, platform: platform, createdAt: Timestamp.string(from: date))
        return try database.transaction { connection in
            guard
                try connection.integer(
                    "SELECT count(*) FROM test_devices WHERE owner = ? AND token = ?",
                    [.text(owner), .text(token)])
                    == 0
            else { return nil }
            try connection.run(
                """
                INSERT INTO test_devices (id, owner, name, token, environment, bundle_id, platform, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(device.id), .text(owner), .text(name), .text(token), .text(environment),
                    .text(bundleID),
                    .text(platform), .text(device.createdAt),
                ])
            return device
        }
    }

    /// The devices of `owner`, by name.
    public func devices(of owner: String) throws -> [StoredTestDevice] {
        try database.withSession { connection in
            try connection.query(
                "SELECT \(Self.columns) FROM test_devices WHERE owner = ? ORDER BY name, created_at",
                [.text(owner)],
                row: Self.row)
        }
    }

    /// The device `id` of `owner`, or nil (another user's device is not found either).
    public func device(_ id: String, of owner: String) throws -> StoredTestDevice? {
        try database.withSession { connection in
            try connection.queryFirst(
                "SELECT \(Self.columns) FROM test_devices WHERE id = ? AND owner = ?",
                [.text(id), .text(owner)],
                row: Self.row)
        }
    }

    /// Removes the device `id` of `owner`; false when there was none.
    public func remove(_ id: String, of owner: String) throws -> Bool {
        try database.transaction { connection in
            try connection.run(
                "DELETE FROM test_devices WHERE id = ? AND owner = ?", [.text(id), .text(owner)]) == 1
        }
    }

    private static let columns = "id, owner, name, token, environment, bundle_id, platform, created_at"

    private static func row(_ row: any SQLRow) -> StoredTestDevice {
        StoredTestDevice(
            id: row.text(0), owner: row.text(1), name: row.text(2), token: row.text(3),
            environment: row.text(4),
            bundleID: row.text(5), platform: row.text(6), createdAt: row.text(7))
    }
}
