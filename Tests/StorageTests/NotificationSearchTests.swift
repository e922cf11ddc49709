import Foundation
import Testing

@testable import Storage

/// The search index of issue 23: every word at the start of a word of the name, title,
/// subtitle or body, case and accents ignored, paged with a total, kept in step with every write.
@Suite struct NotificationSearchTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @discardableResult
    private func save(_ store: Store, _ name: String, title: String = "", body: String = "") throws
        -> StoredNotification
    {
        let alert = #"{"aps":{"alert":{"title":"\#(title)","subtitle":"Pátek","body":"\#(body)"}}}"#
        return try store.notifications.create(name: name, headers: "{}", payload: alert, by: "t")
    }

    private func names(_ store: Store, _ text: String, limit: Int = 100, offset: Int = 0) throws -> [String] {
        try store.notifications.search(NotificationSearch(text), limit: limit, offset: offset).notifications
            .map(\.name)
    }

    @Test(arguments: StoreBackend.allCases) func everyWordMatchesTheStartOfAWordIgnoringCaseAndAccents(
        _ backend: StoreBackend
    ) throws {
        let store = try backend.open(in: directory)
        try save(store, "Sale", title: "Sléva", body: "Jen dnes")
        try save(store, "Cinema", title: "Kino", body: "Zítra")
        try save(store, "Plain", title: "Hello", body: "world")
        #expect(try names(store, "sleva DNES") == ["Sale"])
        #expect(try names(store, "SLÉVA") == ["Sale"])
        #expect(try names(store, "kin") == ["Cinema"])
        #expect(try names(store, "zitra") == ["Cinema"])
        #expect(try names(store, "patek") == ["Plain", "Cinema", "Sale"])  // the subtitle, newest first
        #expect(try names(store, "cinema") == ["Cinema"])  // the name
        #expect(try names(store, "sleva zitra").isEmpty)  // every word must match
        #expect(try names(store, "nothing").isEmpty)
        #expect(try names(store, "\"").isEmpty)  // no word to search for, and no FTS5 syntax error
        #expect(try names(store, #"kino" OR "sleva"#).isEmpty)  // typed quotes and operators are words
        // A NUL ended FTS5's reading of the query: a syntax error, answered 500.
        #expect(try names(store, "kino\u{0}") == ["Cinema"])
        #expect(try names(store, "\u{0}\u{1F}").isEmpty)
    }

    @Test(arguments: StoreBackend.allCases)
    func aStringAlertAndAPayloadThatIsNotJSONAreSearchedByWhatTheyHave(_ backend: StoreBackend) throws {
        let store = try backend.open(in: directory)
        _ = try store.notifications.create(
            name: "String", headers: "{}", payload: #"{"aps":{"alert":"Ahoj kamaráde"}}"#, by: "t")
        _ = try store.notifications.create(
            name: "Broken kamarad", headers: "{}", payload: "{not json", by: "t")
        #expect(try names(store, "kamarad") == ["Broken kamarad", "String"])
    }

    @Test(arguments: StoreBackend.allCases) func pagesCountTheMatchesAndAnOffsetPastTheEndIsEmpty(
        _ backend: StoreBackend
    ) throws {
        let store = try backend.open(in: directory)
        for index in 0..<7 { try save(store, "n\(index)", title: "Kino \(index)") }
        try save(store, "other", title: "Divadlo")
        let first = try store.notifications.search(NotificationSearch("kino"), limit: 3, offset: 0)
        #expect(first.total == 7)
        #expect(first.notifications.map(\.name) == ["n6", "n5", "n4"])
        let last = try store.notifications.search(NotificationSearch("kino"), limit: 3, offset: 6)
        #expect(last.total == 7 && last.notifications.map(\.name) == ["n0"])
        let beyond = try store.notifications.search(NotificationSearch("kino"), limit: 3, offset: 50)
        #expect(beyond.total == 7 && beyond.notifications.isEmpty)
        let none = try store.notifications.search(NotificationSearch("opera"), limit: 3, offset: 0)
        #expect(none.total == 0 && none.notifications.isEmpty)
        #expect(try store.notifications.search(NotificationSearch(""), limit: 3, offset: 0).total == 8)
    }

    @Test(arguments: StoreBackend.allCases) func updatesTheTrashAndRestoresKeepTheIndexInStep(
        _ backend: StoreBackend
    ) throws {
        let store = try backend.open(in: directory)
        let first = try save(store, "first", title: "Kino")
        try save(store, "second", title: "Kino")
        // An update replaces the indexed words and makes it the most recently saved.
        _ = try store.notifications.update(
            id: first.id, expectedRevision: 1, name: "first",
            headers: "{}", payload: #"{"aps":{"alert":{"title":"Kino a divadlo"}}}"#, by: "t")
        #expect(try names(store, "kino") == ["first", "second"])
        #expect(try names(store, "divadlo") == ["first"])
        try store.notifications.delete(id: first.id)
        #expect(try names(store, "divadlo").isEmpty)
        #expect(try store.notifications.search(NotificationSearch("kino"), limit: 10, offset: 0).total == 1)
        _ = try store.notifications.restore(id: first.id)
        #expect(try names(store, "divadlo") == ["first"])
        try store.notifications.delete(id: first.id)
        #expect(try store.notifications.purge(id: first.id))
        #expect(try names(store, "kino") == ["second"])
    }

    @Test func theMigrationIndexesNotificationsSavedBeforeIt() throws {
        let store = try Store(directory: directory.path)
        try save(store, "old", title: "Sléva")
        let trashed = try save(store, "trashed", title: "Sléva")
        try store.notifications.delete(id: trashed.id)
        // Back to schema 5, as a file written before the index existed: the index undone, and
        // the tables of every migration after it dropped, so they are created again on reopen.
        let laterTables = try Self.tablesAdded(after: 6)
        try store.file!.withConnection { connection in
            try connection.execute(
                """
                DROP TABLE notification_search;
                DROP INDEX notifications_by_search;
                DROP INDEX notifications_live_by_update;
                ALTER TABLE notifications DROP COLUMN search_rowid;
                DROP INDEX notifications_by_seq;
                PRAGMA user_version = 5;
                """)
            for table in laterTables {
                // Table names come from this binary's own migrations, not from input.
                try connection.execute("DROP TABLE \(table)")
            }
            // Columns later migrations added to older tables (`variants`, `seq`) go too.
            for (table, column) in try Self.columnsAdded(after: 6) {
                try connection.execute("ALTER TABLE \(table) DROP COLUMN \(column)")
            }
        }
        let reopened = try Store(directory: directory.path)
        let page = try reopened.notifications.search(NotificationSearch("sleva"), limit: 10, offset: 0)
        #expect(page.notifications.map(\.name) == ["old"] && page.total == 1)
        _ = try reopened.notifications.create(
            name: "new", headers: "{}", payload: #"{"aps":{"alert":"sleva"}}"#, by: "t")
        #expect(
            try reopened.notifications.search(NotificationSearch("sleva"), limit: 10, offset: 0).total == 2)
    }

    @Test(arguments: StoreBackend.allCases) func theListPagesAndCountsOutsideTheTrash(_ backend: StoreBackend)
        throws
    {
        let store = try backend.open(in: directory)
        let saved = try (0..<5).map { try save(store, "n\($0)") }
        try store.notifications.delete(id: saved[1].id)
        let page = try store.notifications.storedPage(limit: 2, offset: 2)
        #expect(page.total == 4)
        #expect(page.notifications.map(\.name) == ["n2", "n0"])
        #expect(try store.notifications.count() == 4)
    }

    @Test(arguments: StoreBackend.allCases) func historiesArePagedWithTheRevisionBeforeThePage(
        _ backend: StoreBackend
    ) throws {
        let store = try backend.open(in: directory)
        let created = try save(store, "n", title: "1")
        for revision in 1..<5 {
            _ = try store.notifications.update(
                id: created.id, expectedRevision: revision, name: "n\(revision)", headers: "{}",
                payload: "{}",
                by: "t")
        }
        let page = try #require(try store.notifications.revisions(id: created.id, limit: 2, offset: 1))
        #expect(page.total == 5)
        #expect(page.revisions.map(\.revision) == [4, 3])
        #expect(page.older?.revision == 2)
        #expect(page.withPrevious.map { $0.previous?.revision } == [3, 2])
        let last = try #require(try store.notifications.revisions(id: created.id, limit: 2, offset: 4))
        #expect(last.revisions.map(\.revision) == [1] && last.older == nil)
        #expect(try store.notifications.revisions(id: "nope", limit: 2, offset: 0) == nil)
    }

    /// The columns the migrations after the first `version` add to tables that existed then,
    /// read from two scratch files like `tablesAdded(after:)`.
    static func columnsAdded(after version: Int) throws -> [(table: String, column: String)] {
        let scratch = try TemporaryDirectory()
        func columns(through last: Int, in name: String) throws -> Set<String> {
            let connection = try Connection(path: scratch.file(name), readOnly: false)
            for migration in Schema.migrations.prefix(last) { try connection.execute(migration) }
            let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'") {
                $0.text(0)
            }
            var found: Set<String> = []
            for table in tables {
                let names = try connection.query("SELECT name FROM pragma_table_info('\(table)')") {
                    $0.text(0)
                }
                for name in names { found.insert(table + "." + name) }
            }
            return found
        }
        let before = try columns(through: version, in: "before.sqlite")
        let beforeTables = Set(before.map { String($0.split(separator: ".")[0]) })
        return try columns(through: Schema.migrations.count, in: "all.sqlite").subtracting(before).sorted()
            .map { $0.split(separator: ".").map(String.init) }
            .filter { beforeTables.contains($0[0]) }
            .map { ($0[0], $0[1]) }
    }

    /// The tables the migrations after the first `version` create, newest first (so a table
    /// referring to another is dropped before it), read from a scratch file migrated twice.
    static func tablesAdded(after version: Int) throws -> [String] {
        let scratch = try TemporaryDirectory()
        func tables(through last: Int, in name: String) throws -> Set<String> {
            let connection = try Connection(path: scratch.file(name), readOnly: false)
            for migration in Schema.migrations.prefix(last) { try connection.execute(migration) }
            return Set(
                try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) })
        }
        let before = try tables(through: version, in: "before.sqlite")
        let all = try tables(through: Schema.migrations.count, in: "all.sqlite")
        return all.subtracting(before).sorted().reversed()
    }
}
