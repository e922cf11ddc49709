/// Copies a whole workspace from one database into another (`pushboard migrate`: an SQLite data
/// directory into the PostgreSQL database of a cluster): every row of every table, so revisions,
/// the trash, the audit trail, users, token hashes, settings and the send log arrive as they
/// were, numbers and all.
///
/// The copy is one write transaction on the target: it lands whole or not at all. A target that
/// already holds a workspace (any row in any table) is refused unless `replacing` is set, which
/// empties it first in the same transaction. Each table's rows are counted on both sides after
/// the copy; a difference aborts it. The search index is not copied (its form differs between
/// backends) but rebuilt on the target for every notification outside the trash.
public enum WorkspaceCopy {
    /// The tables in an order that satisfies their foreign keys (parents first), with the
    /// columns copied: every column of both schemas but the search index's.
    static let tables: [(name: String, columns: [String])] = [
        ("registry_revisions", ["revision", "change", "identifier", "changed_at", "changed_by"]),
        (
            "categories",
            ["identifier", "position", "document", "revision", "created_at", "updated_at", "updated_by"]
        ),
        (
            "category_revisions",
            [
                "registry_revision", "identifier", "revision", "position", "document", "changed_at",
                "changed_by",
            ]
        ),
        (
            "notifications",
            [
                "id", "name", "headers", "payload", "revision", "created_at", "created_by", "updated_at",
                "updated_by", "deleted_at", "deleted_by", "seq", "variants",
            ]
        ),
        (
            "notification_revisions",
            [
                "notification_id", "revision", "name", "headers", "payload", "changed_at", "changed_by",
                "variants",
            ]
        ),
        (
            "activity_types",
            [
                "name", "document", "source_kind", "source", "revision", "created_at", "updated_at",
                "updated_by",
            ]
        ),
        (
            "activity_type_revisions",
            [
                "registry_revision", "name", "revision", "document", "source_kind", "source", "changed_at",
                "changed_by",
            ]
        ),
        ("settings", ["key", "value", "updated_at", "updated_by"]),
        ("users", ["name", "role", "password_hash", "created_at", "updated_at"]),
        ("sessions", ["id_hash", "user_name", "created_at", "last_seen_at"]),
        ("login_throttle", ["key", "failures", "last_failure"]),
        (
            "api_tokens",
            [
                "name", "role", "secret_hash", "created_at", "created_by", "expires_at", "revoked_at",
                "last_used_at",
            ]
        ),
        ("audit_events", ["id", "at", "actor", "action", "object", "detail", "client"]),
        (
            "apns_credentials",
            [
                "id", "kind", "format", "key_id", "team_id", "environments", "bundle_id", "topics", "subject",
                "expires_at", "sealed_secret", "sealing_key", "created_at", "created_by",
            ]
        ),
        (
            "test_devices",
            ["id", "owner", "name", "token", "environment", "bundle_id", "platform", "created_at"]
        ),
        (
            "sends",
            [
                "id", "at", "actor", "notification_id", "notification_revision", "payload_sha256",
                "device_id",
                "device_name", "device_token", "environment", "credential", "status", "apns_id", "unique_id",
                "reason", "failure", "round_trip_ms", "retried",
            ]
        ),
        ("string_catalog_revisions", ["revision", "document", "source_name", "changed_at", "changed_by"]),
        ("template_variables", ["notification_id", "variables", "samples", "updated_at", "updated_by"]),
    ]

    /// The one table whose rows on the target do not make it "a workspace" (`copy`).
    static let transientTable = "login_throttle"

    /// How many rows each table held, in `tables`' order.
    public typealias Counts = [(table: String, rows: Int)]

    /// Why a copy did not happen.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The target already holds `rows` rows (of a workspace) and `replacing` was not set.
        case targetNotEmpty(rows: Int)
        /// After the copy, `table` held `copied` rows where the source has `source`.
        case countMismatch(table: String, source: Int, copied: Int)

