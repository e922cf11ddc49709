import Storage

/// Where a command finds the workspace: `--database postgresql://…` (a PostgreSQL database a
/// cluster of instances shares) or else `--data DIR` (the SQLite file in a data directory, the
/// default `./pushboard-data`). `serve`, `users` and `tokens` take both.
enum WorkspaceOption {
    /// The option naming a PostgreSQL database.
    static let name = "database"

    /// The PostgreSQL connection URI given, checked to be one: libpq would read any other text
    /// as `key=value` words, so a typo such as a file path must not reach it.
    static func databaseURL(_ arguments: ParsedArguments) throws -> String? {
        guard let url = arguments[name] else { return nil }
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw UsageError("option '--database' must be a postgresql:// URL (for SQLite, use --data DIR)")
        }
        return url
    }

    /// Opens the workspace the options name (migrated, created when missing).
    static func open(_ arguments: ParsedArguments, connectionLimit: Int = 2) throws -> Store {
        if let url = try databaseURL(arguments) {
            return try Store.openShared(connectionString: url, connectionLimit: connectionLimit)
        }
        return try Store(directory: arguments["data"] ?? "./pushboard-data")
    }

    /// Where the workspace is, for messages: the data directory, or "the PostgreSQL database"
    /// (a URL may hold a password and is never repeated).
    static func describe(_ arguments: ParsedArguments) -> String {
        arguments[name] != nil ? "the PostgreSQL database" : "'\(arguments["data"] ?? "./pushboard-data")'"
    }
}
