/// Serialises a `JSONValue` to UTF-8: compact (what is sent and measured) or pretty with
/// two-space indentation (config files people read and diff).
///
/// Members keep their order and numbers keep their literal text, so a tree read from a payload
/// is written back byte-for-byte equivalent in meaning. Strings are escaped minimally: `"`, `\`,
/// control characters, and U+2028/U+2029 (which break JavaScript string literals); all other
/// text stays raw UTF-8, which is also what keeps payloads small.
public struct JSONWriter: Sendable {
    /// How much whitespace to write.
    public enum Style: Sendable {
        /// No whitespace at all.
        case compact
        /// Two-space indentation, one member or element per line, `": "` after keys.
        case pretty
    }

    /// The style this writer uses.
    public var style: Style

    /// A writer in the given style.
    public init(style: Style = .compact) {
        self.style = style
    }

    /// The UTF-8 bytes of `value`.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, to: &output)
        return output
    }

    /// The text of `value`.
    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of `value` to `output`.
    ///
    /// Containers are followed with an explicit stack, not recursion, so writing never depends
    /// on the thread's stack size, however deep a tree built in code is.
    public func write(_ value: JSONValue, to output: inout [UInt8]) {
        var stack: [Container] = []
        var next: JSONValue? = value
        while true {
            if let current = next {
                next = nil
                switch current {
                case .null: output.append(contentsOf: "null".utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .number(let number): output.append(contentsOf: number.literal.utf8)
                case .string(let text): Self.appendQuoted(text, to: &output)
                case .array(let elements):
                    output.append(ASCII.openBracket)
                    stack.append(Container(elements: elements, members: nil))
                case .object(let members):
                    output.append(ASCII.openBrace)
                    stack.append(Container(elements: nil, members: members))
                }
            }
            guard let top = stack.last else { return }
            if top.position < top.count {
                if top.position > 0 { output.append(ASCII.comma) }
                newline(stack.count, to: &output)
                if let members = top.members {
                    let member = members[top.position]
                    Self.appendQuoted(member.key, to: &output)
                    output.append(ASCII.colon)
                    if style == .pretty { output.append(ASCII.space) }
                    next = member.value.value
                } else if let elements = top.elements {
                    next = elements[top.position].value
                }
                stack[stack.count - 1].position += 1
            } else {
                stack.removeLast()
                if top.count > 0 { newline(stack.count, to: &output) }
                output.append(top.members == nil ? ASCII.closeBracket : ASCII.closeBrace)
            }
        }
    }

    /// An array or object being written, and how far.
    private struct Container {
        let elements: [JSONNode]?
        let members: [JSONMember]?
        var position = 0

        var count: Int { elements?.count ?? members?.count ?? 0 }
    }

    private func newline(_ indent: Int, to output: inout [UInt8]) {
        guard style == .pretty else { return }
        output.append(ASCII.newline)
        output.append(contentsOf: repeatElement(ASCII.space, count: indent * 2))
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `utf8` can be written between quotes exactly as it is (no byte needs an escape),
    /// for writers that copy such text into their own buffer and call `appendQuoted` otherwise.
    public static func isVerbatim(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        !needsEscape(utf8)
    }

    /// Appends `text` as a JSON string literal to a string. Text that needs no escape (nearly
    /// all) is appended as it is, without an intermediate byte buffer.
    public static func appendQuoted(_ text: String, to output: inout String) {
        var text = text
        guard !text.withUTF8(needsEscape) else {
            output += quoted(text)
            return
        }
        output.append("\"")
        output.append(text)
        output.append("\"")
    }

    /// Appends `text` as a JSON string literal to UTF-8 bytes.
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        // `withUTF8` also reads small (inline) strings in place; the contiguous-storage view
        // made an array of them, and most report strings (push types, codes, paths) are small.
        var text = text
        text.withUTF8 { utf8 in
            output.append(ASCII.quote)
            if firstEscape(in: utf8, from: 0) == nil {
                output.append(contentsOf: utf8)
            } else if utf8.count <= 170 {
                // Up to 1 KiB escaped: on the stack, which needs no check of the stack's size.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
                    guard let place = buffer.baseAddress else { return }
                    output.append(
                        contentsOf: UnsafeBufferPointer(start: place, count: escape(utf8, into: place)))
                }
            } else {
                output.append(
                    contentsOf: [UInt8](unsafeUninitializedCapacity: utf8.count * 6) { buffer, count in
                        count = buffer.baseAddress.map { escape(utf8, into: $0) } ?? 0
                    })
            }
            output.append(ASCII.quote)
        }
    }

    /// The high bit of every byte of `word` that may need an escape: a quote, a backslash, a
    /// control character or 0xE2 (the lead byte of U+2028 and U+2029). The lowest flagged byte
    /// is always a real candidate (borrows only run upwards), and every candidate is flagged.
    private static func escapeCandidates(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let candidates =
            zeroBytes(word ^ (ones &* UInt64(ASCII.quote)))
            | zeroBytes(word ^ (ones &* UInt64(ASCII.backslash)))
            | zeroBytes(word ^ (ones &* 0xE2)) | ((word &- ones &* 0x20) & ~word)
        return candidates & 0x8080_8080_8080_8080
    }

    /// Whether any byte of `utf8` has to be escaped (the cases of `escape(_:into:)`).
    private static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        firstEscape(in: utf8, from: 0) != nil
    }

    /// The offset of the first byte from `start` on that starts an escape (a quote, a
    /// backslash, a control character, or the first byte of U+2028 or U+2029), or nil.
    ///
    /// Eight bytes are judged at a time while none of them can need an escape, which is nearly
    /// all text; each candidate byte is then judged alone.
    static func firstEscape(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = utf8.baseAddress else { return nil }
        let count = utf8.count
        var position = start
        while position < count {
            while position + 8 <= count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let flagged = escapeCandidates(word)
                if flagged == 0 {
                    position += 8
                    continue
                }
                position += flagged.trailingZeroBitCount / 8
                break
            }
            guard position < count else { return nil }
            let byte = base[position]
            if byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash {
                return position
            }
            if byte == 0xE2, position + 2 < count, base[position + 1] == 0x80,
                base[position + 2] == 0xA8 || base[position + 2] == 0xA9
            {
                return position
            }
            position += 1
        }
        return nil
    }

    /// Writes `utf8` escaped to `output`, which has room for six bytes per byte of `utf8` (the
    /// longest escape, `\u00XX`, stands for one byte); returns how many bytes it wrote.
    ///
    /// The one place that decides how a string is escaped: every writer of strings (the tree
    /// writer, reports through `JSONOutputCursor`, paths) comes here. Text is judged and copied
    /// eight bytes at a time in one pass; the room makes storing a whole word safe even when
    /// only its first bytes are kept (`written` never passes six times `position`).
    static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let count = utf8.count
        var position = 0
        var written = 0
        func put(_ escape: StaticString) {
            (output + written).initialize(from: escape.utf8Start, count: escape.utf8CodeUnitCount)
            written += escape.utf8CodeUnitCount
        }
        while true {
            while position + 8 <= count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(output + written).storeBytes(of: word, as: UInt64.self)
                let flagged = escapeCandidates(UInt64(littleEndian: word))
                if flagged == 0 {
                    position += 8
                    written += 8
                    continue
                }
                let plain = flagged.trailingZeroBitCount / 8
                position += plain
                written += plain
                break
            }
            guard position < count else { return written }
            let byte = base[position]
            switch byte {
            case ASCII.quote: put("\\\"")
            case ASCII.backslash: put("\\\\")
            case 0x08: put("\\b")
            case 0x0C: put("\\f")
            case ASCII.newline: put("\\n")
            case ASCII.carriageReturn: put("\\r")
            case ASCII.tab: put("\\t")
            case 0x00..<0x20:
                put("\\u00")
                let low = byte & 0xF
                output[written] = ASCII.zero + (byte >> 4)
                output[written + 1] = low < 10 ? ASCII.zero + low : UInt8(ascii: "a") + low - 10
                written += 2
            case 0xE2
            where position + 2 < count && base[position + 1] == 0x80
                && (base[position + 2] == 0xA8 || base[position + 2] == 0xA9):
                put(base[position + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                position += 2
            default:
                output[written] = byte
                written += 1
            }
            position += 1
        }
    }
}
