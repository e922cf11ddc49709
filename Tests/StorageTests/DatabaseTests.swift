import CSQLite
import Concurrency
import Foundation
import Testing

@testable import Storage

@Suite struct DatabaseTests {
    @Test func freshDatabaseIsMigratedAndConfigured() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.file("data/nested"))
        #expect(FileManager.default.fileExists(atPath: directory.file("data/nested/pushboard.sqlite3")))
        #expect(try store.file!.schemaVersion() == Schema.latestVersion)
        try store.file!.withConnection { connection throws in
            #expect(try connection.queryFirst("PRAGMA journal_mode") { $0.text(0) } == "wal")
            #expect(try connection.integer("PRAGMA foreign_keys") == 1)
            #expect(try connection.integer("PRAGMA synchronous") == 2)  // FULL
            #expect(try connection.integer("PRAGMA busy_timeout") == Int(Connection.busyTimeoutMilliseconds))
            #expect(try connection.integer("PRAGMA application_id") == Int(Schema.applicationID))
        }
        #expect(try store.file!.integrityCheck() == "ok")
    }

    @Test func reopeningKeepsDataAndDoesNotMigrateAgain() throws {
        let directory = try TemporaryDirectory()
        let id = try Store(directory: directory.path).notifications.create(
            name: "kept", headers: "{}", payload: "{\"aps\":{}}", by: "test"
        ).id
        let reopened = try Store(directory: directory.path)
        #expect(try reopened.file!.schemaVersion() == Schema.latestVersion)
        #expect(try reopened.notifications.notification(id: id)?.name == "kept")
    }

    @Test func checkpointLeavesEveryWriteInTheFileWhileItIsStillOpen() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path)
        let file = directory.file(Store.fileName)
        let before = try fileSize(file)
        for index in 0..<50 {
            _ = try store.notifications.create(
                name: "n\(index)" + String(repeating: "x", count: 200), headers: "{}",
                payload: "{\"aps\":{}}",
                by: "test")
        }
        #expect(try fileSize(file + "-wal") > 0, "the writes wait in the log before the checkpoint")
        try store.file!.checkpoint()
        #expect(try fileSize(file + "-wal") == 0)
        #expect(try fileSize(file) > before)
    }

    private func fileSize(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    @Test func newerSchemaIsRefusedWithAClearMessage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("db.sqlite3")
        // One past the newest migration, whichever that is as migrations are appended.
        let newer = Schema.latestVersion + 1
        try Database(path: path).withConnection { try $0.execute("PRAGMA user_version = \(newer)") }
        for mode in [Database.Mode.readWrite, .readOnly] {
            let error = #expect(throws: StorageError.self) { try Database(path: path, mode: mode) }
            #expect(error == .schemaTooNew(found: newer, known: Schema.latestVersion))
            #expect(
                error?.description
                    == "database schema version \(newer) is newer than this pushboard (knows up to \(Schema.latestVersion)); "
                    + "upgrade pushboard"
            )
        }
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("other.sqlite3")
        try Connection(path: path, readOnly: false).execute("PRAGMA application_id = 42; CREATE TABLE t (x)")
        #expect(throws: StorageError.notPushboardDatabase(path: path, applicationID: 42)) {
            try Database(path: path)
        }
    }

    @Test func readOnlyOpenNeverCreatesOrMigrates() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.sqlite3")
        let error = #expect(throws: StorageError.self) { try Database(path: missing, mode: .readOnly) }
        #expect(error?.sqliteCode == SQLITE_CANTOPEN)
        #expect(!FileManager.default.fileExists(atPath: missing))

        let old = directory.file("old.sqlite3")
        try Connection(path: old, readOnly: false).execute("CREATE TABLE t (x)")
        #expect(throws: StorageError.schemaTooOld(found: 0, known: Schema.latestVersion)) {
            try Database(path: old, mode: .readOnly)
        }
    }

    @Test func readOnlyStoreReadsButCannotWrite() throws {
        let directory = try TemporaryDirectory()
        _ = try Store(directory: directory.path).categories.put(
            CategoryDocument(identifier: "message", json: "{}"), by: "test")
        let readOnly = try Store(directory: directory.path, mode: .readOnly)
        #expect(try readOnly.categories.registry().categories.map(\.identifier) == ["message"])
        let error = #expect(throws: StorageError.self) {
            try readOnly.categories.put(CategoryDocument(identifier: "other", json: "{}"), by: "test")
        }
        #expect(error?.sqliteCode == SQLITE_READONLY)
    }

    @Test func errorsCarrySQLiteCodeAndMessage() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("db.sqlite3"))
        let error = #expect(throws: StorageError.self) {
            try database.withConnection { connection in
                try connection.run("INSERT INTO notifications (id) VALUES (?)", [.text("x")])
            }
        }
        guard case .sqlite(let code, let message, let context) = error else {
            Issue.record("expected an SQLite error, got \(String(describing: error))")
            return
        }
        #expect(code == SQLITE_CONSTRAINT | (5 << 8))  // SQLITE_CONSTRAINT_NOTNULL
        #expect(message.contains("NOT NULL constraint failed"))
        #expect(context.contains("INSERT INTO notifications"))
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        struct Abort: Error {}
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("db.sqlite3"))
        try database.withConnection { try $0.execute("CREATE TABLE t (x TEXT)") }
        #expect(throws: Abort.self) {
            try database.transaction { connection in
                try connection.run("INSERT INTO t VALUES (?)", [.text("lost")])
                throw Abort()
            }
        }
        #expect(try database.withConnection { try $0.integer("SELECT count(*) FROM t") } == 0)
        // The connection went back to the pool outside any transaction and still works.
        try database.transaction { try $0.run("INSERT INTO t VALUES (?)", [.text("kept")]) }
        #expect(try database.withConnection { try $0.integer("SELECT count(*) FROM t") } == 1)
    }

    @Test(arguments: [
        SQLValue.text(""), .text("žluťoučký kůň 🐎"), .text("a\u{0}b"), .integer(Int64.min),
        .integer(Int64.max),
        .real(-0.5), .real(1e300), .blob([]), .blob([0, 255, 0, 1]), .null,
    ])
    func typedBindsRoundTrip(_ value: SQLValue) throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("db.sqlite3"))
        let read = try database.withConnection { connection in
            try connection.execute("CREATE TABLE t (v ANY) STRICT")
            try connection.run("INSERT INTO t VALUES (?)", [value])
            return try connection.queryFirst("SELECT v, typeof(v) FROM t") { row -> SQLValue in
                switch row.text(1) {
                case "text": .text(row.text(0))
                case "integer": .integer(row.integer(0))
                case "real": .real(row.real(0))
                case "blob": .blob(row.blob(0))
                default: .null
                }
            }
        }
        #expect(read == value)
    }

    @Test func wrongParameterCountIsAnErrorNotACrash() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("db.sqlite3"))
        #expect(throws: StorageError.self) {
            try database.withConnection { try $0.run("SELECT ?, ?", [.text("one")]) }
        }
    }
}

