import Storage

/// `pushboard migrate`: copies an SQLite workspace (a data directory) into a PostgreSQL database,
/// for moving a single server to a cluster (docs/cluster.md).
enum MigrateCommand: Command {
    static let words = ["migrate"]
    static let valueOptions: Set<String> = ["from", "to"]
    static let flagOptions: Set<String> = ["force"]
    static let usage = """
        pushboard migrate --from ./pushboard-data --to postgresql://… [--force]

        Copies every record of the data directory's workspace (notifications and categories with
        every revision and the trash, Live Activity types, settings, users, sessions, token
        hashes, the audit trail, APNs keys, test devices, the send log, the String Catalog,
        template variables) into the PostgreSQL database, in one transaction, then checks that
        every table holds as many rows as the source. Refuses a database that already holds a
        workspace unless --force, which replaces it. The data directory is only read; stop the
        server first so nothing is written meanwhile.
          --from DIR   the data directory (read-only)
          --to URL     the PostgreSQL database (postgresql://…), migrated to this pushboard's schema
          --force      replace the workspace already in the target
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.operands.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.operands[0])'")
        }
        guard let directory = arguments["from"] else { throw UsageError("--from DIR is required") }
        guard let url = arguments["to"], url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw UsageError("--to must be a postgresql:// URL")
        }
        let counts: WorkspaceCopy.Counts
        do {
            let source = try Store(directory: directory, mode: .readOnly)
            let target = try Store.openShared(connectionString: url, connectionLimit: 1)
            counts = try WorkspaceCopy.copy(
                from: source.database, to: target.database, replacing: arguments.has("force"))
        } catch let failure as WorkspaceCopy.Failure {
            throw InputOutputError(message: failure.description)
        } catch {
            throw InputOutputError(message: "migrate failed: \(error)")
        }
        for (table, rows) in counts where rows > 0 {
            Console.out("\(table)\t\(rows)")
        }
        Console.out("Copied \(counts.reduce(0) { $0 + $1.rows }) rows; every table matches its source.")
        return 0
    }
}
