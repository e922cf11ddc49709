import Storage

/// Where a command finds the workspace: `--database postgresql://…` (a PostgreSQL database a
/// cluster of instances shares) or else `--data DIR` (the SQLite file in a data directory, the
/// default `./pushboard-data`). Every command that opens the workspace takes both: `serve`,
/// `users`, `tokens`, `categories`, `strings`, `activities`, `apns-keys`, and `validate`,
/// `preview`, `export`, `render`, `send` for the registered categories. With `--database` the
/// data directory still holds the key files (`access.key`, `secret.key`).
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
        return try Store(directory: dataDirectory(arguments))
    }

    /// Opens the workspace to read it: the SQLite file read-only (it must exist already), or
    /// the PostgreSQL database (brought to this binary's schema, as any instance would).
    static func openForReading(_ arguments: ParsedArguments) throws -> Store {
        if let url = try databaseURL(arguments) {
            return try Store.openShared(connectionString: url, connectionLimit: 1)
        }
        return try Store(directory: dataDirectory(arguments), mode: .readOnly)
    }

    /// Whether a workspace is to be read (`--data` or `--database` given), for the commands where
    /// it is optional.
    static func isGiven(_ arguments: ParsedArguments) -> Bool {
        arguments["data"] != nil || arguments[name] != nil
    }

    /// The data directory `--data` names (default ./pushboard-data).
    static func dataDirectory(_ arguments: ParsedArguments) -> String {
        arguments["data"] ?? "./pushboard-data"
    }

    /// Where the workspace is, unquoted, for what a command reports having done ("into
    /// ./pushboard-data", "into the PostgreSQL database").
    static func place(_ arguments: ParsedArguments) -> String {
        arguments[name] != nil ? "the PostgreSQL database" : dataDirectory(arguments)
    }

    /// Where the workspace is, for messages: the data directory, or "the PostgreSQL database"
    /// (a URL may hold a password and is never repeated).
    static func describe(_ arguments: ParsedArguments) -> String {
        arguments[name] != nil ? "the PostgreSQL database" : "'\(dataDirectory(arguments))'"
    }

    /// What a command throws when opening or using the workspace failed: a usage error (a
    /// `--database` that is not a postgresql:// URL) as it is, anything else as an I/O error
    /// saying what could not be done where ("cannot read the registry in './pushboard-data': …").
    static func failure(_ error: any Error, doing action: String, in arguments: ParsedArguments) -> any Error
    {
        if error is UsageError { return error }
        return InputOutputError(message: "cannot \(action) in \(describe(arguments)): \(error)")
    }
}