        public var description: String {
            switch self {
            case .targetNotEmpty(let rows):
                "the target database already holds a workspace (\(rows) rows); give --force to replace it"
            case .countMismatch(let table, let source, let copied):
                "\(table): \(copied) rows copied of \(source); nothing was written"
            }
        }
    }

    /// Copies every table of `source` into `target` (see the type's comment) and answers the
    /// row counts, which the target then matches.
    @discardableResult
    public static func copy(from source: any StoreDatabase, to target: any StoreDatabase, replacing: Bool)
        throws
        -> Counts
    {
        try source.snapshot { reader in
            try target.transaction { writer in
                // Login throttle counts are no workspace: an instance started on the empty
                // database before the copy may have counted a failed login. They are replaced.
                let present = try tables.filter { $0.name != transientTable }.reduce(0) {
                    $0 + (try writer.integer("SELECT COUNT(*) FROM \($1.name)"))
                }
                try writer.run("DELETE FROM \(transientTable)")
                if present > 0 {
                    guard replacing else { throw Failure.targetNotEmpty(rows: present) }
                    for table in tables.reversed() { try writer.run("DELETE FROM \(table.name)") }
                    try writer.run("DELETE FROM notification_search")
                }
                let kinds = try columnKinds(writer)
                var counts: Counts = []
                for table in tables {
                    try copyRows(of: table, kinds: kinds, from: reader, to: writer)
                    let expected = try reader.integer("SELECT COUNT(*) FROM \(table.name)")
                    let copied = try writer.integer("SELECT COUNT(*) FROM \(table.name)")
                    guard copied == expected else {
                        throw Failure.countMismatch(table: table.name, source: expected, copied: copied)
                    }
                    counts.append((table.name, copied))
                }
                try writer.run("UPDATE notifications SET search_rowid = NULL")
                let live = try writer.query(
                    "SELECT id FROM notifications WHERE deleted_at IS NULL ORDER BY updated_at, seq"
                ) { $0.text(0) }
                for id in live { try NotificationStore.index(id: id, in: writer) }
                if writer.dialect == .postgres {
                    // Identity columns go on from the largest id copied, not from 1.
                    for table in ["audit_events", "sends"] {
                        try writer.run(
                            "SELECT setval(pg_get_serial_sequence(?, 'id'), COALESCE(MAX(id), 0) + 1, false) FROM \(table)",
                            [.text(table)])
                    }
                }
                return counts
            }
        }
    }

    /// How to read each column: by the target's declared type, as NULL where the row has none.
    private enum Kind { case integer, real, blob, text }

    private static func columnKinds(_ session: any SQLSession) throws -> [String: Kind] {
        let rows: [(String, String)] =
            switch session.dialect {
            case .postgres:
                try session.query(
                    """
                    SELECT table_name || '.' || column_name, data_type FROM information_schema.columns
                    WHERE table_schema = current_schema()
                    """
                ) { ($0.text(0), $0.text(1)) }
            case .sqlite:
                try session.query(
                    """
                    SELECT m.name || '.' || c.name, c.type FROM sqlite_master AS m, pragma_table_info(m.name) AS c
                    WHERE m.type = 'table'
                    """
                ) { ($0.text(0), $0.text(1)) }
            }
        return Dictionary(
            rows.map { name, type in
                let kind: Kind =
                    switch type.lowercased() {
                    case "bigint", "integer": .integer
                    case "double precision", "real": .real
                    case "bytea", "blob": .blob
                    default: .text
                    }
                return (name, kind)
            }, uniquingKeysWith: { first, _ in first })
    }

    private static func copyRows(
        of table: (name: String, columns: [String]), kinds: [String: Kind], from reader: any SQLSession,
        to writer: any SQLSession
    ) throws {
        let columns = table.columns.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
        let insert = "INSERT INTO \(table.name) (\(columns)) VALUES (\(placeholders))"
        let columnKinds = table.columns.map { kinds["\(table.name).\($0)"] ?? .text }
        let rows = try reader.query("SELECT \(columns) FROM \(table.name)") { row in
            columnKinds.enumerated().map { index, kind -> SQLValue in
                let column = Int32(index)
                if row.isNull(column) { return .null }
                switch kind {
                case .integer: return .integer(row.integer(column))
                case .real: return .real(row.real(column))
                case .blob: return .blob(row.blob(column))
                case .text: return .text(row.text(column))
                }
            }
        }
        for values in rows { try writer.run(insert, values) }
    }
}
