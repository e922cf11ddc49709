import Foundation

/// One entry of the audit trail: who did what to which object, when and from where.
public struct AuditEvent: Sendable, Equatable {
    /// When it happened, in the stored form.
    public let at: String
    /// `user:NAME`, `token:NAME`, or, where no authentication is in force, the name a client gave.
    public let actor: String
    /// What happened: `login`, `login.failed`, `token.used`, `PUT`, `DELETE`, `user.add`, …
    public let action: String
    /// What it happened to: a request path (`/api/v1/categories/message`), a user, a token.
    public let object: String
    /// More about it (the answer's status, the role given); never a secret.
    public let detail: String
    /// The client's address.
    public let client: String

    /// An event as recorded.
    public init(at: String, actor: String, action: String, object: String, detail: String, client: String) {
        self.at = at
        self.actor = actor
        self.action = action
        self.object = object
        self.detail = detail
        self.client = client
    }
}

/// What part of the trail to list; nil fields do not filter.
public struct AuditFilter: Sendable, Equatable {
    /// Exactly this actor (`user:anna`, `token:deploy`).
    public var actor: String?
    /// Objects starting with this (`/api/v1/categories` finds every category change).
    public var objectPrefix: String?
    /// At or after this time (stored form or any prefix of it: `2026-12-01`).
    public var since: String?
    /// Before this time.
    public var until: String?
    /// At most this many, newest first.
    public var limit: Int
    /// Skip this many of the newest first (the page's position).
    public var offset: Int

    /// A filter; by default the newest 200 events.
    public init(
        actor: String? = nil, objectPrefix: String? = nil, since: String? = nil, until: String? = nil,
        limit: Int = 200, offset: Int = 0
    ) {
        self.actor = actor
        self.objectPrefix = objectPrefix
        self.since = since
        self.until = until
        self.limit = limit
        self.offset = offset
    }
}

/// The audit trail: appended to, never edited.
public struct AuditStore: Sendable {
    /// The database the trail lives in.
    public let database: any StoreDatabase

    /// A store over `database`, which must have been opened (and so migrated) by `Database`.
    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Appends one event, stamped now unless `date` is given.
    public func record(
        actor: String, action: String, object: String, detail: String = "", client: String,
        at date: Date = Date()
    ) throws {
        try database.transaction { connection in
            _ = try connection.run(
                "INSERT INTO audit_events (at, actor, action, object, detail, client) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    .text(Timestamp.string(from: date)), .text(actor), .text(action), .text(object),
                    .text(detail), .text(client),
                ])
        }
    }

    /// The events `filter` selects, newest first, one page of them (`limit` from `offset`).
    public func events(_ filter: AuditFilter) throws -> [AuditEvent] {
        try page(filter).events
    }

    /// One page of the events `filter` selects, newest first, and how many it selects in all;
    /// both read in one snapshot.
    public func page(_ filter: AuditFilter) throws -> (events: [AuditEvent], total: Int) {
        let (whereClause, values) = Self.conditions(filter)
        let window: [SQLValue] = [.int(max(0, min(filter.limit, 1000))), .int(max(0, filter.offset))]
        return try database.snapshot { connection in
            let events = try connection.query(
                "SELECT at, actor, action, object, detail, client FROM audit_events\(whereClause)"
                    + " ORDER BY id DESC LIMIT ? OFFSET ?",
                values + window
            ) { row in
                AuditEvent(
                    at: row.text(0), actor: row.text(1), action: row.text(2), object: row.text(3),
                    detail: row.text(4), client: row.text(5))
            }
            let total = try connection.integer("SELECT count(*) FROM audit_events\(whereClause)", values)
            return (events, total)
        }
    }

    /// Deletes the events from before `cutoff`, a batch at a time so writers never wait long
    /// behind it; answers how many went.
    public func prune(before cutoff: Date) throws -> Int {
        try database.pruneLog("audit_events", before: cutoff)
    }

    private static func conditions(_ filter: AuditFilter) -> (String, [SQLValue]) {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let actor = filter.actor {
            conditions.append("actor = ?")
            values.append(.text(actor))
        }
        if let prefix = filter.objectPrefix {
            // substr compares bytes, so `%` and `_` in the prefix mean themselves (LIKE would not).
            conditions.append("substr(object, 1, length(?)) = ?")
            values += [.text(prefix), .text(prefix)]
        }
        if let since = filter.since {
            conditions.append("at >= ?")
            values.append(.text(since))
        }
        if let until = filter.until {
            conditions.append("at < ?")
            values.append(.text(until))
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }
}
