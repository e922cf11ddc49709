import CSQLite

extension Store {
    /// Opens the data directory as `pushboard serve` does: created and migrated if needed, then
    /// checked with `PRAGMA quick_check` before anything is served.
    ///
    /// A damaged file is refused (`StorageError.damaged`, whose message says how to restore a
    /// backup) unless `allowDamaged`, in which case it is reopened read-only so what still reads
    /// can be looked at and exported, and every write answers 503 read-only.
    public static func openForServing(
        directory: String, waitingWriterLimit: Int, connectionLimit: Int = Database.defaultConnectionLimit,
        allowDamaged: Bool
    ) throws -> Store {
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        let report: String
        do {
            let store = try Store(
                directory: directory, waitingWriterLimit: waitingWriterLimit, connectionLimit: connectionLimit
            )
            report = try store.file?.quickCheck() ?? "ok"
            if report == "ok" { return store }
        } catch let error as StorageError where error.isCorruption {
            report = error.description
        }
        // Opened read-only whether or not it is allowed, so the refusal suggests --allow-damaged
        // only when that would really serve the file.
        let readOnly: Store
        do {
            readOnly = try Store(
                directory: directory, mode: .readOnly, connectionLimit: connectionLimit,
                readOnlyReason: "the database is damaged and served read-only (--allow-damaged)")
        } catch let error as StorageError where error.isCorruption {
            // Even the schema is unreadable: nothing can be served, only restored.
            throw StorageError.damaged(path: path, report: report + "\n" + error.description, servable: false)
        }
        guard allowDamaged else { throw StorageError.damaged(path: path, report: report, servable: true) }
        return readOnly
    }
}

extension Store {
    /// Opens the workspace in the PostgreSQL database at `connectionString` (a `postgresql://`
    /// URI; TLS settings such as `sslmode` pass through to libpq) with at most `connectionLimit`
    /// connections: created and migrated if needed, under the migration lock.
    public static func openShared(connectionString: String, connectionLimit: Int) throws -> Store {
        Store(
            database: try PostgresDatabase(
                connectionString: connectionString, connectionLimit: connectionLimit))
    }
}

extension StorageError {
    /// True for SQLite's "the file is damaged" answers (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    public var isCorruption: Bool {
        sqliteCode == SQLITE_CORRUPT || sqliteCode == SQLITE_NOTADB
    }
}
