import Testing

@testable import Storage

/// The backends the store tests run on, so the same assertions hold on SQLite (the default)
/// and on PostgreSQL (a cluster's shared store): a test takes one as its argument
/// (`@Test(arguments: StoreBackend.allCases)`).
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A new, empty workspace: an SQLite file in `directory`, or a fresh database on the
    /// PostgreSQL server the test process shares (`PostgresTestServer.shared`).
    func open(in directory: TemporaryDirectory) throws -> Store {
        switch self {
        case .sqlite: try Store(directory: directory.path)
        case .postgres:
            Store(database: try PostgresDatabase(connectionString: PostgresTestServer.freshDatabase()))
        }
    }

    /// The workspace of `store` opened once more: a second `Database` on the same file, or a
    /// second instance on the same PostgreSQL database (what another server process would have).
    func reopen(_ store: Store, in directory: TemporaryDirectory) throws -> Store {
        switch self {
        case .sqlite: return try Store(directory: directory.path)
        case .postgres:
            let database = try #require(store.database as? PostgresDatabase)
            return Store(database: try PostgresDatabase(connectionString: database.connectionString))
        }
    }
}
