import NotificationKit
import NotificationPreview
import Storage

/// The app identity as the previews use it: the name in place of "App", the icon's address on
/// the dashboard's own origin (so `img-src 'self'` holds) in place of the grey square.
extension WorkspaceSettings {
    /// Where the icon is served; the query carries the file's entity tag, so a changed icon is a
    /// new address and a cached old one is never drawn.
    static let iconPath = "/settings/icon.png"

    /// The preview content of the analysed payload, drawn with this app's name when one is set (the
    /// engine's neutral default otherwise).
    func previewContent(of analysis: PayloadAnalysis) -> PreviewContent {
        guard let appName else { return PreviewContent(analysis: analysis) }
        return PreviewContent(analysis: analysis, appName: appName)
    }

    /// The icon's address for an `<img>`, or nil when no icon is set.
    var appIconURL: String? {
        appIcon.map { icon in Self.iconPath + "?v=" + icon.entityTag.filter { $0 != "\"" } }
    }
}
