/// The expanded long look of iOS 10–14 (`ios=10-14`): an upper-case app-name header, the media,
/// then 17 pt title and body in a platter − 32 pt column (ios-rendering.md §2).
extension PreviewEngine {
    /// Header with app name and timestamp (≈44 pt, assumed).
    static let expandedHeaderHeight = 44.0
    /// Margin above the title.
    static let expandedTopMargin = 8.0
    /// Baseline-to-baseline step of title, subtitle and the first body line.
    static let expandedBaselineStep = 20.0
    /// Space below the last baseline plus the bottom inset (4 + 16).
    static let expandedBottom = 20.0

    /// Lays out the iOS 10–14 expanded surface and its actions.
    static func legacyExpandedSurface(
        _ content: ResolvedContent,
        _ profile: DeviceProfile,
        notes: inout [String]
    ) -> SurfacePreview {
        let column = profile.legacyExpandedColumn
        let titleWrapper = content.wrapper(.expandedTitle)
        let title = titleWrapper.layout(content.title, width: column, lineLimit: 1)
        let subtitle = titleWrapper.layout(content.subtitle, width: column, lineLimit: 1)
        let body = content.wrapper(.expandedBody).layout(content.body, width: column, lineLimit: nil)
        let media = content.showsMedia(on: profile) ? fullWidthPlacement(content.content.media, profile) : nil
        var top = expandedHeaderHeight + (media?.height ?? 0) + expandedTopMargin
        if title.lineCount > 0 { top += expandedBaselineStep }
        if subtitle.lineCount > 0 { top += expandedBaselineStep }
        var bodyBottoms: [Double] = []
        for index in 0..<body.lineCount {
            let step = index == 0 ? expandedBaselineStep : PreviewFont.expandedBody.lineHeight
            bodyBottoms.append((bodyBottoms.last ?? top) + step)
        }
        let height = (bodyBottoms.last ?? top) + expandedBottom
        let visible = min(height, expandedVisibleHeightCap)
        return SurfacePreview(
            surface: .expanded, title: title, subtitle: subtitle, body: body,
            timestamp: content.content.timestamp, header: content.content.appName.uppercased(),
            media: media, actions: expandedActions(content.content.category, profile, notes: &notes),
            height: height, visibleHeight: visible, scrolls: height > expandedVisibleHeightCap,
            visibleBodyLines: bodyBottoms.filter { $0 <= visible }.count)
    }
}
