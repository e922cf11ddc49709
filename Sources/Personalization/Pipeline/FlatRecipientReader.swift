/// Reads the common recipient line, a flat JSON object of string values
/// (`{"first_name": "Anna", "store": "Dubai Mall"}`), without building a tree: only the
/// declared names' strings are decoded, into slots the caller keeps from line to line.
///
/// It answers only when the full reader would read the same values and find nothing: anything
/// else (a number, `null`, a nested object, a `\u` escape, a duplicate or escaped key, invalid
/// UTF-8, a control character, trailing text) makes it give up, and the line goes the full way,
/// which gives the exact diagnostics. So it can be wrong only by giving up too often.
struct FlatRecipientReader: Sendable {
    /// The declared names as UTF-8, in declaration order.
    let names: [[UInt8]]
    /// The most members a line may have on this path (duplicates are looked for pairwise).
    static let maximumMembers = 16

    init(names: [String]) {
        self.names = names.map { Array($0.utf8) }
    }

    /// Fills `values` (one per name, nil when the line has no member of that name) from
    /// `line`; false when the line needs the full reader. `keys` and `scratch` (decoded
    /// escapes) are the caller's, kept from line to line so that a line allocates no buffer.
    func read(
        _ line: UnsafeBufferPointer<UInt8>, into values: inout [String?], keys: inout [Range<Int>],
        scratch: inout [UInt8]
    ) -> Bool {
        for index in values.indices { values[index] = nil }
        keys.removeAll(keepingCapacity: true)
        var cursor = Cursor(bytes: line)
        guard cursor.skipWhitespaceAndTake(UInt8(ascii: "{")) else { return false }
        cursor.skipWhitespace()
        // An empty object: every value missing, which the full way reports.
        guard cursor.peek != UInt8(ascii: "}") else { return false }
        while true {
            guard keys.count < Self.maximumMembers, cursor.take(UInt8(ascii: "\"")),
                let key = cursor.plainKey()
            else { return false }
            for earlier in keys
            where line[earlier].elementsEqual(UnsafeBufferPointer(rebasing: line[key])) {
                return false
            }
            keys.append(key)
            guard cursor.skipWhitespaceAndTake(UInt8(ascii: ":")),
                cursor.skipWhitespaceAndTake(UInt8(ascii: "\""))
            else { return false }
            let keyBytes = UnsafeBufferPointer(rebasing: line[key])
            var slot: Int?
            for index in names.indices
            where names[index].count == keyBytes.count && names[index].elementsEqual(keyBytes) {
                slot = index
                break
            }
            guard let text = cursor.string(scratch: &scratch, decode: slot != nil) else { return false }
            if let slot { values[slot] = text }
            cursor.skipWhitespace()
            if cursor.take(UInt8(ascii: ",")) {
                cursor.skipWhitespace()
                continue
            }
            guard cursor.take(UInt8(ascii: "}")) else { return false }
            cursor.skipWhitespace()
            return cursor.atEnd
        }
    }

    /// A position in the line's bytes.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position == bytes.count }
        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        mutating func skipWhitespaceAndTake(_ byte: UInt8) -> Bool {
            skipWhitespace()
            return take(byte)
        }

        /// A key of printable ASCII without escapes, after its opening quote; nil otherwise.
        mutating func plainKey() -> Range<Int>? {
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return start..<(position - 1)
                }
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
                position += 1
            }
            return nil
        }

        /// The string after its opening quote, decoded when `decode` (otherwise checked and
        /// given as ""); nil when it needs the full reader.
        mutating func string(scratch: inout [UInt8], decode: Bool) -> String? {
            let start = position
            var escaped = false
            var ascii = true
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { return nil }
                if byte >= 0x80 { ascii = false }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    position += 1
                    guard position < bytes.count, Self.simpleEscape(bytes[position]) != nil else {
                        return nil
                    }
                }
                position += 1
            }
            guard position < bytes.count else { return nil }
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<position])
            position += 1
            if !ascii, !UTF8Validation.isValid(raw) { return nil }
            guard decode else { return "" }
            guard escaped else { return String(decoding: raw, as: UTF8.self) }
            scratch.removeAll(keepingCapacity: true)
            var index = 0
            while index < raw.count {
                let byte = raw[index]
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    scratch.append(Self.simpleEscape(raw[index]) ?? 0)
                } else {
                    scratch.append(byte)
                }
                index += 1
            }
            return String(decoding: scratch, as: UTF8.self)
        }

        /// The byte a two-character escape stands for; nil for `\u` (left to the full reader,
        /// which knows surrogates) and for escapes JSON does not have.
        static func simpleEscape(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        }
    }
}

/// Strict UTF-8 (no overlong forms, no surrogates, nothing over U+10FFFF), as the JSON reader
/// requires.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return false }
            for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
                return false
            }
            index += length
        }
        return true
    }
}
