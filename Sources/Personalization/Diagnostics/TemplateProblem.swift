import JSON

/// Why one thing (a filter's arguments, a value) does not fit, in words the message quotes.
public struct TemplateProblem: Error, Sendable, Hashable {
    /// What is wrong, naming the variable or filter.
    public var message: String

    /// A problem described by `message`.
    public init(_ message: String) {
        self.message = message
    }
}

/// The faults that keep something (values, declarations) from being used, each a diagnostic.
public struct TemplateFaults: Error, Sendable, Hashable {
    /// The diagnostics, in the order found.
    public var diagnostics: [Diagnostic]

    /// Faults with `diagnostics`.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
