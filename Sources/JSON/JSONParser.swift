/// The engine behind `JSONReader`: a byte-level, non-recursive parser over a buffer that
/// records the document as flat nodes (`JSONFlatNode`), in document order, in one buffer.
///
/// The innermost container being read is `current`, those around it sit on `stack` (one
/// `JSONFrame` each); a container's node is written when it opens and completed when it
/// closes. Strings are not decoded: a node keeps the span of its text and a flag saying
/// whether it needs decoding, so a value nobody asks for costs no `String`. Nothing recurses, so the input decides neither the stack depth of the parser
/// nor of the tree beyond `maximumDepth`.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    /// Offset of the next byte to read.
    var index = 0
    /// 1-based line of `index`.
    var line = 1
    /// Offset of the first byte of the current line.
    var lineStart = 0
    /// UTF-8 continuation bytes between `lineStart` and `index`, so a column in scalars is
    /// `index - lineStart - lineContinuations + 1` without rescanning the line.
    var lineContinuations = 0
    var diagnostics: [Diagnostic] = []
    /// False when the parser only decodes a string for a caller: nothing is reported.
    var reporting = true
    /// Set once the diagnostic limit is reached; the parser then stops.
    var stopped = false
    /// Reused buffer for strings with escapes or faults.
    var scratch: [UInt8] = []
    /// The innermost open container, when `depth` is not 0: a field of its own, so counting a
    /// value or recording a key writes no array element (each such write checked the array's
    /// storage for uniqueness and bounds, a tenth of the reader's instructions).
    var current = JSONFrame(isObject: false, node: 0)
    /// The open containers around `current`, outermost first.
    var stack: [JSONFrame] = []
    /// How many containers are open: `current` and those on `stack`.
    var depth = 0
    /// The hash index of keys (hash → first key node) of each open object that has one
    /// (`JSONFrame.isIndexed`), innermost last.
    var keyIndexes: [[UInt64: Int]] = []
    /// The document so far, in document order.
    var nodes: [JSONFlatNode] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Reads the whole text: optional BOM, one value, nothing but whitespace after it.
    /// True when a whole value was read (the root is `nodes[0]`).
    mutating func parseDocument() -> Bool {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            report(
                .byteOrderMark, "The text starts with a UTF-8 byte order mark (U+FEFF); JSON must not.",
                at: 0)
            index = 3
            lineContinuations = 2
        }
        skipWhitespace()
        guard index < bytes.count else {
            report(.empty, "The payload is empty; APNs rejects it with PayloadEmpty.", at: index)
            return false
        }
        nodes.reserveCapacity(min(bytes.count / 8 + 4, 4096))
        guard parseValueTree(), !stopped else { return false }
        skipWhitespace()
        if index < bytes.count {
            report(
                .trailingData, "Unexpected \(describeByte(at: index)) after the end of the JSON value.",
                at: index)
        }
        return true
    }

    /// Reads one value, containers included, with the explicit stack.
    private mutating func parseValueTree() -> Bool {
        expectingValue: while true {
            guard index < bytes.count else {
                reportUnexpectedEnd(expecting: "a value")
                return false
            }
            let byte = bytes[index]
            if byte == ASCII.openBrace || byte == ASCII.openBracket {
                guard depth < maximumDepth else {
                    report(
                        .tooDeep,
                        "Arrays and objects are nested more than \(maximumDepth) levels deep.",
                        at: index)
                    return false
                }
                let isObject = byte == ASCII.openBrace
                pushFrame(isObject: isObject)
                nodes.append(
                    JSONFlatNode(
                        kind: isObject ? .object : .array, start: index, end: index, line: line,
                        column: currentColumn(at: index)))
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    index += 1
                    popFrame()
                } else {
                    if isObject {
                        guard parseKey() else { return false }
                    }
                    continue expectingValue
                }
            } else {
                guard parseScalar(), !stopped else { return false }
            }
            // Attach finished values to their parents, closing every container that ends here.
            while true {
                guard depth > 0 else { return true }
                attach()
                skipWhitespace()
                let isObject = current.isObject
                guard index < bytes.count else {
                    reportUnexpectedEnd(expecting: isObject ? "',' or '}'" : "',' or ']'")
                    return false
                }
                let close = isObject ? ASCII.closeBrace : ASCII.closeBracket
                let next = bytes[index]
                if next == ASCII.comma {
                    let commaOffset = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == close {
                        report(
                            .trailingComma,
                            "A comma before '\(isObject ? "}" : "]")' is not allowed in JSON.",
                            at: commaOffset)
                        index += 1
                        popFrame()
                        if stopped { return false }
                        continue
                    }
                    if isObject {
                        guard parseKey() else { return false }
                    }
                    continue expectingValue
                } else if next == close {
                    index += 1
                    popFrame()
                } else {
                    report(
                        .syntax,
                        "Expected \(isObject ? "',' or '}'" : "',' or ']'") but found \(describeByte(at: index)).",
                        at: index)
                    return false
                }
            }
        }
    }

    /// Reads `"key"`, checks it against the keys before it, then the colon.
    private mutating func parseKey() -> Bool {
        guard index < bytes.count else {
            reportUnexpectedEnd(expecting: "a key string")
            return false
        }
        guard bytes[index] == ASCII.quote else {
            report(
                .syntax, "Expected a key in double quotes but found \(describeByte(at: index)).", at: index)
            return false
        }
        let keyStart = index
        let keyLine = line
        let keyColumn = currentColumn(at: index)
        guard let needsDecoding = scanString(), !stopped else { return false }
        let key = nodes.count
        nodes.append(
            JSONFlatNode(
                kind: .key, flag: needsDecoding, start: keyStart, end: index, line: keyLine, column: keyColumn
            ))
        let hash = current.isIndexed ? keyHash(key) : nil
        let signature: UInt64
        if needsDecoding {
            signature = keySignature(key)
        } else {
            // A raw key is its own bytes, between the quotes at `keyStart` and `index - 1`.
            let length = index - keyStart - 2
            signature = Self.keySignature(length: length, first: length > 0 ? bytes[keyStart + 1] : 0)
        }
        let duplicate = indexOfKey(key, hash: hash, signature: signature)
        recordKey(key, hash: hash, signature: signature)
        if let duplicate {
            let first = nodes[duplicate]
            report(
                .duplicateKey,
                "Duplicate key \(JSONWriter.quoted(keyText(key))): first at line \(first.line), column "
                    + "\(first.column), again at line \(keyLine), column \(keyColumn).",
                at: keyStart)
        }
        skipWhitespace()
        guard index < bytes.count else {
            reportUnexpectedEnd(expecting: "':'")
            return false
        }
        guard bytes[index] == ASCII.colon else {
            report(.syntax, "Expected ':' after the key but found \(describeByte(at: index)).", at: index)
            return false
        }
        index += 1
        skipWhitespace()
        return true
    }
}
