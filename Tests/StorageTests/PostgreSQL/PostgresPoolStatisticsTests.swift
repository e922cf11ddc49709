import Foundation
import Testing

@testable import Storage

/// Issue 30: what `/metrics` shows of an instance's PostgreSQL pool: its connections, the waits
/// for one, and every statement's duration.
@Suite struct PostgresPoolStatisticsTests {
    @Test func thePoolCountsItsConnectionsWaitsAndStatements() throws {
        let database = try PostgresDatabase(
            connectionString: PostgresTestServer.freshDatabase(), connectionLimit: 1)
        let before = try #require(database.statistics())
        #expect(before.capacity == 1 && before.open == 1 && before.idle == 1 && before.inUse == 0)
        #expect(before.waits == 0 && before.waitSeconds == 0)
        let inside = try database.withSession { session in
            _ = try session.integer("SELECT 1")
            return database.statistics()
        }
        #expect(inside?.inUse == 1 && inside?.idle == 0 && inside?.open == 1)
        let statements = try #require(database.statistics()).statementLatency
        #expect(statements.count == before.statementLatency.count + 1)
        #expect(statements.sum > before.statementLatency.sum)
        // A second borrower finds the one connection lent and waits until it comes back.
        let holding = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = try? database.withSession { _ in
                holding.signal()
                Thread.sleep(forTimeInterval: 0.2)
            }
            done.signal()
        }.start()
        holding.wait()
        _ = try database.withSession { try $0.integer("SELECT 2") }
        done.wait()
        let after = try #require(database.statistics())
        #expect(after.waits == 1)
        #expect(after.waitSeconds >= 0.1 && after.waitSeconds < 2.5)
        #expect(after.inUse == 0 && after.idle == 1)
    }

    @Test func sqliteHasNoPoolFigures() throws {
        let directory = try TemporaryDirectory()
        #expect(try Store(directory: directory.path).database.statistics() == nil)
    }
}
