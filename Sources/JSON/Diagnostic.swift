/// How bad a finding is. A report is valid exactly when it holds no `error` (CONTRACT §4).
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case error
    case warning
    case info

    /// Errors sort first, then warnings, then infos.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }
}

/// One finding about a JSON document (a payload, its headers, a category config): the reader
/// makes them, and so does every layer above it, so all findings share one shape.
///
/// `code` is a stable dotted identifier listed in `docs/validation-rules.md`; `path` is a JSON
/// path from the document root (`$.aps.alert.title`) or a request header (`header:apns-priority`).
/// A finding is made only from a `DiagnosticCode` (a case of its layer's table), so no code is
/// written as a bare string.
public struct Diagnostic: Sendable, Hashable {
    /// The code's severity, raised from warning to error when a check runs `strict`.
    public var severity: Severity
    /// The code's stable identifier; set only from a `DiagnosticCode`.
    public private(set) var code: String
    /// Where the fault is: a JSON path or `header:<name>`.
    public var path: String
    /// What is wrong and, where it helps, how to fix it.
    public var message: String
    /// 1-based line of the fault in the source text, when it has a place there.
    public var line: Int?
    /// 1-based column of the fault in the source text, when it has a place there.
    public var column: Int?

    /// A finding with `code`, at its table's severity, at `path` (and at `line`/`column` when the
    /// fault has a place in the text).
    public init(
        _ code: some DiagnosticCode, path: String, message: String, line: Int? = nil, column: Int? = nil
    ) {
        self.severity = code.severity
        self.code = code.rawValue
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }
}
