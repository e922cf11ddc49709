import Foundation

/// One login throttle record as stored: failures counted against a key and when the last one
/// was, in seconds since 1970.
public struct StoredThrottleRecord: Sendable, Equatable {
    /// Failures counted since the record was last cleared or forgotten.
    public var failures: Int
    /// When the last failure was counted.
    public var lastFailure: Date

    public init(failures: Int, lastFailure: Date) {
        self.failures = failures
        self.lastFailure = lastFailure
    }
}

/// The login throttle's counts (`LoginThrottle` in the `Access` module holds the rules), kept in
/// the database so that every instance of a cluster counts the same failures: two instances
/// behind a balancer must not each allow the whole budget.
///
/// Every change is one write transaction, and a failure is counted by one `INSERT … ON CONFLICT
/// DO UPDATE` that adds 1 to what is stored, never a value computed from an earlier read, so
/// concurrent failures on several instances are all counted. Keys are stored as given; the
/// caller hashes them (an attempted account name may be a password typed into the wrong field).
public struct LoginThrottleStore: Sendable {
    /// The database the counts live in.
    public let database: any StoreDatabase

    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// How records are counted: a record without a failure for longer than `forgetAfter` starts
    /// again from zero, and at most `capacity` records are kept, the oldest dropped first.
    public struct Retention: Sendable, Equatable {
        public var forgetAfter: TimeInterval
        public var capacity: Int

        public init(forgetAfter: TimeInterval, capacity: Int) {
            self.forgetAfter = forgetAfter
            self.capacity = capacity
        }
    }

    /// Reads the records of `keys` and asks `verdict` whether the attempt must wait; when it need
    /// not (nil), counts a failure against every key. Both in one write transaction, so
    /// concurrent attempts, on this instance or another, can never all pass the check before
    /// any of them is counted. Answers the verdict.
    public func admit(
        keys: [String], now: Date, retention: Retention,
        verdict: ([String: StoredThrottleRecord]) -> TimeInterval?
    ) throws -> TimeInterval? {
        try database.transaction { connection in
            if let wait = verdict(try Self.records(keys, in: connection)) { return wait }
            try Self.count(keys, now: now, retention: retention, in: connection)
            return nil
        }
    }

    /// The stored records of `keys` (a key with none is absent).
    public func records(_ keys: [String]) throws -> [String: StoredThrottleRecord] {
        try database.withSession { try Self.records(keys, in: $0) }
    }

    /// Counts one failure against every key.
    public func countFailure(keys: [String], now: Date, retention: Retention) throws {
        try database.transaction { try Self.count(keys, now: now, retention: retention, in: $0) }
    }

    /// Forgets the records of `keys` (after a success).
    public func clear(_ keys: [String]) throws {
        try database.transaction { connection in
            for key in keys {
                try connection.run("DELETE FROM login_throttle WHERE key = ?", [.text(key)])
            }
        }
    }

    private static func records(_ keys: [String], in connection: any SQLSession) throws -> [String:
        StoredThrottleRecord]
    {
        var found: [String: StoredThrottleRecord] = [:]
        for key in keys {
            found[key] = try connection.queryFirst(
                "SELECT failures, last_failure FROM login_throttle WHERE key = ?", [.text(key)]
            ) { row in
                StoredThrottleRecord(
                    failures: row.int(0), lastFailure: Date(timeIntervalSince1970: row.real(1)))
            }
        }
        return found
    }

    /// Drops records past `forgetAfter` (they would start from zero anyway), makes room when
    /// `capacity` is reached by dropping the oldest quarter, then adds 1 to each key's count
    /// (a new record starts at 1).
    private static func count(
        _ keys: [String], now: Date, retention: Retention, in connection: any SQLSession
    ) throws {
        let stamp = now.timeIntervalSince1970
        let cutoff = stamp - retention.forgetAfter
        try connection.run("DELETE FROM login_throttle WHERE last_failure < ?", [.real(cutoff)])
        let stored = try connection.integer("SELECT count(*) FROM login_throttle")
        if stored >= retention.capacity {
            try connection.run(
                """
                DELETE FROM login_throttle WHERE key IN
                (SELECT key FROM login_throttle ORDER BY last_failure, key LIMIT ?)
                """, [.integer(Int64(stored / 4 + 1))])
        }
        for key in keys {
            try connection.run(
                """
                INSERT INTO login_throttle (key, failures, last_failure) VALUES (?, 1, ?)
                ON CONFLICT (key) DO UPDATE SET
                failures = login_throttle.failures + 1, last_failure = excluded.last_failure
                """, [.text(key), .real(stamp)])
        }
    }
}
