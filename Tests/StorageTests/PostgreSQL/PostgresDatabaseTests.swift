import Foundation
import Testing

@testable import Storage

/// The PostgreSQL backend against a real server started for each test (`PostgresTestServer`).
@Suite struct PostgresDatabaseTests {
    @Test func everyValueKindRoundTrips() throws {
        let database = try PostgresDatabase(connectionString: PostgresTestServer.freshDatabase())
        try database.transaction { session in
            try session.execute("CREATE TABLE kinds (t TEXT, i BIGINT, r DOUBLE PRECISION, b BYTEA, n TEXT)")
            try session.run(
                "INSERT INTO kinds VALUES (?, ?, ?, ?, ?)",
                [
                    .text("Příliš žluťoučký ? 'kůň' 🐎"), .integer(.min), .real(-2.5),
                    .blob([0, 255, 10, 92]), .null,
                ])
            try session.run("INSERT INTO kinds (t, i) VALUES (?, ?)", [.text(""), .integer(.max)])
        }
        let rows = try database.withSession { session in
            try session.query("SELECT t, i, r, b, n FROM kinds ORDER BY i") { row in
                (row.text(0), row.integer(1), row.real(2), row.blob(3), row.isNull(4), row.optionalText(4))
            }
        }
        #expect(rows.count == 2)
        #expect(rows[0].0 == "Příliš žluťoučký ? 'kůň' 🐎")
        #expect(rows[0].1 == .min && rows[0].2 == -2.5 && rows[0].3 == [0, 255, 10, 92])
        #expect(rows[0].4 && rows[0].5 == nil)
        #expect(rows[1].1 == .max && rows[1].3 == [])
    }

    @Test func textWithNULIsRefusedNotCut() throws {
        let database = try PostgresDatabase(connectionString: PostgresTestServer.freshDatabase())
        try database.transaction { try $0.execute("CREATE TABLE t (a TEXT)") }
        #expect(
            throws: StorageError.invalidInput("text holding a NUL character cannot be stored in PostgreSQL")
        ) {
            try database.transaction { try $0.run("INSERT INTO t VALUES (?)", [.text("a\u{0}b")]) }
        }
        #expect(try database.withSession { try $0.integer("SELECT count(*) FROM t") } == 0)
    }

    @Test func aThrowingTransactionWritesNothing() throws {
        let database = try PostgresDatabase(connectionString: PostgresTestServer.freshDatabase())
        try database.transaction { try $0.execute("CREATE TABLE t (a BIGINT PRIMARY KEY)") }
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try database.transaction { session in
                try session.run("INSERT INTO t VALUES (?)", [.integer(1)])
                throw Refused()
            }
        }
        // A statement error inside the transaction: the connection goes back usable.
        #expect(throws: StorageError.self) {
            try database.transaction { session in
                try session.run("INSERT INTO t VALUES (?)", [.integer(2)])
                try session.run("INSERT INTO t VALUES (?)", [.integer(2)])
            }
        }
        #expect(try database.withSession { try $0.integer("SELECT count(*) FROM t") } == 0)
    }

    @Test func aLongStatementEndsAtItsBoundAsBusy() throws {
        var limits = PostgresConnection.Limits()
        limits.statementTimeoutMilliseconds = 200
        let database = try PostgresDatabase(
            connectionString: PostgresTestServer.freshDatabase(), limits: limits)
        do {
            try database.withSession { _ = try $0.integer("SELECT count(*) FROM pg_sleep(5)") }
            Issue.record("pg_sleep(5) returned under a 200 ms statement_timeout")
        } catch let error as StorageError {
            guard case .postgres(let state, _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(state == "57014")
            #expect(error.isBusy)
        }
    }

    @Test func writersOfTwoInstancesNeverOverlap() throws {
        let address = try PostgresTestServer.freshDatabase()
        let first = try PostgresDatabase(connectionString: address)
        let second = try PostgresDatabase(connectionString: address)
        try first.transaction { try $0.execute("CREATE TABLE counter (n BIGINT)") }
        try first.transaction { try $0.run("INSERT INTO counter VALUES (0)") }
        // Read, then write what was read plus one, from both instances at once: with the
        // write lock no increment is lost.
        runOnThreads(8) { index in
            let database = index % 2 == 0 ? first : second
            for _ in 0..<25 {
                _ = try? database.transaction { session in
                    let value = try session.integer("SELECT n FROM counter")
                    try session.run("UPDATE counter SET n = ?", [.int(value + 1)])
                }
            }
        }
        #expect(try first.withSession { try $0.integer("SELECT n FROM counter") } == 200)
    }

    @Test func transactionIfUnlockedSkipsWhileAnotherInstanceWrites() throws {
        let address = try PostgresTestServer.freshDatabase()
        let first = try PostgresDatabase(connectionString: address)
        let second = try PostgresDatabase(connectionString: address)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let writer = Thread {
            _ = try? first.transaction { _ in
                holding.signal()
                release.wait()
            }
        }
        writer.start()
        holding.wait()
        let skipped = try second.transactionIfUnlocked { _ in true }
        release.signal()
        #expect(skipped == nil)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try second.transactionIfUnlocked { _ in true } == true)
    }

    @Test func anotherInstancesCommitMovesTheGenerationWithinASecond() throws {
        let address = try PostgresTestServer.freshDatabase()
        let first = try PostgresDatabase(connectionString: address)
        let second = try PostgresDatabase(connectionString: address)
        Thread.sleep(forTimeInterval: 0.3)  // both listeners connected
        let before = second.changeGeneration()
        try first.transaction { try $0.execute("CREATE TABLE t (a BIGINT)") }
        let deadline = Date(timeIntervalSinceNow: 1)
        while second.changeGeneration() == before && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(second.changeGeneration() > before)
    }

    @Test func aRestartedServerIsReconnectedWithoutANewDatabase() throws {
        let server = try PostgresTestServer()  // its own: this test stops it
        let database = try PostgresDatabase(connectionString: server.connectionString)
        #expect(try database.withSession { try $0.integer("SELECT 1") } == 1)
        try server.stop()
        do {
            _ = try database.withSession { try $0.integer("SELECT 1") }
            Issue.record("a query answered while the server was stopped")
        } catch let error as StorageError {
            #expect(error.isBusy, "\(error)")
        }
        try server.start()
        #expect(try database.withSession { try $0.integer("SELECT 2") } == 2)
    }
}
