import CPostgres
import Foundation

/// One libpq connection to the workspace's PostgreSQL database, speaking the stores' SQL.
///
/// The stores write `?` parameters (SQLite's style); each distinct statement is numbered once
/// (`PostgresPlaceholders`), prepared on the server once per connection and then only executed,
/// so a request pays no parse or plan. Values go as parameters, never as SQL text.
///
/// Every wait is bounded: connecting by `connect_timeout`, each statement by
/// `statement_timeout` and each lock wait by `lock_timeout` (set for the session at connect), so
/// a lock held elsewhere or a server that stopped answering costs one request its bound, never a
/// worker forever. A connection the server dropped says so (`isBroken`) and the pool replaces it.
///
/// `@unchecked Sendable`: a `PGconn` must not be used by two threads at once; the pool
/// (`PostgresPool`) lends each connection to one thread at a time and never keeps a reference
/// where another thread could reach it while lent.
public final class PostgresConnection: SQLSession, @unchecked Sendable {
    /// The bounds every connection is opened with.
    public struct Limits: Sendable, Equatable {
        /// Seconds to wait for a connection to open.
        public var connectTimeoutSeconds: Int = 5
        /// Milliseconds a statement may run (`statement_timeout`).
        public var statementTimeoutMilliseconds: Int = 5000
        /// Milliseconds a statement may wait for a lock (`lock_timeout`).
        public var lockTimeoutMilliseconds: Int = 2000

        /// The default bounds.
        public init() {}
    }

    let handle: OpaquePointer
    /// Where each statement's duration is counted (the pool's, for `/metrics`); nil for the
    /// connections outside a pool (the change listener's, the tests').
    private let counters: PostgresPoolCounters?
    /// Statement text → the name it was prepared under on this connection.
    private var prepared: [String: (name: String, parameters: Int)] = [:]

    /// Connects with `connectionString` (a `postgresql://` URI or `key=value` words, as libpq
    /// reads them; TLS settings such as `sslmode` pass through untouched).
    public convenience init(_ connectionString: String, limits: Limits = Limits()) throws {
        try self.init(connectionString, limits: limits, counters: nil)
    }

