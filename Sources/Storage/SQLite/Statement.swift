import CSQLite

/// One prepared statement of one `Connection`. It is finalized when the value goes away, and it
/// is used only inside the closure that received it, on the thread that holds the connection.
public final class Statement: SQLRow {
    /// The statement's SQL, kept for error messages.
    public let sql: String
    private let handle: OpaquePointer
    private let database: OpaquePointer

    /// Compiles exactly one statement of `sql`; trailing statements are refused, not dropped.
    init(database: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        var rest = ""
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(database, text, -1, &statement, &tail)
            rest = tail.map { String(cString: $0) } ?? ""
            return code
        }
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw Connection.error(database, code: code, context: "prepare \(sql)")
        }
        // SQLite compiles only the first statement and would silently ignore the rest.
        guard rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            sqlite3_finalize(statement)
            throw StorageError.invalidInput("one statement at a time; not run: \(rest)")
        }
        self.sql = sql
        self.handle = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to the parameters `?1…?n` in order, after clearing earlier bindings.
    public func bind(_ values: [SQLValue]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw StorageError.invalidInput(
                "statement takes \(expected) parameters, \(values.count) given: \(sql)")
        }
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value at a 1-based parameter index. Text and blobs are copied by SQLite
    /// (`SQLITE_TRANSIENT`), so the Swift buffer may go away right after the call.
    public func bind(_ value: SQLValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .text(let text):
            code = Self.bindText(text, to: handle, at: index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, !buffer.isEmpty else {
                    // A nil pointer would bind NULL; an empty blob is not NULL.
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(
                    handle, index, base, sqlite3_uint64(buffer.count), csqlite_transient())
            }
        case .null:
            code = sqlite3_bind_null(handle, index)
        }
        guard code == SQLITE_OK else {
            throw Connection.error(database, code: code, context: "bind parameter \(index) of \(sql)")
        }
    }

    private static func bindText(_ text: String, to handle: OpaquePointer, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { buffer in
            // The explicit byte length keeps embedded NULs; a nil base (empty string) would bind
            // NULL, so the empty string gets a real pointer to zero bytes.
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                sqlite3_bind_text64(
                    handle, index, chars, sqlite3_uint64(buffer.count), csqlite_transient(),
                    UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Runs one step: true when a row is ready to read, false when the statement is done.
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            throw Connection.error(database, code: code, context: "run \(sql)")
        }
    }

    /// Makes the statement runnable again with the same bindings.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// True when column `index` of the current row is NULL.
    public func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as text, byte for byte as stored when it is UTF-8, as everything Pushboard
    /// writes is (NULL reads as the empty string). Bytes that are not UTF-8, which only another
    /// program could have stored, read as U+FFFD.
    public func text(_ index: Int32) -> String {
        // sqlite3_column_text must come before sqlite3_column_bytes (SQLite's documented order).
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Column `index` as text, or nil when it is NULL.
    public func optionalText(_ index: Int32) -> String? {
        isNull(index) ? nil : text(index)
    }

    /// Column `index` as a 64-bit integer.
    public func integer(_ index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` as an `Int`.
    public func int(_ index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    /// Column `index` as a double.
    public func real(_ index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Column `index` as raw bytes.
    public func blob(_ index: Int32) -> [UInt8] {
        guard let pointer = sqlite3_column_blob(handle, index) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
