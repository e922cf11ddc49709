import JSON

/// The codes the preview reports about how devices lay a payload out (`docs/validation-rules.md`,
/// "Categories and media"); what the payload is allowed to be is the validator's.
public enum PreviewCode: String, DiagnosticCode {
    /// Some device cuts this alert field with "…" (the narrowest device and surface are named).
    case cut = "preview.cut"

    /// Cutting is often intended, so it is only ever information.
    public var severity: Severity { .info }
}
