import Foundation

/// One APNs credential of the workspace as stored: what describes it, in the clear, and the key
/// or certificate itself only as a box sealed by the caller (`sealedSecret`): this store never
/// sees plaintext and has no way to open it.
public struct StoredAPNsCredential: Sendable, Equatable {
    /// A random id (16 hex digits).
    public let id: String
    /// `token` (a .p8 key) or `certificate`.
    public let kind: String
    /// What was uploaded: `p8`, `p12` or `pem`.
    public let format: String
    /// The token key's Key ID (10 characters); nil for a certificate.
    public let keyID: String?
    /// The token key's Team ID; nil for a certificate.
    public let teamID: String?
    /// `both`, `sandbox` or `production`.
    public let environments: String
    /// The one bundle ID a scoped key may use; nil: every topic of the team.
    public let bundleID: String?
    /// A certificate's topics (empty for a token key).
    public let topics: [String]
    /// A certificate's subject.
    public let subject: String?
    /// A certificate's expiry, in the stored form.
    public let expiresAt: String?
    /// The sealed key or certificate.
    public let sealedSecret: [UInt8]
    /// The fingerprint of the key that sealed it (not the key).
    public let sealingKey: String
    /// When and by whom it was added.
    public let createdAt: String
    public let createdBy: String

    /// A record to add (`id`, `createdAt` filled by the store).
    public init(
        id: String = "", kind: String, format: String, keyID: String?, teamID: String?, environments: String,
        bundleID: String?, topics: [String], subject: String?, expiresAt: String?, sealedSecret: [UInt8],
        sealingKey: String, createdAt: String = "", createdBy: String
    ) {
        self.id = id
        self.kind = kind
        self.format = format
        self.keyID = keyID
        self.teamID = teamID
        self.environments = environments
        self.bundleID = bundleID
        self.topics = topics
        self.subject = subject
        self.expiresAt = expiresAt
        self.sealedSecret = sealedSecret
        self.sealingKey = sealingKey
        self.createdAt = createdAt
        self.createdBy = createdBy
    }

    /// How pages, the log and the audit trail name it: the Key ID, or the certificate's subject.
    public var displayName: String { keyID ?? subject ?? id }
}

/// The workspace's APNs credentials. The rules (parsing, checking, sealing) live above it.
public struct APNsCredentialStore: Sendable {
    /// The database the rows live in.
    public let database: any StoreDatabase

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Stores `credential` with a new id; nil when a key with the same Key ID is stored already.
    public func add(_ credential: StoredAPNsCredential, at date: Date = Date()) throws
        -> StoredAPNsCredential?
    {
        let id = RandomIdentifier.hex()
        let now = Timestamp.string(from: date)
        return try database.transaction { connection in
            if let keyID = credential.keyID,
                try connection.integer(
                    "SELECT count(*) FROM apns_credentials WHERE key_id = ?", [.text(keyID)]) > 0
            {
                return nil
            }
            try connection.run(
                """
                INSERT INTO apns_credentials (id, kind, format, key_id, team_id, environments, bundle_id, topics,
                subject, expires_at, sealed_secret, sealing_key, created_at, created_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(id), .text(credential.kind), .text(credential.format),
                    SQLValue.optionalText(credential.keyID),
                    SQLValue.optionalText(credential.teamID), .text(credential.environments),
                    SQLValue.optionalText(credential.bundleID),
                    .text(credential.topics.joined(separator: "\n")),
                    SQLValue.optionalText(credential.subject), SQLValue.optionalText(credential.expiresAt),
                    .blob(credential.sealedSecret), .text(credential.sealingKey), .text(now),
                    .text(credential.createdBy),
                ])
            return try Self.credential(id: id, in: connection)
        }
    }

    /// Every credential, oldest first.
    public func all() throws -> [StoredAPNsCredential] {
        try database.withSession { connection in
            try connection.query(
                "SELECT \(Self.columns) FROM apns_credentials ORDER BY created_at, id", row: Self.row)
        }
    }

    /// The credential with `id` or, failing that, with the Key ID `id`; nil when there is none.
    public func credential(_ id: String) throws -> StoredAPNsCredential? {
        try database.withSession { try Self.credential(id: id, in: $0) }
    }

    /// Removes the credential with `id` (or Key ID `id`); answers the removed record, or nil.
    public func remove(_ id: String) throws -> StoredAPNsCredential? {
        try database.transaction { connection in
            guard let found = try Self.credential(id: id, in: connection) else { return nil }
            try connection.run("DELETE FROM apns_credentials WHERE id = ?", [.text(found.id)])
            return found
        }
    }

    private static func credential(id: String, in connection: any SQLSession) throws -> StoredAPNsCredential?
    {
        try connection.queryFirst(
            "SELECT \(columns) FROM apns_credentials WHERE id = ? OR key_id = ? ORDER BY id = ? DESC",
            [.text(id), .text(id), .text(id)], row: row)
    }

    private static let columns =
        "id, kind, format, key_id, team_id, environments, bundle_id, topics, subject, expires_at, sealed_secret, sealing_key, created_at, created_by"

    private static func row(_ row: any SQLRow) -> StoredAPNsCredential {
        let topics = row.text(7)
        return StoredAPNsCredential(
            id: row.text(0), kind: row.text(1), format: row.text(2), keyID: row.optionalText(3),
            teamID: row.optionalText(4), environments: row.text(5), bundleID: row.optionalText(6),
            topics: topics.isEmpty ? [] : topics.split(separator: "\n").map(String.init),
            subject: row.optionalText(8), expiresAt: row.optionalText(9), sealedSecret: row.blob(10),
            sealingKey: row.text(11), createdAt: row.text(12), createdBy: row.text(13))
    }
}
