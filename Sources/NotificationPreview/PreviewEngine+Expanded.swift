/// The expanded (long-press) view as iOS 17–18 draws it (ios-rendering.md §8): the compact
/// layout with the whole body above the media; without media, the compact platter scaled to
/// about 0.9. The visible part is capped and the rest scrolls.
extension PreviewEngine {
    /// The product's cap on the visible expanded height; beyond it the platter scrolls.
    public static let expandedVisibleHeightCap = 400.0
    /// Aspect ratio assumed for media whose size is unknown (the vendors' 2:1 advice).
    static let assumedAspectRatio = 2.0
    /// Height of an audio player row (assumed).
    static let audioPlayerHeight = 60.0
    /// Scale of the long-press view of a notification without media (0.89–0.90 measured).
    public static let expandedScaleWithoutMedia = 0.9

    /// Lays out the iOS 17–18 expanded surface and its actions.
    static func expandedSurface(
        _ content: ResolvedContent,
        _ profile: DeviceProfile,
        notes: inout [String]
    ) -> SurfacePreview {
        let media = content.showsMedia(on: profile) ? fullWidthPlacement(content.content.media, profile) : nil
        let text = compactText(content, profile, bodyLimit: nil, narrowedBy: nil)
        let top =
            profile.padding + Double(text.title.lineCount + text.subtitle.lineCount)
            * PreviewFont.compactTitle.lineHeight
        let height = text.height + (media?.height ?? 0)
        let scale = media == nil ? expandedScaleWithoutMedia : 1
        let visible = min(height, expandedVisibleHeightCap / scale)
        // Counted, not filtered out of an array of the lines' bottoms: nothing to allocate.
        var visibleLines = 0
        for index in 0..<text.body.lineCount
        where top + Double(index + 1) * PreviewFont.compactBody.lineHeight <= visible {
            visibleLines += 1
        }
        return SurfacePreview(
            surface: .expanded, title: text.title, subtitle: text.subtitle, body: text.body,
            timestamp: content.content.timestamp, header: nil, media: media,
            actions: expandedActions(content.content.category, profile, notes: &notes), height: height,
            visibleHeight: visible, scrolls: height > visible,
            visibleBodyLines: visibleLines,
            scale: media == nil ? scale : nil)
    }

    /// The attachment drawn across the platter, or the audio player row.
    static func fullWidthPlacement(_ media: PreviewMedia, _ profile: DeviceProfile) -> MediaPlacement? {
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
