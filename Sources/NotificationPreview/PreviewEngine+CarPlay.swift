/// The CarPlay banner as iOS 26.1 draws it (`NCCarPlayBannerContentView`,
/// `NCNotificationRequestCarPlayContentProvider`; ios-rendering.md §9): 60 pt tall, a 40 pt icon,
/// a primary line and a second line, and no body, ever.
extension PreviewEngine {
    /// The banner's height (`sizeThatFits`), whatever the text.
    public static let carPlayBannerHeight = 60.0
    /// Its corner radius (continuous).
    public static let carPlayCornerRadius = 20.0
    /// The icon's side.
    public static let carPlayIconSide = 40.0
    /// The icon's inset from the leading edge.
    public static let carPlayIconLeading = 10.0
    /// Where the text starts.
    public static let carPlayTextLeading = 58.0
    /// The OK button's or chevron's inset from the trailing edge.
    public static let carPlayControlTrailing = 12.0
    /// The gap between the text and the OK button or chevron.
    public static let carPlayControlGap = 12.0
    /// The OK button's or chevron's width: assumed (the code places it, the size comes from
    /// its image or title), the width of a short "OK" button.
    public static let carPlayControlWidth = 24.0
    /// The gap between the primary text and the date after it.
    public static let carPlayDateGap = 8.0

    /// The banner: the primary line is the title (the app name without one) on up to 2 lines,
    /// 1 when a subtitle is shown; the second line is the subtitle, or the app name under a
    /// title; the body is never shown.
    static func carPlaySurface(_ content: ResolvedContent, _ profile: DeviceProfile, notes: inout [String])
        -> SurfacePreview
    {
        let column = profile.compactColumn
        let subtitle = content.subtitle.flatMap { $0.displayText.isEmpty ? nil : $0 }
        let hasTitle = content.title.map { !$0.displayText.isEmpty } ?? false
        let second: PreviewText? = subtitle ?? (hasTitle ? .plain(content.content.appName) : nil)
        let timestamp = content.content.timestamp
        let stampWidth = timestamp.isEmpty ? 0 : content.timestampWidth + carPlayDateGap
        let primary = content.wrapper(.compactTitle).layout(
            content.compactTitle, width: column - stampWidth, lineLimit: subtitle == nil ? 2 : 1)
        let secondary = content.wrapper(.carPlaySecondary).layout(second, width: column, lineLimit: 1)
        if let body = content.body, !body.displayText.isEmpty {
            notes.append(
                hasTitle || subtitle != nil
                    ? "CarPlay never shows the body: the banner has the title and its second line only."
                    : "CarPlay never shows the body, and this notification has no title: CarPlay shows only the app name."
            )
        }
        return SurfacePreview(
            surface: .carPlayBanner, title: primary, subtitle: secondary,
            body: FieldLayout.empty(columnWidth: column, lineLimit: 0), timestamp: timestamp, header: nil,
            media: nil,
            actions: expandedActions(content.content.category, profile, notes: &notes),
            height: carPlayBannerHeight,
            visibleHeight: nil, scrolls: nil, visibleBodyLines: nil)
    }
}
