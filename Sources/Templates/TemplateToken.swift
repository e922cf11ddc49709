/// One piece of a template's source as the lexer cuts it: literal text or a `{{…}}` tag.
enum TemplateToken: Sendable, Equatable {
    /// Literal text; the lexer ends a text token after each line break so standalone tags can be
    /// recognised line by line.
    case text(String)
    /// A tag with its kind, name and position.
    case tag(TemplateTag)
}

/// A parsed `{{…}}` tag.
struct TemplateTag: Sendable, Equatable {
    /// What the tag's sigil asks for.
    enum Kind: Sendable, Equatable {
        /// `{{name}}`: interpolate, escaped.
        case variable
        /// `{{#name}}`: open a section.
        case section
        /// `{{^name}}`: open an inverted section.
        case invertedSection
        /// `{{/name}}`: close the innermost section.
        case close
        /// `{{> name}}`: include another template.
        case partial
        /// `{{! … }}`: nothing.
        case comment
        /// `{{@name}}`: HTML rendered by the engine (the layout's `content`).
        case slot

        /// Tags that vanish with their whole line when they stand alone on it, so a template's
        /// structure does not leave blank lines in the output.
        var canStandAlone: Bool {
            self != .variable
        }
    }

    /// The sigil's meaning.
    let kind: Kind
    /// The name after the sigil, trimmed; empty for comments.
    let name: String
    /// Where the tag's `{{` is.
    let location: SourceLocation
}
