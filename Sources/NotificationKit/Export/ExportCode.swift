import JSON

/// The codes of what an export's target will refuse or ignore (`docs/validation-rules.md`,
/// "Exports"); the payload itself is checked by the validator's `PayloadCode`s.
public enum ExportCode: String, DiagnosticCode {
    /// The `.apns` file is over simctl's 4096 bytes, whatever the push type.
    case simulatorTooLarge = "export.simulator.too-large"
    /// simctl delivers only `alert` and `background` pushes.
    case simulatorPushType = "export.simulator.push-type"
    /// simctl requires an `aps` key at the top level.
    case simulatorNoAps = "export.simulator.no-aps"

    /// The file is still written, so every export finding is a warning.
    public var severity: Severity { .warning }
}
