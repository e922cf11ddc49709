import JSON

/// The outcome of validating one payload with its headers: the report of CONTRACT §4.
public struct ValidationReport: Sendable, Hashable {
    /// The payload's size in bytes against the limit of its push type.
    public struct Size: Sendable, Hashable {
        /// The exact byte count of the payload text as it would be sent.
        public var bytes: Int
        /// The largest size APNs accepts for the push type (4096, or 5120 for VoIP).
        public var limit: Int

        /// A size of `bytes` against `limit`.
        public init(bytes: Int, limit: Int) {
            self.bytes = bytes
            self.limit = limit
        }
    }

    /// The `apns-push-type` the payload was checked against (`alert` when none was given).
    public var pushType: String
    /// The payload's exact size and its push type's limit.
    public var size: Size
    /// The push type assumed because the request had no `apns-push-type` (`alert`), or nil when
    /// the header was given; shown in the report so nobody mistakes a default for a choice.
    public var assumedPushType: String?
    /// The line of the input this report is about, in `validate --jsonl` (1-based): written as
    /// the report's first member, `"line"`, so a valid line, which has no diagnostic to carry a
    /// line, can still be matched to its input. Nil for a single payload.
    public var inputLine: Int?
    /// Findings sorted errors first, then warnings, then infos, each group by place in the text.
    public var diagnostics: [Diagnostic]

    /// True exactly when no diagnostic is an error (CONTRACT §4).
    public var valid: Bool {
        !diagnostics.contains { $0.severity == .error }
    }

    /// Builds a report, putting `diagnostics` into report order.
    public init(pushType: String, size: Size, diagnostics: [Diagnostic], assumedPushType: String? = nil) {
        self.pushType = pushType
        self.size = size
        self.assumedPushType = assumedPushType
        self.diagnostics = Self.sorted(diagnostics)
    }

    /// Errors first, then by line and column; findings without a place (headers) come after
    /// those with one, and equal keys keep the order they were found in.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        if diagnostics.count < 2 {
            return diagnostics
        }
        return diagnostics.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if a.severity != b.severity {
                return a.severity < b.severity
            }
            let aPlace = (a.line ?? Int.max, a.column ?? Int.max)
            let bPlace = (b.line ?? Int.max, b.column ?? Int.max)
            if aPlace != bPlace {
                return aPlace < bPlace
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
