/// Where a tag starts inside one templated string: 1-based line and column, the column counted
/// in Unicode scalars (as `JSONSpan` counts them), so a message can point at the tag.
public struct TemplateLocation: Sendable, Hashable {
    /// 1-based line inside the string.
    public var line: Int
    /// 1-based column inside the line, in Unicode scalars.
    public var column: Int

    /// A location at `line`, `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A template fault found while reading a string: the code, where, and what to do.
public struct TemplateSyntaxError: Error, Sendable, Hashable {
    /// The code of the fault.
    public var code: TemplateCode
    /// Where the tag starts.
    public var location: TemplateLocation
    /// What is wrong, naming the tag.
    public var message: String

    /// A fault with `code` at `location`.
    public init(_ code: TemplateCode, at location: TemplateLocation, _ message: String) {
        self.code = code
        self.location = location
        self.message = message
    }
}
