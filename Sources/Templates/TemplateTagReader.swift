/// Reads the inside of one `{{…}}` tag: its sigil and its name, refusing what the engine does not do.
enum TemplateTagReader {
    /// The tag written as `{{content}}`, whose `{{` is at `location`.
    static func tag(from content: String, at location: SourceLocation) throws(TemplateError) -> TemplateTag {
        let trimmed = content.trimmedOfSpaces
        guard let sigil = trimmed.unicodeScalars.first else {
            throw TemplateError(.emptyTagName, "tag has no name", at: location)
        }
        let rest = String(trimmed.unicodeScalars.dropFirst()).trimmedOfSpaces
        switch sigil {
        case "!":
            return TemplateTag(kind: .comment, name: "", location: location)
        case "#":
            return try named(.section, rest, at: location)
        case "^":
            return try named(.invertedSection, rest, at: location)
        case "/":
            return try named(.close, rest, at: location)
        case ">":
            return try named(.partial, rest, at: location)
        case "@":
            return try named(.slot, rest, at: location)
        case "{", "&":
            throw TemplateError(
                .unsupportedTag,
                "unescaped interpolation is not supported: every value is escaped; "
                    + "raw HTML only comes from partials and the layout",
                at: location
            )
        case "=":
            throw TemplateError(.unsupportedTag, "changing delimiters is not supported", at: location)
        case "$", "<":
            throw TemplateError(.unsupportedTag, "blocks and parents are not supported", at: location)
        default:
            return try named(.variable, trimmed, at: location)
        }
    }

    private static func named(
        _ kind: TemplateTag.Kind,
        _ name: String,
        at location: SourceLocation
    ) throws(TemplateError) -> TemplateTag {
        guard !name.isEmpty else {
            throw TemplateError(.emptyTagName, "tag has no name", at: location)
        }
        let isValid: Bool
        switch kind {
        case .partial:
            isValid = isPartialName(name)
        case .slot:
            isValid = name.unicodeScalars.allSatisfy(isNameScalar)
        default:
            isValid = isValuePath(name)
        }
        guard isValid else {
            throw TemplateError(.invalidTagName, "invalid name '\(name)'", at: location)
        }
        return TemplateTag(kind: kind, name: name, location: location)
    }

    /// `.` or dot-separated segments of letters, digits, `_` and `-`.
    private static func isValuePath(_ name: String) -> Bool {
        if name == "." {
            return true
        }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && segment.unicodeScalars.allSatisfy(isNameScalar)
        }
    }

    /// A template name: slash-separated segments, no `.`/`..` segments, no `.html` needed.
    private static func isPartialName(_ name: String) -> Bool {
        name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".."
                && segment.unicodeScalars.allSatisfy { isNameScalar($0) || $0 == "." }
        }
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-":
            return true
        default:
            return false
        }
    }
}

extension String {
    /// This string without leading and trailing spaces and tabs (no Foundation needed).
    var trimmedOfSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isTemplateSpace }),
            let last = scalars.lastIndex(where: { !$0.isTemplateSpace })
        else {
            return ""
        }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// Whitespace allowed around tag names and on standalone lines.
    var isTemplateSpace: Bool {
        self == " " || self == "\t" || self == "\r"
    }
}
