import JSON

/// Every code the payload templates report, in one table (docs/validation-rules.md,
/// "Templates"): the template's own syntax, its declared variables, one recipient's values, and
/// the worst case over every recipient.
public enum TemplateCode: String, DiagnosticCode {
    /// A tag that is not well formed: `{{` without `}}`, an empty tag, a stray character.
    case syntax = "template.syntax"
    /// `{% if %}` without `{% endif %}`, or `{% else %}`/`{% endif %}` without an `if`.
    case tagUnclosed = "template.tag.unclosed"
    /// A `{% … %}` tag other than `if`, `else`, `endif` (no loops, no includes).
    case tagUnknown = "template.tag.unknown"
    /// A variable the template does not declare.
    case variableUnknown = "template.variable.unknown"
    /// A filter other than the documented ones.
    case filterUnknown = "template.filter.unknown"
    /// A filter's arguments are missing, extra or of the wrong kind, or a `date` format is not
    /// one of the fixed set.
    case filterArgument = "template.filter.argument"
    /// An optional variable is written without a `default` filter.
    case defaultRequired = "template.default.required"
    /// A variable declaration is not usable: no name, an unknown type or script, no maximum
    /// length for text, an example that does not fit.
    case declaration = "template.declaration"
    /// A template is written in an object key, where no template is allowed.
    case keyTemplate = "template.key"
    /// A recipient has no value for a variable that is not optional.
    case valueMissing = "template.value.missing"
    /// A recipient's value is not of the variable's type, is longer than its maximum, or holds
    /// characters outside its scripts.
    case valueInvalid = "template.value.invalid"
    /// With every variable at its worst, the payload is over its size limit.
    case worstTooLarge = "template.worst.too-large"
    /// With every text variable at its maximum length, a field is cut where the example is not.
    case worstCut = "template.worst.cut"

    /// Worst-case cuts are often intended, so they are said, never held against the template.
    public var severity: Severity {
        self == .worstCut ? .info : .error
    }
}
