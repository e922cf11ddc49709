import JSON

/// One templated string compiled for the fast path (`RecipientFastPath`): a flat list of plain
/// operations over one pool of already escaped literal bytes, so writing a recipient's string
/// retains nothing per piece. It writes what `TemplateText.render` gives, JSON-escaped:
/// escaping goes scalar by scalar, so the escaped pieces joined are the escaped whole.
struct TemplateProgram: Sendable {
    /// One step.
    struct Operation: Sendable {
        enum Kind: UInt8, Sendable {
            /// Write `pool[start..<end]`.
            case literal
            /// Write the variable's value, escaped (nothing when absent).
            case value
            /// Write `tags[tag]` rendered for the variable's value, escaped.
            case filtered
            /// Go on when the test holds (presence, or equality with `equals[test]`), else jump.
            case branch
            /// Jump to `target`.
            case jump
        }
        var kind: Kind
        /// The variable's index among the declarations, -1 when undeclared.
        var variable = -1
        var start = 0
        var end = 0
        /// The filtered tag, or the equality text (-1: a presence test).
        var index = -1
        var target = 0
    }

    private(set) var operations: [Operation] = []
    private(set) var pool: [UInt8] = []
    private(set) var tags: [OutputTag] = []
    private(set) var equals: [String] = []

    init(_ text: TemplateText, names: [String]) {
        compile(text.nodes, names: names)
    }

    private mutating func compile(_ nodes: [TemplateNode], names: [String]) {
        for node in nodes {
            switch node {
            case .text(let text):
                var quoted: [UInt8] = []
                JSONWriter.appendQuoted(text, to: &quoted)
                let start = pool.count
                pool += quoted.dropFirst().dropLast()
                operations.append(Operation(kind: .literal, start: start, end: pool.count))
            case .output(let tag):
                let variable = names.firstIndex(of: tag.variable) ?? -1
                if tag.filters.isEmpty {
                    operations.append(Operation(kind: .value, variable: variable))
                } else {
                    tags.append(tag)
                    operations.append(Operation(kind: .filtered, variable: variable, index: tags.count - 1))
                }
            case .condition(let block):
                var test = -1
                if let text = block.equals {
                    equals.append(text)
                    test = equals.count - 1
                }
                let branch = operations.count
                operations.append(
                    Operation(
                        kind: .branch, variable: names.firstIndex(of: block.variable) ?? -1, index: test))
                compile(block.then, names: names)
                let jump = operations.count
                operations.append(Operation(kind: .jump))
                operations[branch].target = operations.count
                compile(block.otherwise, names: names)
                operations[jump].target = operations.count
            }
        }
    }

    /// Writes the string for `values` (one per declaration, nil when absent), escaped, without
    /// quotes; `quoted` is the caller's buffer for values that need escapes.
    func write(_ values: [String?], to output: inout [UInt8], quoted: inout [UInt8]) {
        var step = 0
        while step < operations.count {
            let operation = operations[step]
            step += 1
            let value = operation.variable >= 0 ? values[operation.variable] : nil
            switch operation.kind {
            case .literal:
                pool.withUnsafeBufferPointer {
                    output.append(
                        contentsOf: UnsafeBufferPointer(rebasing: $0[operation.start..<operation.end]))
                }
            case .value:
                if let value { Self.appendEscaped(value, to: &output, quoted: &quoted) }
            case .filtered:
                Self.appendEscaped(tags[operation.index].render(value), to: &output, quoted: &quoted)
            case .branch:
                let holds = operation.index >= 0 ? value == equals[operation.index] : !(value ?? "").isEmpty
                if !holds { step = operation.target }
            case .jump:
                step = operation.target
            }
        }
    }

    private static func appendEscaped(_ text: String, to output: inout [UInt8], quoted: inout [UInt8]) {
        var text = text
        let verbatim = text.withUTF8 { utf8 in
            guard JSONWriter.isVerbatim(utf8) else { return false }
            output.append(contentsOf: utf8)
            return true
        }
        guard !verbatim else { return }
        quoted.removeAll(keepingCapacity: true)
        JSONWriter.appendQuoted(text, to: &quoted)
        output.append(contentsOf: quoted[1..<(quoted.count - 1)])
    }
}
