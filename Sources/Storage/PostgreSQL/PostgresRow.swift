import CPostgres

/// One row of a libpq result in text format, read as the stores read SQLite rows.
///
/// Text format is what PostgreSQL sends unless asked otherwise: integers and reals are read
/// from their decimal text, booleans (`t`/`f`) as 1 and 0, `bytea` from its hex form (`\x…`),
/// any other column as bytes from its own text.
struct PostgresRow: SQLRow {
    let result: OpaquePointer?
    let row: Int32

    func isNull(_ column: Int32) -> Bool {
        PQgetisnull(result, row, column) == 1
    }

    func text(_ column: Int32) -> String {
        optionalText(column) ?? ""
    }

    func optionalText(_ column: Int32) -> String? {
        guard !isNull(column), let value = PQgetvalue(result, row, column) else { return nil }
        return String(cString: value)
    }

    func integer(_ column: Int32) -> Int64 {
        guard let text = optionalText(column) else { return 0 }
        if let number = Int64(text) { return number }
        switch text {
        case "t": return 1
        case "f": return 0
        default: return Int64(Double(text) ?? 0)
        }
    }

    func int(_ column: Int32) -> Int {
        Int(integer(column))
    }

    func real(_ column: Int32) -> Double {
        optionalText(column).flatMap(Double.init) ?? 0
    }

    func blob(_ column: Int32) -> [UInt8] {
        guard !isNull(column), let value = PQgetvalue(result, row, column) else { return [] }
        let length = Int(PQgetlength(result, row, column))
        let text = UnsafeRawBufferPointer(start: value, count: length)
        guard PQftype(result, column) == Self.byteaType else { return Array(text) }
        return Self.decodedHex(text) ?? Array(text)
    }

    /// The type OID of `bytea` (`pg_type.oid`, fixed since PostgreSQL 7).
    static let byteaType: Oid = 17

    /// The bytes of a `bytea` in hex output (`\x0aff`), or nil when `text` is not in that form.
    static func decodedHex(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"),
            text.count % 2 == 0
        else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index < text.count {
            guard let high = hexValue(text[index]), let low = hexValue(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
