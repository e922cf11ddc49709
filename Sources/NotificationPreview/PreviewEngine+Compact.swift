/// The compact layout: banner, Lock Screen, Notification Center, the watch's Short Look and the
/// CarPlay banner; iOS 17–18 reuses it for the expanded view.
extension PreviewEngine {
    /// Minimum platter height: padding + 38 pt icon + padding.
    static let compactMinimumHeight = 66.0
    /// Minimum platter height with a thumbnail below the timestamp.
    static let compactThumbnailMinimumHeight = 77.0
    /// Thumbnail box side; the subtitle and body lose this plus a 10 pt gap.
    public static let thumbnailSide = 32.0
    /// Gap between the title and the timestamp, and between the text and the thumbnail.
    public static let compactGap = 10.0

    /// Lays out one compact surface.
    static func compactSurface(
        _ surface: Surface,
        _ content: ResolvedContent,
        _ profile: DeviceProfile
    ) -> SurfacePreview {
        let thumbnail = content.showsMedia(on: profile) ? thumbnailPlacement(content.content.media) : nil
        let text = compactText(
            content, profile, bodyLimit: profile.bodyLineLimit(on: surface), narrowedBy: thumbnail)
        var height = text.height
        if thumbnail != nil { height = max(height, compactThumbnailMinimumHeight) }
        return SurfacePreview(
            surface: surface, title: text.title, subtitle: text.subtitle, body: text.body,
            timestamp: profile.kind == .watch ? "" : content.content.timestamp, header: nil, media: thumbnail,
            actions: [],
            height: height, visibleHeight: nil, scrolls: nil, visibleBodyLines: nil)
    }

    /// The compact text block: title beside the timestamp, subtitle and body, all in the
    /// column right of the icon, narrowed for a thumbnail; its height with the padding.
    static func compactText(
        _ content: ResolvedContent,
        _ profile: DeviceProfile,
        bodyLimit: Int?,
        narrowedBy thumbnail: MediaPlacement?
    ) -> (title: FieldLayout, subtitle: FieldLayout, body: FieldLayout, height: Double) {
        let watch = profile.kind == .watch
        let titleFont: PreviewFont = watch ? .watchTitle : .compactTitle
        let bodyFont: PreviewFont = watch ? .watchBody : .compactBody
        let column = profile.compactColumn
        let timestamp = content.content.timestamp
        let stampWidth =
            timestamp.isEmpty || watch ? 0 : content.timestampWidth + compactGap
        let textColumn = thumbnail == nil ? column : column - thumbnailSide - compactGap
        let titleWrapper = content.wrapper(titleFont)
        let title = titleWrapper.layout(content.compactTitle, width: column - stampWidth, lineLimit: 1)
        let subtitle = titleWrapper.layout(content.subtitle, width: textColumn, lineLimit: 1)
        let body =
            bodyLimit == 0
            ? FieldLayout.empty(columnWidth: textColumn, lineLimit: 0)
            : content.wrapper(bodyFont).layout(content.body, width: textColumn, lineLimit: bodyLimit)
        let textHeight =
            Double(title.lineCount + subtitle.lineCount) * titleFont.lineHeight
            + Double(body.lineCount) * bodyFont.lineHeight
        let height = max(watch ? 0 : compactMinimumHeight, 2 * profile.padding + textHeight)
        return (title, subtitle, body, height)
    }

    /// The 32 pt aspect-fit thumbnail of an image or video; audio has none.
    private static func thumbnailPlacement(_ media: PreviewMedia) -> MediaPlacement? {
        let ratio: Double?
        switch media {
        case .none, .audio: return nil
        case .image(let aspect), .video(let aspect):
            ratio = aspect.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        }
        let fitted = ratio ?? 1
        let width = fitted >= 1 ? thumbnailSide : thumbnailSide * fitted
        let height = fitted >= 1 ? thumbnailSide / fitted : thumbnailSide
        return MediaPlacement(
            kind: media.kindName ?? "image", placement: .thumbnail, width: width, height: height,
            aspectRatio: ratio, aspectRatioAssumed: false)
    }
}
