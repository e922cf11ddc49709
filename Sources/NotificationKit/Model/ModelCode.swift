import JSON

/// The codes of binding a JSON tree into the model (`ModelBinder`): what the model could not
/// hold. The validator owns what APNs accepts (`PayloadCode`); these say only that a field did
/// not fit the model's types (`docs/validation-rules.md`, "Composer model binding").
public enum ModelCode: String, DiagnosticCode {
    /// A field has the wrong JSON type.
    case type = "model.type"
    /// A field has the right JSON type but a value the model cannot hold (a badge of `1.5`).
    case value = "model.value"

    /// A field the model cannot hold is an error: the payload cannot be edited as fields.
    public var severity: Severity { .error }
}
