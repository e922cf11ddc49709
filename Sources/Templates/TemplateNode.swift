/// One step of a compiled template, as the renderer walks it.
enum TemplateNode: Sendable, Equatable {
    /// Literal template text, written as it is.
    case text(String)
    /// `{{name}}`: the value's text, escaped.
    case variable(TemplatePath, SourceLocation)
    /// `{{#name}}…{{/name}}` (or `{{^name}}` when `inverted`) with its content.
    case section(TemplatePath, inverted: Bool, [TemplateNode])
    /// `{{> name}}` before it is resolved; compiled templates no longer contain it, because the
    /// library splices in the partial's nodes at load time.
    case partial(String, SourceLocation)
    /// `{{@name}}`: HTML the engine produced, such as a rendered page inside the layout.
    case slot(String, SourceLocation)
}

/// A value name as written in a tag: `.`, `title` or `category.actions`.
struct TemplatePath: Sendable, Equatable, CustomStringConvertible {
    /// The dot-separated parts; empty for `.`, the current item.
    let segments: [String]

    /// Splits a validated name into its segments.
    init(_ name: String) {
        segments = name == "." ? [] : name.split(separator: ".").map(String.init)
    }

    /// The name as written in the template.
    var description: String {
        segments.isEmpty ? "." : segments.joined(separator: ".")
    }
}
