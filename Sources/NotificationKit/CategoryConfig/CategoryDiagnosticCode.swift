import JSON

/// The stable codes of category-config diagnostics, listed in `docs/validation-rules.md`.
public enum CategoryDiagnosticCode: String, DiagnosticCode {
    /// A field has the wrong JSON type.
    case type = "categories.type"
    /// A required field (`categories`, `identifier`, action `title`) is missing.
    case missingField = "categories.missing-field"
    /// A field the config format does not define (a typo is silently ignored otherwise).
    case unknownField = "categories.unknown-field"
    /// An option name that is not an action or category option of CONTRACT §5.
    case unknownOption = "categories.unknown-option"
    /// The same option listed twice.
    case duplicateOption = "categories.duplicate-option"
    /// Two categories with the same identifier; iOS keeps only one.
    case duplicateIdentifier = "categories.duplicate-identifier"
    /// Two category identifiers that differ only in case; payloads get them wrong.
    case caseCollision = "categories.case-collision"
    /// Two category identifiers that look the same but differ in Unicode normalization (NFC versus
    /// NFD), perhaps also in case; iOS compares bytes, so they are two categories.
    case normalizationCollision = "categories.normalization-collision"
    /// An empty category or action identifier.
    case emptyIdentifier = "categories.empty-identifier"
    /// A category or action identifier with a control character (NUL, line break, tab, DEL):
    /// it cannot be typed, shown or sent in an address, and is always a mistake.
    case controlCharacter = "categories.control-character"
    /// Two actions with the same identifier in one category.
    case duplicateAction = "categories.duplicate-action"
    /// One action identifier used in several categories; one delegate method handles them all.
    case sharedActionIdentifier = "categories.shared-action-identifier"
    /// An action with an empty title shows a blank button.
    case emptyTitle = "categories.empty-title"
    /// More than 10 actions; iOS never shows the rest.
    case tooManyActions = "categories.too-many-actions"
    /// A text-input action in a category allowed in CarPlay, where iOS hides it.
    case textInputInCarPlay = "categories.text-input-in-carplay"
    /// A text-input action without a button title.
    case textInputButtonTitle = "categories.text-input-button-title"
    /// An icon with both or neither of `systemImageName` and `templateImageName`, or an empty name.
    case icon = "categories.icon"
    /// A category or action identifier longer than `CategoryLimits.maximumIdentifierBytes`.
    case identifierTooLong = "categories.identifier-too-long"
    /// A category identifier that is `.`, `..` or `new` (see `CategoryLimits.reservedIdentifiers`).
    case reservedIdentifier = "categories.reserved-identifier"
    /// More categories than `CategoryLimits.maximumCategories`.
    case tooManyCategories = "categories.too-many-categories"
    /// More actions than `CategoryLimits.maximumActions` in one category.
    case actionLimit = "categories.action-limit"
    /// A hidden-previews placeholder or summary format without `%u` for the count.
    case countPlaceholder = "categories.count-placeholder"

    /// How bad each finding is.
    public var severity: Severity {
        switch self {
        case .type, .missingField, .unknownOption, .duplicateIdentifier, .emptyIdentifier, .controlCharacter,
            .duplicateAction,
            .emptyTitle, .textInputButtonTitle, .icon, .identifierTooLong, .reservedIdentifier,
            .tooManyCategories, .actionLimit:
            .error
        case .unknownField, .duplicateOption, .caseCollision, .normalizationCollision,
            .sharedActionIdentifier,
            .tooManyActions, .textInputInCarPlay, .countPlaceholder:
            .warning
        }
    }
}

/// Collects category diagnostics with their severity and place.
struct CategoryDiagnostics {
    var list: [Diagnostic] = []

    mutating func emit(_ code: CategoryDiagnosticCode, _ path: String, at span: JSONSpan?, _ message: String)
    {
        list.append(
            Diagnostic(code, path: path, message: message, line: span?.line, column: span?.column))
    }
}
