import JSON

/// The codes the preview reports about how devices lay a payload out (`docs/validation-rules.md`,
/// "Categories and media"); what the payload is allowed to be is the validator's.
public enum PreviewCode: String, DiagnosticCode {
    /// Some device cuts this alert field with "…" (the narrowest device and surface are named).
    case cut = "preview.cut"
    /// No title and no subtitle, the message in the body: CarPlay's banner shows only the app
    /// name (iOS 26.1 never shows the body there). A warning when the category allows CarPlay,
    /// information otherwise.
    case carPlayBodyOnly = "carplay.body-only"
    /// No title, the message in the body: the watch's Short Look shows the icon, the app name
    /// and the title only; the body waits for the Long Look.
    case watchShortLookTitleOnly = "watch.short-look.title-only"

    /// Cutting is often intended, so it is only ever information; a message CarPlay cannot
    /// show at all is a warning (emitted as information where the category keeps it off CarPlay).
    public var severity: Severity {
        switch self {
        case .cut, .watchShortLookTitleOnly: .info
        case .carPlayBodyOnly: .warning
        }
    }
}
