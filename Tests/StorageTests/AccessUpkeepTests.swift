import Foundation
import Testing

@testable import Storage

/// Issue 23: the writes a read can do without never make it wait, and the access tables are
/// pruned.
@Suite struct AccessUpkeepTests {
    /// A session's "last seen" write while another connection (to SQLite, another process)
    /// holds the write lock: skipped, nothing thrown (it waited 2 s and threw `busy`).
    @Test func touchingASessionNeverWaitsForTheWriteLock() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("data"))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try store.access.addUser(name: "anna", role: "viewer", passwordHash: "h", at: start))
        try store.access.addSession(idHash: "s1", user: "anna", at: start)
        let foreign = try Connection(path: store.file!.path, readOnly: false)
        try foreign.execute("BEGIN IMMEDIATE")
        #expect(try store.access.touchSession(idHash: "s1", at: start.addingTimeInterval(120)) == false)
        try store.access.removeExpiredSession(idHash: "s1")
        try foreign.execute("ROLLBACK")
        #expect(try store.access.session(idHash: "s1")?.lastSeenAt == Timestamp.string(from: start))
        #expect(try store.access.touchSession(idHash: "s1", at: start.addingTimeInterval(120)))
        #expect(
            try store.access.session(idHash: "s1")?.lastSeenAt
                == Timestamp.string(from: start.addingTimeInterval(120)))
    }

    /// Pruning deletes what is older than the cutoff, in batches, and counts it.
    @Test func pruningDeletesOldAuditEventsInBatchesAndCountsThem() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("data"))
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        let count = AccessStore.pruneBatch + 10
        try store.database.transaction { connection in
            for index in 0..<count {
                try connection.run(
                    "INSERT INTO audit_events (at, actor, action, object, detail, client) VALUES (?, 'a', 'PUT', ?, '', 'c')",
                    [.text(Timestamp.string(from: old)), .text("/o\(index)")])
            }
        }
        try store.audit.record(
            actor: "a", action: "PUT", object: "/new", client: "c", at: old.addingTimeInterval(86_400))
        #expect(try store.audit.prune(before: old.addingTimeInterval(1)) == count)
        let left = try store.audit.page(AuditFilter())
        #expect(left.total == 1 && left.events.map(\.object) == ["/new"])
    }
}
