/// The engine behind `JSONReader`: a byte-level, non-recursive parser over a buffer.
///
/// Containers being read sit on `stack` (one `JSONFrame` each); a finished value is attached to
/// the frame on top, and a closing bracket turns the top frame into a node. Nothing recurses, so
/// the input decides neither the stack depth of the parser nor of the tree beyond `maximumDepth`.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    /// Keys returned as ready-made strings.
    let knownKeys: JSONKeyTable
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
    /// Set once the diagnostic limit is reached; the parser then stops.
    var stopped = false
    /// Reused buffer for strings with escapes or faults.
    var scratch: [UInt8] = []
    var stack: [JSONFrame] = []
    /// Finished members of every open object, innermost last (see `JSONFrame.base`).
    var memberStack = JSONValueStack<JSONMember>(capacity: 64)
    /// Finished elements of every open array, innermost last.
    var elementStack = JSONValueStack<JSONNode>(capacity: 32)

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, knownKeys: JSONKeyTable) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.knownKeys = knownKeys
        stack.reserveCapacity(8)
    }

    /// Frees the value stacks (and whatever a stopped parse left on them).
    mutating func deallocate() {
        memberStack.deallocate()
        elementStack.deallocate()
    }

    /// Reads the whole text: optional BOM, one value, nothing but whitespace after it.
    mutating func parseDocument() -> JSONNode? {
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
            return nil
        }
        guard let root = parseValueTree(), !stopped else { return nil }
        skipWhitespace()
        if index < bytes.count {
            report(
                .trailingData, "Unexpected \(describeByte(at: index)) after the end of the JSON value.",
                at: index)
        }
        return root
    }

    /// Reads one value, containers included, with the explicit stack.
    private mutating func parseValueTree() -> JSONNode? {
        expectingValue: while true {
            guard index < bytes.count else {
                reportUnexpectedEnd(expecting: "a value")
                return nil
            }
            var completed: JSONNode
            let byte = bytes[index]
            if byte == ASCII.openBrace || byte == ASCII.openBracket {
                guard stack.count < maximumDepth else {
                    report(
                        .tooDeep,
                        "Arrays and objects are nested more than \(maximumDepth) levels deep.",
                        at: index)
                    return nil
                }
                let isObject = byte == ASCII.openBrace
                stack.append(
                    JSONFrame(
                        isObject: isObject, start: index, line: line, column: currentColumn(at: index),
                        base: isObject ? memberStack.count : elementStack.count))
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    index += 1
                    completed = popFrame()
                } else {
                    if isObject {
                        guard parseKey() else { return nil }
                    }
                    continue expectingValue
                }
            } else {
                guard let scalar = parseScalar(), !stopped else { return nil }
                completed = scalar
            }
            // Attach finished values to their parents, closing every container that ends here.
            while true {
                guard !stack.isEmpty else { return completed }
                // Moved, not copied: a copy here cost a retain and a release per value.
                attach(consume completed)
                skipWhitespace()
                guard index < bytes.count else {
                    reportUnexpectedEnd(
                        expecting: stack[stack.count - 1].isObject ? "',' or '}'" : "',' or ']'")
                    return nil
                }
                let isObject = stack[stack.count - 1].isObject
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
                        completed = popFrame()
                        if stopped { return nil }
                        continue
                    }
                    if isObject {
                        guard parseKey() else { return nil }
                    }
                    continue expectingValue
                } else if next == close {
                    index += 1
                    completed = popFrame()
                } else {
                    report(
                        .syntax,
                        "Expected \(isObject ? "',' or '}'" : "',' or ']'") but found \(describeByte(at: index)).",
                        at: index)
                    return nil
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
        guard let key = parseString(isKey: true), !stopped else { return false }
        let keySpan = JSONSpan(start: keyStart, end: index, line: keyLine, column: keyColumn)
        let top = stack.count - 1
        let duplicate = indexOfKey(key, inFrameAt: top)
        stack[top].setKey(key, span: keySpan)
        if let first = duplicate {
            let firstSpan = memberStack[first].keySpan
            report(
                .duplicateKey,
                "Duplicate key \(JSONWriter.quoted(key)): first at line \(firstSpan.line), column "
                    + "\(firstSpan.column), again at line \(keyLine), column \(keyColumn).",
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