@Suite struct DatabaseSafetyTests {
    @Test func aSecondStatementIsRefusedNotSilentlyDropped() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("db.sqlite3"))
        #expect(throws: StorageError.self) {
            try database.withConnection { try $0.run("SELECT 1; DELETE FROM notifications") }
        }
        #expect(try database.withConnection { try $0.integer("SELECT 1;  ") } == 1)
    }

    @Test func damageIsReportedNotIgnored() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("db.sqlite3")
        do {
            let store = try Store(path: path)
            for index in 0..<200 {
                _ = try store.notifications.create(
                    name: "n\(index)", headers: "{}", payload: String(repeating: "x", count: 500), by: "t")
            }
            try store.file!.withConnection { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096 * 3)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096 * 4))
        try handle.close()
        let report = try? Database.integrityCheck(ofFileAt: path)
        #expect(report != "ok")

        let garbage = directory.file("garbage.sqlite3")
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: garbage))
        let error = #expect(throws: StorageError.self) { try Database.integrityCheck(ofFileAt: garbage) }
        #expect(error?.sqliteCode == SQLITE_NOTADB)
    }

    @Test func readersDoNotWaitForAWriter() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path)
        let id = try store.notifications.create(name: "before", headers: "{}", payload: "{}", by: "t").id
        let writerInside = DispatchSemaphore(value: 0)
        let readerDone = DispatchSemaphore(value: 0)
        let seen = Locked<[String]>([])
        runOnThreads(2) { thread in
            if thread == 0 {
                try? store.database.transaction { connection in
                    try connection.run("UPDATE notifications SET name = 'uncommitted'")
                    writerInside.signal()
                    // Hold the write transaction open until the reader has finished.
                    _ = readerDone.wait(timeout: .now() + 10)
                }
            } else {
                writerInside.wait()
                let name = (try? store.notifications.notification(id: id))?.name ?? "read failed"
                seen.withLock { $0.append(name) }
                readerDone.signal()
            }
        }
        // The reader finished while the writer still held its transaction, and saw the last commit.
        #expect(seen.withLock { $0 } == ["before"])
        #expect(try store.notifications.notification(id: id)?.name == "uncommitted")
    }
}

@Suite struct StoreOpeningTests {
    @Test func aDataDirectoryThatIsAFileIsAClearError() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("not-a-directory")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let error = #expect(throws: StorageError.self) { try Store(directory: file) }
        guard case .fileSystem(let path, let message) = error else {
            Issue.record("expected a file-system error, got \(String(describing: error))")
            return
        }
        #expect(path == file && message.hasPrefix("cannot create the data directory"))
    }
}
