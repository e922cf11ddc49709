/// Why a template could not be loaded or rendered, pointing at the spot in the file.
///
/// Its `description` is the report a developer sees at start-up:
///
/// ```
/// templates/index.html:12:7: section 'items' is never closed
///     {{#items}}
///       ^
/// ```
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of mistakes, so tests and callers can tell them apart without parsing messages.
    public enum Kind: Sendable, Equatable {
        /// `{{` without `}}` on the same line (comments may span lines).
        case unterminatedTag
        /// `{{}}`, `{{#}}`, `{{> }}` and the like.
        case emptyTagName
        /// A name with characters outside letters, digits, `_`, `-` and `.` separators.
        case invalidTagName
        /// Syntax this engine refuses on purpose: `{{{x}}}`, `{{&x}}`, `{{=<% %>=}}`, blocks.
        case unsupportedTag
        /// `{{#a}}` (or `{{^a}}`) without its `{{/a}}`.
        case unclosedSection
        /// `{{/b}}` while `{{#a}}` is the innermost open section.
        case mismatchedCloseTag
        /// `{{/a}}` with no section open.
        case unexpectedCloseTag
        /// `{{> name}}` where no template has that name.
        case unknownPartial
        /// Partials that include each other in a cycle, which would never end.
        case recursivePartial
        /// ``TemplateLibrary/render(_:with:)`` asked for a template that was never loaded.
        case unknownTemplate
        /// ``TemplateLibrary/render(_:in:with:)`` was given a layout without `{{@content}}`, which
        /// would silently drop the page.
        case missingContentSlot
        /// In strict mode, `{{name}}` where no context has `name`, or where it is a list or object.
        case unknownValue
        /// The directory or a file could not be read, or a file is not UTF-8.
        case unreadable
    }

    /// Which mistake this is.
    public let kind: Kind
    /// What went wrong, in words, without the location.
    public let message: String
    /// Where it went wrong, when it is a spot in a file.
    public let location: SourceLocation?

    /// Creates an error; the library raises these, tests compare them.
    public init(_ kind: Kind, _ message: String, at location: SourceLocation? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// `file:line:col: message`, then the source line and a caret under the column.
    public var description: String {
        guard let location else {
            return message
        }
        return "\(location): \(message)\n\(location.lineText)\n\(location.caretLine)"
    }
}
