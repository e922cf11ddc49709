import JSON

/// The surfaces that leave part of the message out whatever the device's width (ios-rendering.md
/// §9): CarPlay's banner never shows the body, the watch's Short Look shows the title only.
/// Reported with the matrix's cuts (`diagnostics()`), by the API, the CLI and the composer.
extension PreviewMatrix {
    /// `carplay.body-only` and `watch.short-look.title-only` for `content`, when its message
    /// is in the body alone.
    public static func surfaceDiagnostics(_ content: PreviewContent) -> [Diagnostic] {
        func shown(_ text: PreviewText?) -> Bool { !(text?.displayText.isEmpty ?? true) }
        guard !shown(content.title), shown(content.body) else { return [] }
        var found: [Diagnostic] = []
        if !shown(content.subtitle) {
            var carPlay = Diagnostic(
                PreviewCode.carPlayBodyOnly, path: "$.aps.alert.title",
                message:
                    "The title is empty and the body carries the message: CarPlay shows only the app name "
                    + "(its banner never shows the body).")
            if content.category.registeredCategory?.allowsInCarPlay != true {
                carPlay.severity = .info
                carPlay.message +=
                    " The category does not allow CarPlay, so this matters only for CarPlay apps."
            }
            found.append(carPlay)
        }
        found.append(
            Diagnostic(
                PreviewCode.watchShortLookTitleOnly, path: "$.aps.alert.title",
                message:
                    "The title is empty and the body carries the message: the watch's Short Look shows the icon, "
                    + "the app name and the title only; the body appears only in the Long Look."))
        return found
    }

    /// The surface findings that concern `device` alone: CarPlay's for CarPlay, the Short
    /// Look's for a watch, none for the others.
    public static func surfaceDiagnostics(_ content: PreviewContent, on device: DeviceID) -> [Diagnostic] {
        let kind = DeviceProfile.of(device).kind
        return surfaceDiagnostics(content).filter { diagnostic in
            diagnostic.code == PreviewCode.carPlayBodyOnly.rawValue
                ? kind == .carPlay
                : diagnostic.code == PreviewCode.watchShortLookTitleOnly.rawValue && kind == .watch
        }
    }

    /// The preview's findings: where devices cut the text (`cutDiagnostics()`), then what a
    /// surface leaves out (`surfaceDiagnostics(_:)`).
    public func diagnostics() -> [Diagnostic] {
        cutDiagnostics() + surfaceFindings
    }
}
