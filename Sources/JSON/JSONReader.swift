/// The strict JSON reader: UTF-8 bytes in, a `JSONNode` tree with byte spans out, and a
/// diagnostic for everything RFC 8259 forbids or leaves unpredictable (apns-rules.md §1).
///
/// It never crashes on input and never recurses: nesting is followed with an explicit stack and
/// capped at `maximumDepth`, so 100 000 levels of `[` give `json.too-deep`, not a stack overflow,
/// and no tree deeper than the cap is ever built (or freed).
///
/// Faults that leave the structure intact (a BOM, invalid UTF-8 or a lone surrogate inside a
/// string, a bad escape, a control character, a duplicate key, an out-of-range number, `NaN`,
/// trailing data) are reported and reading goes on, so one pass reports as much as possible and
/// a tree is still returned. Structural faults stop the reader and leave `root` nil.
public struct JSONReader: Sendable {
    /// Nesting deeper than this many arrays and objects is refused with `json.too-deep`. Apple
    /// documents no limit; 512 is far above any real payload (4 KB) and far below the stack.
    public static let defaultMaximumDepth = 512

    /// At most this many diagnostics are collected before the reader gives up on the text.
    public static let maximumDiagnostics = 100

    /// The depth limit this reader applies, between 1 and `defaultMaximumDepth`.
    public var maximumDepth: Int

    /// Member names handed out ready-made instead of built per key.
    public var knownKeys: JSONKeyTable

    /// A reader with the given depth limit, clamped to 1...`defaultMaximumDepth`: a lower limit
    /// is allowed, a higher one is not, because freeing and comparing a tree recurse once per
    /// level and the reader may run on threads with small stacks.
    public init(maximumDepth: Int = JSONReader.defaultMaximumDepth, knownKeys: JSONKeyTable = .empty) {
        self.maximumDepth = min(max(1, maximumDepth), Self.defaultMaximumDepth)
        self.knownKeys = knownKeys
    }

    /// Reads one JSON text from its exact UTF-8 bytes.
    public func read(_ bytes: some Collection<UInt8>) -> JSONReadResult {
        JSONReadResult(readDocument(bytes))
    }

    /// Reads one JSON text given as a string (its UTF-8 bytes are what is read).
    public func read(_ text: String) -> JSONReadResult {
        JSONReadResult(readDocument(Array(text.utf8)))
    }

    /// Reads one JSON text from a buffer the caller keeps alive for the duration of the call.
    public func read(buffer: UnsafeBufferPointer<UInt8>) -> JSONReadResult {
        JSONReadResult(readDocument(Array(buffer)))
    }

    /// Reads one JSON text into a flat document, decoding nothing until asked: the form for
    /// callers that check rather than keep the values (the validator).
    public func readDocument(_ bytes: some Collection<UInt8>) -> JSONDocument {
        var buffers = JSONReadBuffers()
        return readDocument(bytes as? [UInt8] ?? Array(bytes), reusing: &buffers)
    }

    /// Reads one JSON text into a flat document, working in `buffers` (which keep their
    /// capacity for the next document): the form for readers of many documents in a row.
    /// The bytes are copied into the document, so the buffer may be reused after the call.
    public func readDocument(
        _ bytes: UnsafeBufferPointer<UInt8>, reusing buffers: inout JSONReadBuffers
    ) -> JSONDocument {
        buffers.bytes.removeAll(keepingCapacity: true)
        buffers.bytes.append(contentsOf: bytes)
        return readDocument(buffers.bytes, reusing: &buffers)
    }

    private func readDocument(_ array: [UInt8], reusing buffers: inout JSONReadBuffers) -> JSONDocument {
        array.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, maximumDepth: maximumDepth, reusing: &buffers)
            let complete = parser.parseDocument()
            let document = JSONDocument(
                storage: JSONDocument.Storage(
                    bytes: array, diagnostics: parser.diagnostics, nodes: parser.nodes,
                    knownKeys: knownKeys, isComplete: complete))
            parser.returnBuffers(to: &buffers)
            return document
        }
    }
}

/// What the reader found: the tree (nil when the text is not structurally JSON) and every
/// diagnostic, in source order of discovery.
public struct JSONReadResult: Sendable {
    /// The document root, nil when a structural fault stopped the reader.
    public var root: JSONNode?
    /// Everything the reader reported; all of it has severity `error`.
    public var diagnostics: [Diagnostic]

    /// True when the text is strict JSON (a tree and no error).
    public var isValid: Bool {
        root != nil && !diagnostics.contains { $0.severity == .error }
    }

    /// The tree and diagnostics of a document.
    public init(_ document: JSONDocument) {
        self.init(root: document.tree, diagnostics: document.diagnostics)
    }

    /// A result from its parts.
    public init(root: JSONNode?, diagnostics: [Diagnostic]) {
        self.root = root
        self.diagnostics = diagnostics
    }
}

/// The stable codes of the reader's diagnostics, listed in `docs/validation-rules.md`.
public enum JSONReadCode: String, DiagnosticCode {
    /// The text is empty or only whitespace (APNs: 400 `PayloadEmpty`).
    case empty = "json.empty"
    /// The text starts with a UTF-8 byte order mark (RFC 8259 §8.1 forbids it).
    case byteOrderMark = "json.bom"
    /// A byte sequence that is not UTF-8.
    case invalidUTF8 = "json.invalid-utf8"
    /// The text is not JSON at this point (unexpected character or end of input).
    case syntax = "json.syntax"
    /// A raw control character (U+0000–U+001F) inside a string; it must be escaped.
    case controlCharacter = "json.control-character"
    /// A backslash escape JSON does not define (`\x`, `\U`, `\u12G4`).
    case invalidEscape = "json.invalid-escape"
    /// A `\uD800`–`\uDFFF` escape that is not part of a surrogate pair.
    case loneSurrogate = "json.lone-surrogate"
    /// A number JSON does not allow: `NaN`, `Infinity`, `01`, `+1`, `.5`, `1.`, `1e`.
    case invalidNumber = "json.invalid-number"
    /// A number too large for a double (`1e400`).
    case numberOutOfRange = "json.number-out-of-range"
    /// The same key twice in one object; the message names both places.
    case duplicateKey = "json.duplicate-key"
    /// A comma before `]` or `}`.
    case trailingComma = "json.trailing-comma"
    /// Anything but whitespace after the root value.
    case trailingData = "json.trailing-data"
    /// Arrays and objects nested deeper than the reader's limit.
    case tooDeep = "json.too-deep"
    /// So many faults that the reader stopped reporting them.
    case tooManyErrors = "json.too-many-errors"

    /// Every reader finding is an error: text that is not JSON cannot be sent.
    public var severity: Severity { .error }
}
