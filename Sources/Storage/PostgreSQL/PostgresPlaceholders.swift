/// The stores write SQL with SQLite's `?` parameters; PostgreSQL numbers them (`$1`, `$2`, …).
///
/// The translation is a small lexer, not a text replace: a `?` inside a string literal
/// (`'a?b'`), a quoted identifier (`"x?"`), a dollar-quoted body (`$$…$$`) or a comment
/// (`-- ?`, `/* ? */`) is text, not a parameter, and stays as written. Statements are fixed
/// text in the source, never built from input, so this runs once per distinct statement
/// (`PostgresConnection` keeps the prepared result).
enum PostgresPlaceholders {
    /// `sql` with each parameter `?` replaced by `$1`, `$2`, … in order, and how many there are.
    static func numbered(_ sql: String) -> (sql: String, count: Int) {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var count = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                let end = closingQuote(byte, in: bytes, from: index + 1)
                output += bytes[index..<end]
                index = end
            case UInt8(ascii: "-") where next(bytes, index) == UInt8(ascii: "-"):
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                output += bytes[index..<end]
                index = end
            case UInt8(ascii: "/") where next(bytes, index) == UInt8(ascii: "*"):
                let end = indexAfter(UInt8(ascii: "*"), UInt8(ascii: "/"), in: bytes, from: index + 2)
                output += bytes[index..<end]
                index = end
            case UInt8(ascii: "$") where next(bytes, index) == UInt8(ascii: "$"):
                let end = indexAfter(UInt8(ascii: "$"), UInt8(ascii: "$"), in: bytes, from: index + 2)
                output += bytes[index..<end]
                index = end
            case UInt8(ascii: "?"):
                count += 1
                output += Array("$\(count)".utf8)
                index += 1
            default:
                output.append(byte)
                index += 1
            }
        }
        return (String(decoding: output, as: UTF8.self), count)
    }

    private static func next(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        index + 1 < bytes.count ? bytes[index + 1] : nil
    }

    /// The index just past the quote closing one opened before `start` (a doubled quote is
    /// an escaped one, as SQL writes it); the end of the text if it never closes.
    private static func closingQuote(_ quote: UInt8, in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == quote {
                if next(bytes, index) == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    /// The index just past the first `first` `second` pair at or after `start` (the end of a
    /// block comment, `*/`, or of a dollar-quoted body, `$$`); the end of the text if none.
    private static func indexAfter(_ first: UInt8, _ second: UInt8, in bytes: [UInt8], from start: Int) -> Int
    {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == first && bytes[index + 1] == second { return index + 2 }
            index += 1
        }
        return bytes.count
    }
}
