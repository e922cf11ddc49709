/// The expanded (long-look) layout: header, full-width media, title, subtitle, whole body.
extension PreviewEngine {
    /// Header with app name and timestamp (≈44 pt, assumed).
    static let expandedHeaderHeight = 44.0
    /// Margin above the title.
    static let expandedTopMargin = 8.0
    /// Baseline-to-baseline step of title, subtitle and the first body line.
    static let expandedBaselineStep = 20.0
    /// Pitch of further body lines (SF 17 pt `lineHeight`).
    static let expandedBodyLineHeight = 20.3
    /// Space below the last baseline plus the bottom inset (4 + 16).
    static let expandedBottom = 20.0
    /// Height of an audio player row (assumed).
    static let audioPlayerHeight = 60.0
    /// The product's cap on the visible expanded height; beyond it the platter scrolls.
    public static let expandedVisibleHeightCap = 400.0
    /// Aspect ratio assumed for media whose size is unknown (the vendors' 2:1 advice).
    static let assumedAspectRatio = 2.0

    /// Lays out the expanded surface and its actions.
    static func expandedSurface(
        _ content: ResolvedContent,
        _ profile: DeviceProfile,
        notes: inout [String]
    ) -> SurfacePreview {
        let column = profile.expandedColumn
        let titleWrapper = LineWrapper(font: .expandedTitle)
        let title = titleWrapper.layout(content.title, width: column, lineLimit: 1)
        let subtitle = titleWrapper.layout(content.subtitle, width: column, lineLimit: 1)
        let body = LineWrapper(font: .expandedBody).layout(
            content.body, width: column, lineLimit: profile.bodyLineLimit(on: .expanded))
        let media = content.showsMedia(on: profile) ? fullWidthPlacement(content.content.media, profile) : nil
        var top = expandedHeaderHeight + (media?.height ?? 0) + expandedTopMargin
        if !title.lines.isEmpty { top += expandedBaselineStep }
        if !subtitle.lines.isEmpty { top += expandedBaselineStep }
        var bodyBottoms: [Double] = []
        for index in body.lines.indices {
            let step = index == 0 ? expandedBaselineStep : expandedBodyLineHeight
            bodyBottoms.append((bodyBottoms.last ?? top) + step)
        }
        let height = (bodyBottoms.last ?? top) + expandedBottom
        let visible = min(height, expandedVisibleHeightCap)
        let visibleLines = bodyBottoms.filter { $0 <= visible }.count
        let actions = expandedActions(content.content.category, profile, notes: &notes)
        return SurfacePreview(
            surface: .expanded, title: title, subtitle: subtitle, body: body,
            timestamp: content.content.timestamp, header: content.content.appName.uppercased(),
            media: media, actions: actions, height: height, visibleHeight: visible,
            scrolls: height > expandedVisibleHeightCap, visibleBodyLines: visibleLines)
    }

    /// The attachment drawn across the platter, or the audio player row.
    private static func fullWidthPlacement(_ media: PreviewMedia, _ profile: DeviceProfile) -> MediaPlacement?
    {
        let width = min(profile.platterWidth, 556)
        switch media {
        case .none:
            return nil
        case .audio:
            return MediaPlacement(
                kind: "audio", placement: .player, width: width, height: audioPlayerHeight,
                aspectRatio: nil, aspectRatioAssumed: false)
        case .image(let aspect), .video(let aspect):
            let known = aspect.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            let ratio = known ?? assumedAspectRatio
            return MediaPlacement(
                kind: media.kindName ?? "image", placement: .fullWidth, width: width,
                height: width / ratio, aspectRatio: ratio, aspectRatioAssumed: known == nil)
        }
    }
}
