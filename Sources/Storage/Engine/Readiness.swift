/// Whether the store can take writes now: the answer of `/readyz`.
public struct Readiness: Sendable, Equatable {
    /// One thing checked.
    public struct Check: Sendable, Equatable {
        /// `files`, `writable` or `integrity` (SQLite); `database` or `schema` (PostgreSQL).
        public let name: String
        /// True when this check passed.
        public let passed: Bool
        /// What was found, in words a person can act on.
        public let message: String

        /// A check's outcome.
        public init(name: String, passed: Bool, message: String) {
            self.name = name
            self.passed = passed
            self.message = message
        }
    }

    /// Every check made, in order.
    public let checks: [Check]

    /// The outcome of `checks`.
    public init(checks: [Check]) {
        self.checks = checks
    }

    /// True when every check passed.
    public var isReady: Bool { checks.allSatisfy(\.passed) }
}
