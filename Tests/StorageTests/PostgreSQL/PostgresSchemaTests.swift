import Concurrency
import Foundation
import Testing

@testable import Storage

/// The PostgreSQL schema: the SQLite schema's tables and columns, migrated once under an
/// advisory lock however many instances start together, and a newer schema refused.
@Suite struct PostgresSchemaTests {
    @Test func everySQLiteTableAndColumnExistsOnPostgreSQL() throws {
        let database = try PostgresDatabase(connectionString: PostgresTestServer.freshDatabase())
        #expect(try database.schemaVersion() == PostgresSchema.latestVersion)
        let postgres = try database.withSession { session in
            try session.query(
                """
                SELECT table_name, column_name FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name <> 'pushboard_schema'
                """
            ) { ($0.text(0), $0.text(1)) }
        }
        let directory = try TemporaryDirectory()
        let sqlite = try #require(try Store(directory: directory.path).file).withConnection { connection in
            try connection.query(
                """
                SELECT m.name, c.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c
                WHERE m.type = 'table' AND m.name NOT LIKE 'notification\\_search%' ESCAPE '\\'
                """
            ) { ($0.text(0), $0.text(1)) }
        }
        let columns = { (pairs: [(String, String)]) in Set(pairs.map { "\($0.0).\($0.1)" }) }
        // The search index is the one table of another shape (FTS5 there, folded words here).
        let postgresColumns = columns(postgres).filter { !$0.hasPrefix("notification_search.") }
        #expect(columns(sqlite).subtracting(postgresColumns).sorted() == [])
        #expect(postgresColumns.subtracting(columns(sqlite)).sorted() == [])
        #expect(Set(postgres.map(\.0)).contains("notification_search"))
    }

    @Test func instancesStartingTogetherMigrateOnce() throws {
        let address = try PostgresTestServer.freshDatabase()
        let failures = Locked<[String]>([])
        let opened = Locked<[PostgresDatabase]>([])
        runOnThreads(6) { _ in
            do {
                let database = try PostgresDatabase(connectionString: address)
                opened.withLock { $0.append(database) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let database = try #require(opened.withLock { $0.first })
        #expect(try database.schemaVersion() == PostgresSchema.latestVersion)
        #expect(try database.withSession { try $0.integer("SELECT count(*) FROM pushboard_schema") } == 1)
    }

    @Test func aNewerSchemaIsRefusedSayingWhatToDo() throws {
        let address = try PostgresTestServer.freshDatabase()
        let database = try PostgresDatabase(connectionString: address)
        let newer = PostgresSchema.latestVersion + 1
        try database.transaction { try $0.run("UPDATE pushboard_schema SET version = ?", [.int(newer)]) }
        let error = #expect(throws: StorageError.self) { try PostgresDatabase(connectionString: address) }
        #expect(error == .schemaTooNew(found: newer, known: PostgresSchema.latestVersion))
        #expect(error?.description.contains("upgrade pushboard") == true)
        // The refusal changed nothing.
        #expect(try database.schemaVersion() == newer)
    }
}