    /// A connection whose statements are timed into `counters`.
    init(_ connectionString: String, limits: Limits, counters: PostgresPoolCounters?) throws {
        let options =
            "-c statement_timeout=\(limits.statementTimeoutMilliseconds) -c lock_timeout=\(limits.lockTimeoutMilliseconds)"
        let keywords = ["dbname", "connect_timeout", "application_name", "options"]
        let values = [connectionString, String(limits.connectTimeoutSeconds), "pushboard", options]
        let connection = Self.withCStrings(keywords) { keywordPointers in
            Self.withCStrings(values) { valuePointers in
                // expand_dbname = 1: `dbname` may be a whole URI or key=value string; the keys
                // after it (timeouts, options) are only defaults it did not set itself.
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else {
            throw StorageError.databaseUnavailable("libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.trimmed(String(cString: PQerrorMessage(connection)))
            PQfinish(connection)
            throw StorageError.databaseUnavailable(message)
        }
        self.handle = connection
        self.counters = counters
    }

    deinit {
        PQfinish(handle)
    }

    /// True when the server closed the connection (restart, network): it cannot be used again.
    public var isBroken: Bool {
        PQstatus(handle) != CONNECTION_OK
    }

    /// True when the connection is inside a transaction block (or a failed one).
    var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    public var dialect: SQLDialect { .postgres }

    public func execute(_ sql: String) throws {
        let result = timed { PQexec(handle, sql) }
        defer { PQclear(result) }
        try check(result, context: sql)
    }

    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        let result = try executePrepared(sql, values)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    public func query<Row>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) throws -> Row) throws
        -> [Row]
    {
        let result = try executePrepared(sql, values)
        defer { PQclear(result) }
        let count = PQntuples(result)
        var rows: [Row] = []
        rows.reserveCapacity(Int(count))
        for index in 0..<count {
            rows.append(try row(PostgresRow(result: result, row: index)))
        }
        return rows
    }

    public func queryFirst<Row>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) throws -> Row) throws
        -> Row?
    {
        let result = try executePrepared(sql, values)
        defer { PQclear(result) }
        guard PQntuples(result) > 0 else { return nil }
        return try row(PostgresRow(result: result, row: 0))
    }

    /// Runs one round trip to the server, counting its duration when the connection has counters.
    private func timed(_ exchange: () -> OpaquePointer?) -> OpaquePointer? {
        guard let counters else { return exchange() }
        return counters.timed(exchange)
    }

    /// Prepares `sql` on first use, then executes it with `values` (text for text and numbers,
    /// binary for bytes, a null pointer for NULL).
    private func executePrepared(_ sql: String, _ values: [SQLValue]) throws -> OpaquePointer? {
        let statement = try preparedStatement(for: sql)
        guard statement.parameters == values.count else {
            throw StorageError.invalidInput(
                "statement takes \(statement.parameters) values, \(values.count) given: \(sql)")
        }
        let encoded = try values.map(PostgresParameter.init)
        let lengths = encoded.map { Int32($0.bytes?.count ?? 0) }
        let formats = encoded.map { $0.isBinary ? Int32(1) : Int32(0) }
        let result = timed {
            Self.withParameterPointers(encoded) { pointers in
                PQexecPrepared(handle, statement.name, Int32(values.count), pointers, lengths, formats, 0)
            }
        }
        do {
            try check(result, context: sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result
    }

    private func preparedStatement(for sql: String) throws -> (name: String, parameters: Int) {
        if let known = prepared[sql] { return known }
        let (numbered, count) = PostgresPlaceholders.numbered(sql)
        let name = "pushboard_\(prepared.count + 1)"
        let result = PQprepare(handle, name, numbered, 0, nil)
        defer { PQclear(result) }
        try check(result, context: sql)
        prepared[sql] = (name, count)
        return (name, count)
    }

    /// Throws the server's error for `result`, with its SQLSTATE, or `databaseUnavailable`
    /// when the connection itself is gone.
    private func check(_ result: OpaquePointer?, context: String) throws {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY { return }
        let message = Self.trimmed(
            result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) }
                ?? String(cString: PQerrorMessage(handle)))
        if isBroken {
            throw StorageError.databaseUnavailable(
                message.isEmpty ? "the connection to PostgreSQL was lost" : message)
        }
        let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map {
            String(cString: $0)
        }
        throw StorageError.postgres(sqlState: state ?? "", message: message, context: Self.firstLine(context))
    }

    private static func trimmed(_ message: String) -> String {
        message.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func firstLine(_ sql: String) -> String {
        let line = sql.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? sql
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// Calls `body` with a NULL-terminated array of C strings for `strings`.
    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer {
            for copy in copies { free(copy) }
        }
        return body(copies.map { $0.map { UnsafePointer($0) } } + [nil])
    }

    /// Calls `body` with one pointer per parameter (nil for NULL), valid for the call only.
    private static func withParameterPointers<T>(
        _ parameters: [PostgresParameter], _ body: ([UnsafePointer<CChar>?]) -> T
    ) -> T {
        let buffers: [UnsafeMutablePointer<CChar>?] = parameters.map { parameter in
            guard let bytes = parameter.bytes else { return nil }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1) + 1)
            bytes.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: CChar.self) { characters in
                    if let start = characters.baseAddress {
                        buffer.update(from: start, count: characters.count)
                    }
                }
            }
            buffer[bytes.count] = 0
            return buffer
        }
        defer {
            for buffer in buffers { buffer?.deallocate() }
        }
        return body(buffers.map { $0.map { UnsafePointer($0) } })
    }
}

/// One value as libpq sends it: its bytes (nil for NULL) and whether they are binary.
struct PostgresParameter {
    let bytes: [UInt8]?
    let isBinary: Bool

    /// Text goes in text format, which libpq ends at the first NUL byte: a NUL in text (which
    /// PostgreSQL's text type cannot hold) is refused here rather than cut off silently.
    init(_ value: SQLValue) throws {
        switch value {
        case .text(let text):
            guard !text.utf8.contains(0) else {
                throw StorageError.invalidInput("text holding a NUL character cannot be stored in PostgreSQL")
            }
            (bytes, isBinary) = (Array(text.utf8), false)
        case .integer(let number): (bytes, isBinary) = (Array(String(number).utf8), false)
        case .real(let number): (bytes, isBinary) = (Array("\(number)".utf8), false)
        case .blob(let data): (bytes, isBinary) = (data, true)
        case .null: (bytes, isBinary) = (nil, false)
        }
    }
}
