import Foundation

/// One test push as logged: who sent what to which device, when, and APNs' answer.
public struct SendRecord: Sendable, Equatable {
    /// The row's number (insertion order); 0 for a record not yet stored.
    public let id: Int
    /// When it was sent, in the stored form.
    public let at: String
    /// Who sent it (`user:anna`, `token:ci`, `cli:root`, …).
    public let actor: String
    /// The saved notification and its revision, when one was sent.
    public let notificationID: String?
    public let notificationRevision: Int?
    /// The SHA-256 of the exact bytes sent, lowercase hex.
    public let payloadSHA256: String
    /// The device: its id (nil when it was not a stored device), name, token and environment.
    public let deviceID: String?
    public let deviceName: String
    public let deviceToken: String
    public let environment: String
    /// The credential used, by its Key ID or certificate subject (never the key).
    public let credential: String
    /// APNs' answer: the HTTP status (nil without one), `apns-id`, `apns-unique-id`, the reason.
    public let status: Int?
    public let apnsID: String?
    public let uniqueID: String?
    public let reason: String?
    /// Why no answer came (timeout, TLS), or a refusal before sending.
    public let failure: String?
    /// The round trip, in milliseconds.
    public let roundTripMilliseconds: Double
    /// Whether it was retried once (429, 500, 503).
    public let retried: Bool

    /// A record to log (or as read back).
    public init(
        id: Int = 0, at: String = "", actor: String, notificationID: String?, notificationRevision: Int?,
        payloadSHA256: String, deviceID: String?, deviceName: String, deviceToken: String,
        environment: String,
        credential: String, status: Int?, apnsID: String?, uniqueID: String?, reason: String?,
        failure: String?,
        roundTripMilliseconds: Double, retried: Bool
    ) {
        self.id = id
        self.at = at
        self.actor = actor
        self.notificationID = notificationID
        self.notificationRevision = notificationRevision
        self.payloadSHA256 = payloadSHA256
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.deviceToken = deviceToken
        self.environment = environment
        self.credential = credential
        self.status = status
        self.apnsID = apnsID
        self.uniqueID = uniqueID
        self.reason = reason
        self.failure = failure
        self.roundTripMilliseconds = roundTripMilliseconds
        self.retried = retried
    }
}

/// The send log: appended to, never edited, pruned by age like the audit trail (`AuditStore`).
public struct SendLogStore: Sendable {
    /// The database the log lives in.
    public let database: any StoreDatabase

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Appends `records` in one transaction, stamped `date`; answers them as stored.
    @discardableResult
    public func append(_ records: [SendRecord], at date: Date = Date()) throws -> [SendRecord] {
        let stamp = Timestamp.string(from: date)
        return try database.transaction { connection in
            try records.map { record in
                let id = try connection.integer(
                    """
                    INSERT INTO sends (at, actor, notification_id, notification_revision, payload_sha256, device_id,
                    device_name, device_token, environment, credential, status, apns_id, unique_id, reason, failure,
                    round_trip_ms, retried) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                    """,
                    [
                        .text(stamp), .text(record.actor), .optionalText(record.notificationID),
                        record.notificationRevision.map(SQLValue.int) ?? .null, .text(record.payloadSHA256),
                        .optionalText(record.deviceID), .text(record.deviceName), .text(record.deviceToken),
                        .text(record.environment), .text(record.credential),
                        record.status.map(SQLValue.int) ?? .null,
                        .optionalText(record.apnsID), .optionalText(record.uniqueID),
                        .optionalText(record.reason),
                        .optionalText(record.failure), .real(record.roundTripMilliseconds),
                        .int(record.retried ? 1 : 0),
                    ])
                return try connection.queryFirst(
                    "SELECT \(Self.columns) FROM sends WHERE id = ?", [.int(id)], row: Self.row)
                    ?? record
            }
        }
    }

    /// One page of the log, newest first (`actor` nil: everyone's), and how many it has in all;
    /// both read in one snapshot.
    public func page(actor: String?, limit: Int, offset: Int) throws -> (records: [SendRecord], total: Int) {
        let condition = actor == nil ? "" : " WHERE actor = ?"
        let values: [SQLValue] = actor.map { [.text($0)] } ?? []
        let window: [SQLValue] = [.int(max(0, min(limit, 1000))), .int(max(0, offset))]
        return try database.snapshot { connection in
            let records = try connection.query(
                "SELECT \(Self.columns) FROM sends\(condition) ORDER BY id DESC LIMIT ? OFFSET ?",
                values + window,
                row: Self.row)
            let total = try connection.integer("SELECT count(*) FROM sends\(condition)", values)
            return (records, total)
        }
    }

    /// How many test pushes `actor` sent at or after `since`: the rate limit's count across
    /// processes (a CLI and a server share the data directory).
    public func count(actor: String, since: Date) throws -> Int {
        try database.withSession { connection in
            try connection.integer(
                "SELECT count(*) FROM sends WHERE actor = ? AND at >= ?",
                [.text(actor), .text(Timestamp.string(from: since))])
        }
    }

    /// Deletes the records from before `cutoff`, a batch at a time so writers never wait long
    /// behind it; answers how many went.
    public func prune(before cutoff: Date) throws -> Int {
        try database.pruneLog("sends", before: cutoff)
    }

    private static let columns = """
        id, at, actor, notification_id, notification_revision, payload_sha256, device_id, device_name, device_token,
        environment, credential, status, apns_id, unique_id, reason, failure, round_trip_ms, retried
        """

    private static func row(_ row: any SQLRow) -> SendRecord {
        SendRecord(
            id: row.int(0), at: row.text(1), actor: row.text(2), notificationID: row.optionalText(3),
            notificationRevision: row.isNull(4) ? nil : row.int(4), payloadSHA256: row.text(5),
            deviceID: row.optionalText(6), deviceName: row.text(7), deviceToken: row.text(8),
            environment: row.text(9), credential: row.text(10), status: row.isNull(11) ? nil : row.int(11),
            apnsID: row.optionalText(12), uniqueID: row.optionalText(13), reason: row.optionalText(14),
            failure: row.optionalText(15), roundTripMilliseconds: row.real(16), retried: row.int(17) != 0)
    }
}
