/// The compact (short-look) layout: banner, Lock Screen and Notification Center.
extension PreviewEngine {
    /// Line height of a 15 pt title or subtitle line (SF Pro `lineHeight` 1.1934 em).
    static let compactTitleLineHeight = 17.9
    /// Line height of a 15 pt tight-leading body line (ios-rendering.md §7 step 7; calibrate).
    static let compactBodyLineHeight = 17.5
    /// Vertical padding above and below the text.
    static let compactPadding = 14.0
    /// Minimum platter height: padding + 38 pt icon + padding.
    static let compactMinimumHeight = 66.0
    /// Minimum platter height with a thumbnail below the timestamp.
    static let compactThumbnailMinimumHeight = 77.0
    /// Thumbnail box side; the subtitle and body lose this plus a 10 pt gap.
    static let thumbnailSide = 32.0

    /// Lays out one compact surface.
    static func compactSurface(
        _ surface: Surface,
        _ content: ResolvedContent,
        _ profile: DeviceProfile
    ) -> SurfacePreview {
        let column = profile.compactColumn
        let timestamp = content.content.timestamp
        let stampWidth = timestamp.isEmpty ? 0 : PreviewFont.timestamp.width(of: timestamp) + 10
        let thumbnail = content.showsMedia(on: profile) ? thumbnailPlacement(content.content.media) : nil
        let textColumn = thumbnail == nil ? column : column - thumbnailSide - 10
        let titleWrapper = LineWrapper(font: .compactTitle)
        let title = titleWrapper.layout(content.compactTitle, width: column - stampWidth, lineLimit: 1)
        let subtitle = titleWrapper.layout(content.subtitle, width: textColumn, lineLimit: 1)
        let body = LineWrapper(font: .compactBody).layout(
            content.body, width: textColumn, lineLimit: profile.bodyLineLimit(on: surface))
        let textHeight =
            Double(title.lines.count + subtitle.lines.count) * compactTitleLineHeight
            + Double(body.lines.count) * compactBodyLineHeight
        var height = max(compactMinimumHeight, 2 * compactPadding + textHeight)
        if thumbnail != nil { height = max(height, compactThumbnailMinimumHeight) }
        return SurfacePreview(
            surface: surface, title: title, subtitle: subtitle, body: body, timestamp: timestamp,
            header: nil, media: thumbnail, actions: [], height: height, visibleHeight: nil,
            scrolls: nil, visibleBodyLines: nil)
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
