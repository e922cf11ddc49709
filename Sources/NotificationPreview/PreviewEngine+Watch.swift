/// The Apple Watch Long Look: title, body, media across the screen, the actions and Dismiss,
/// in one scrolling column with 8 pt margins (docs/preview-model.md, assumed geometry).
extension PreviewEngine {
    /// The button every Long Look ends with.
    public static let watchDismissTitle = "Dismiss"

    /// Lays out the Long Look. Its height is the whole scrolling content.
    static func longLookSurface(
        _ content: ResolvedContent,
        _ profile: DeviceProfile,
        notes: inout [String]
    ) -> SurfacePreview {
        let column = profile.compactColumn
        let titleWrapper = content.wrapper(.watchTitle)
        let title = titleWrapper.layout(content.compactTitle, width: column, lineLimit: nil)
        let subtitle = titleWrapper.layout(content.subtitle, width: column, lineLimit: nil)
        let body = content.wrapper(.watchBody).layout(content.body, width: column, lineLimit: nil)
        let media = content.showsMedia(on: profile) ? fullWidthPlacement(content.content.media, profile) : nil
        let actions = expandedActions(content.content.category, profile, notes: &notes)
        let lines = Double(title.lineCount + subtitle.lineCount + body.lineCount)
        let height =
            2 * profile.padding + lines * PreviewFont.watchBody.lineHeight + (media?.height ?? 0)
            + Double(actions.count + 1) * watchButtonHeight
        return SurfacePreview(
            surface: .longLook, title: title, subtitle: subtitle, body: body,
            timestamp: "", header: content.content.appName, media: media,
            actions: actions, height: height, visibleHeight: nil, scrolls: nil, visibleBodyLines: nil)
    }

    /// Height of one watch button row, Dismiss included (assumed).
    static let watchButtonHeight = 44.0
}
