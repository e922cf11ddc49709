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
public struct Diagnostic: Sendable, Hashable {
    public var severity: Severity
    public var code: String
    public var path: String
    public var message: String
    /// 1-based line of the fault in the source text, when it has a place there.
    public var line: Int?
    /// 1-based column of the fault in the source text, when it has a place there.
    public var column: Int?

    public init(
        _ severity: Severity, code: String, path: String, message: String, line: Int? = nil,
        column: Int? = nil
    ) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }
}
