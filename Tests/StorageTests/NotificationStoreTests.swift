import Foundation
import Testing

@testable import Storage

@Suite struct NotificationStoreTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The notification store of a new workspace on `backend`.
    func open(_ backend: StoreBackend) throws -> NotificationStore {
        try backend.open(in: directory).notifications
    }

    @Test(arguments: StoreBackend.allCases) func createThenGetGivesRevisionOneWithItsETag(
        _ backend: StoreBackend
    ) throws {
        let store = try open(backend)
        let created = try store.create(
            name: "Campaign", headers: #"{"apns-push-type":"alert"}"#, payload: #"{"aps":{"alert":"Hi"}}"#,
            by: "anna")
        #expect(created.id.count == 16)
        #expect(created.id.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(created.revision == 1)
        #expect(created.etag == "\"r1\"")
        #expect(created.createdBy == "anna" && created.updatedBy == "anna")
        #expect(created.createdAt == created.updatedAt)
        #expect(try store.notification(id: created.id) == created)
        #expect(try store.notification(id: "0000000000000000") == nil)
    }

    @Test(arguments: StoreBackend.allCases) func idsAreDistinct(_ backend: StoreBackend) throws {
        let store = try open(backend)
        let ids = try (0..<50).map { _ in
            try store.create(name: "n", headers: "{}", payload: "{}", by: "t").id
        }
        #expect(Set(ids).count == 50)
    }

    @Test(arguments: StoreBackend.allCases) func updateWithTheCurrentRevisionSavesTheNextOne(
        _ backend: StoreBackend
    ) throws {
        let store = try open(backend)
        let created = try store.create(name: "v1", headers: "{}", payload: #"{"aps":{}}"#, by: "anna")
        let result = try store.update(
            id: created.id, expectedRevision: 1, name: "v2", headers: #"{"apns-priority":"5"}"#,
            payload: #"{"aps":{"badge":1}}"#, by: "petr")
        guard case .updated(let updated) = result else {
            Issue.record("expected .updated, got \(result)")
            return
        }
        #expect(updated.revision == 2 && updated.etag == "\"r2\"")
        #expect(updated.name == "v2" && updated.payload == #"{"aps":{"badge":1}}"#)
        #expect(updated.createdBy == "anna" && updated.updatedBy == "petr")
        #expect(updated.createdAt == created.createdAt)
        #expect(try store.notification(id: created.id) == updated)

        let revisions = try #require(try store.revisions(id: created.id))
        #expect(revisions.map(\.revision) == [2, 1])
        #expect(revisions.map(\.name) == ["v2", "v1"])
        #expect(revisions.map(\.changedBy) == ["petr", "anna"])
        #expect(revisions[1].payload == #"{"aps":{}}"# && revisions[1].headers == "{}")
        #expect(revisions[0].changedAt == updated.updatedAt)
    }

    @Test(arguments: StoreBackend.allCases) func staleUpdateChangesNothing(_ backend: StoreBackend) throws {
        let store = try open(backend)
        let created = try store.create(name: "v1", headers: "{}", payload: "{}", by: "anna")
        guard
            case .updated(let second) = try store.update(
                id: created.id, expectedRevision: 1, name: "v2", headers: "{}", payload: "{}", by: "petr")
        else {
            Issue.record("the first update should succeed")
            return
        }
        let stale = try store.update(
            id: created.id, expectedRevision: 1, name: "lost", headers: "{}", payload: "{\"x\":1}", by: "eva")
        #expect(stale == .stale(current: second))
        #expect(try store.notification(id: created.id) == second)
        #expect(try store.revisions(id: created.id)?.count == 2)
        let ahead = try store.update(
            id: created.id, expectedRevision: 9, name: "lost", headers: "{}", payload: "{}", by: "eva")
        #expect(ahead == .stale(current: second))
    }

    @Test(arguments: StoreBackend.allCases) func updateOrDeleteOfAMissingNotification(_ backend: StoreBackend)
        throws
    {
        let store = try open(backend)
        #expect(
            try store.update(id: "nope", expectedRevision: 1, name: "", headers: "", payload: "", by: "t")
                == .notFound)
        #expect(try store.delete(id: "nope") == false)
        #expect(try store.revisions(id: "nope") == nil)
    }

    @Test(arguments: StoreBackend.allCases) func deleteMovesToTheTrashRestoreKeepsEverythingPurgeErases(
        _ backend: StoreBackend
    ) throws {
        let store = try open(backend)
        let kept = try store.create(name: "kept", headers: "{}", payload: "{}", by: "t")
        let gone = try store.create(name: "gone", headers: "{}", payload: "{}", by: "t")
        _ = try store.update(
            id: gone.id, expectedRevision: 1, name: "gone2", headers: "{}", payload: "{}", by: "t")
        #expect(try store.purge(id: gone.id) == false, "only what is in the trash can be purged")
        #expect(try store.delete(id: gone.id, by: "eva"))
        #expect(try store.notification(id: gone.id) == nil)
        #expect(try store.revisions(id: gone.id) == nil)
        #expect(try store.delete(id: gone.id) == false)
        #expect(try store.list().map(\.id) == [kept.id])
        let trashed = try store.trash()
        #expect(trashed.map(\.id) == [gone.id])
        #expect(trashed.first?.deletedBy == "eva" && trashed.first?.revision == 2)
        #expect(try store.restore(id: gone.id)?.name == "gone2")
        #expect(try store.revisions(id: gone.id)?.map(\.revision) == [2, 1])
        #expect(try store.trash().isEmpty)
        #expect(try store.restore(id: gone.id) == nil)
        #expect(try store.delete(id: gone.id, by: "eva"))
        #expect(try store.purge(id: gone.id))
        #expect(try store.trash().isEmpty)
        #expect(try store.restore(id: gone.id) == nil)
        let orphans = try store.database.withSession {
            try $0.integer(
                "SELECT count(*) FROM notification_revisions WHERE notification_id = ?", [.text(gone.id)])
        }
        #expect(orphans == 0)
    }

    @Test(arguments: StoreBackend.allCases) func restoringARevisionSavesItAsTheNextOne(
        _ backend: StoreBackend
    ) throws {
        let store = try open(backend)
        let created = try store.create(
            name: "v1", headers: "{}", payload: #"{"aps":{"badge":1}}"#, by: "anna")
        _ = try store.update(
            id: created.id, expectedRevision: 1, name: "v2", headers: "{}", payload: #"{"aps":{"badge":2}}"#,
            by: "petr")
        #expect(try store.revision(1, of: created.id)?.payload == #"{"aps":{"badge":1}}"#)
        #expect(try store.revision(9, of: created.id) == nil)
        guard case .stale = try store.restore(revision: 1, of: created.id, expectedRevision: 1, by: "eva")
        else {
            Issue.record("a stale restore must change nothing")
            return
        }
        guard case .updated(let restored) = try store.restore(revision: 1, of: created.id, by: "eva") else {
            Issue.record("restore should save a new revision")
            return
        }
        #expect(restored.revision == 3)
        #expect(
            restored.name == "v1" && restored.payload == #"{"aps":{"badge":1}}"#
                && restored.updatedBy == "eva")
        #expect(try store.revisions(id: created.id)?.map(\.revision) == [3, 2, 1])
        #expect(try store.restore(revision: 7, of: created.id, by: "eva") == .notFound)
    }

    @Test(arguments: StoreBackend.allCases) func listIsNewestFirst(_ backend: StoreBackend) throws {
        let store = try open(backend)
        let first = try store.create(name: "first", headers: "{}", payload: "{}", by: "t")
        let second = try store.create(name: "second", headers: "{}", payload: "{}", by: "t")
        #expect(try store.list().map(\.name) == ["second", "first"])
        Thread.sleep(forTimeInterval: 0.005)  // timestamps have millisecond resolution
        _ = try store.update(
            id: first.id, expectedRevision: 1, name: "first2", headers: "{}", payload: "{}", by: "t")
        let list = try store.list()
        #expect(list.map(\.id) == [first.id, second.id])
        #expect(list[0].revision == 2 && list[0].name == "first2")
        #expect(list[0].updatedAt > list[1].updatedAt)
    }

    @Test(arguments: StoreBackend.allCases) func timestampsAreISO8601UTCWithMilliseconds(
        _ backend: StoreBackend
    ) throws {
        let store = try open(backend)
        let created = try store.create(name: "t", headers: "{}", payload: "{}", by: "t")
        let pattern = #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/#
        #expect(created.createdAt.wholeMatch(of: pattern) != nil)
        #expect(
            Timestamp.string(from: Date(timeIntervalSince1970: 1_700_000_000.1239))
                == "2023-11-14T22:13:20.123Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
    }

    @Test(
        arguments: [
            ("\"r1\"", 1), ("  \"r12\"\t", 12), ("\"r0\"", nil), ("\"r012\"", nil), ("W/\"r1\"", nil),
            ("r1", nil),
            ("\"r\"", nil), ("\"r+1\"", nil), ("\"r-1\"", nil), ("*", nil),
            ("\"r99999999999999999999\"", nil),
        ] as [(String, Int?)])
    func etagParsing(_ tag: String, _ revision: Int?) {
        #expect(StoredNotification.revision(fromETag: tag) == revision)
    }

    @Test func etagRoundTrips() {
        for revision in [1, 9, 10, 12_345] {
            #expect(
                StoredNotification.revision(fromETag: StoredNotification.etag(forRevision: revision))
                    == revision)
        }
    }

    /// A notification in the trash is neither on a page of the list nor counted; the count is
    /// SQLite's, so showing it never reads every row.
    @Test(arguments: StoreBackend.allCases) func pagesAndTheCountLeaveTheTrashOut(_ backend: StoreBackend)
        throws
    {
        let store = try open(backend)
        let kept = try store.create(name: "kept", headers: "{}", payload: #"{"aps":{}}"#, by: "t")
        let trashed = try store.create(name: "trashed", headers: "{}", payload: #"{"aps":{}}"#, by: "t")
        #expect(try store.delete(id: trashed.id, by: "t"))
        let page = try store.list(limit: 10, offset: 0)
        #expect(page.notifications.map(\.id) == [kept.id])
        #expect(page.total == 1)
        #expect(try store.count() == 1)
    }

    /// The list's rows come whole (headers and payload) from one query: a page in the list's
    /// order, every notification when no limit is given, the trash left out of both and the total.
    @Test(arguments: StoreBackend.allCases) func aStoredPageHasTheListsRowsWhole(_ backend: StoreBackend)
        throws
    {
        let store = try open(backend)
        let first = try store.create(
            name: "first", headers: #"{"apns-priority":"5"}"#, payload: "{}", by: "t")
        let second = try store.create(name: "second", headers: "{}", payload: #"{"aps":{}}"#, by: "t")
        let trashed = try store.create(name: "trashed", headers: "{}", payload: "{}", by: "t")
        #expect(try store.delete(id: trashed.id, by: "t"))
        let listed = try store.list(limit: 10, offset: 0).notifications.map(\.id)
        let all = try store.storedPage(limit: nil)
        #expect(all.notifications.map(\.id) == listed)
        #expect(all.notifications.sorted { $0.name < $1.name } == [first, second])
        #expect(all.total == 2)
        let page = try store.storedPage(limit: 1, offset: 1)
        #expect(page.notifications.map(\.id) == [listed[1]] && page.total == 2)
    }
}
