/// Which SQL a session speaks, for the few statements that cannot be written once for both
/// backends: the search index (SQLite's FTS5 against a folded-words table on PostgreSQL) and the
/// schema itself. Everything else the stores run is plain SQL both accept, so new store code
/// should not need to ask.
public enum SQLDialect: Sendable, Equatable {
    /// SQLite (`Database`): one file in the data directory.
    case sqlite
    /// PostgreSQL (`PostgresDatabase`): the shared database of a cluster.
    case postgres
}
