/// A media format, as sniffed from a file's first bytes or named by a `Content-Type`.
///
/// The attachable cases are the formats `UNNotificationAttachment` accepts (Apple's
/// "Supported file types and maximum sizes", plus HEIC, which iOS decodes like any photo);
/// WebP, SVG and HTML are recognised so the report can say what the file really is.
public enum MediaType: String, Sendable, Hashable, CaseIterable {
    /// Still and animated images: JPEG, PNG, GIF, HEIC/HEIF, and WebP (recognised, not attached).
    case jpeg, png, gif, heic, webp
    /// Audio: MP3, MPEG-4 audio (M4A/AAC), WAV, AIFF.
    case mp3, m4a, wav, aiff
    /// Video: MPEG-4, QuickTime, MPEG-1/2 program streams, AVI.
    case mp4, mov, mpeg, avi
    /// Markup that must never be drawn as an image.
    case svg, html

    /// The family that decides the size limit and how the preview draws it.
    public enum Kind: String, Sendable {
        /// Drawn as a thumbnail and across the expanded platter.
        case image
        /// A player row in the expanded view, no thumbnail.
        case audio
        /// A thumbnail and a player in the expanded view.
        case video
    }

    /// The family, or nil for documents (SVG, HTML) that are never media.
    public var kind: Kind? {
        switch self {
        case .jpeg, .png, .gif, .heic, .webp: .image
        case .mp3, .m4a, .wav, .aiff: .audio
        case .mp4, .mov, .mpeg, .avi: .video
        case .svg, .html: nil
        }
    }

    /// Whether iOS attaches a file of this type to a notification.
    public var isAttachable: Bool {
        kind != nil && self != .webp
    }

    /// Whether a browser draws it as a plain raster image, so the dashboard may serve a copy to
    /// its own preview (never SVG or HTML, which can carry script; HEIC does not draw in most
    /// browsers).
    public var isServableRaster: Bool {
        self == .jpeg || self == .png || self == .gif
    }

    /// The canonical MIME type, used as the fixed `Content-Type` when the copy is served.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .heic: "image/heic"
        case .webp: "image/webp"
        case .mp3: "audio/mpeg"
        case .m4a: "audio/mp4"
        case .wav: "audio/wav"
        case .aiff: "audio/aiff"
        case .mp4: "video/mp4"
        case .mov: "video/quicktime"
        case .mpeg: "video/mpeg"
        case .avi: "video/x-msvideo"
        case .svg: "image/svg+xml"
        case .html: "text/html"
        }
    }

    /// The short name people know the format by ("JPEG", "M4A").
    public var displayName: String {
        switch self {
        case .heic: "HEIC"
        case .aiff: "AIFF"
        default: rawValue.uppercased()
        }
    }

    /// The types a `Content-Type` value (parameters and case ignored) may stand for; nil for a
    /// media type this table does not know.
    public static func declared(by contentType: String) -> Set<MediaType>? {
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingSpaces().lowercased()
        }
        return essence.flatMap { declaredTypes[$0] }
    }

    private static let declaredTypes: [String: Set<MediaType>] = [
        "image/jpeg": [.jpeg], "image/jpg": [.jpeg], "image/pjpeg": [.jpeg], "image/png": [.png],
        "image/gif": [.gif], "image/heic": [.heic], "image/heif": [.heic], "image/heic-sequence": [.heic],
        "image/webp": [.webp], "audio/mpeg": [.mp3], "audio/mp3": [.mp3], "audio/mp4": [.m4a, .mp4],
        "audio/x-m4a": [.m4a], "audio/m4a": [.m4a], "audio/aac": [.m4a], "audio/wav": [.wav],
        "audio/x-wav": [.wav], "audio/wave": [.wav], "audio/vnd.wave": [.wav], "audio/aiff": [.aiff],
        "audio/x-aiff": [.aiff], "video/mp4": [.mp4, .m4a], "video/x-m4v": [.mp4], "video/quicktime": [.mov],
        "video/mpeg": [.mpeg], "video/x-msvideo": [.avi], "video/avi": [.avi], "image/svg+xml": [.svg],
        "text/html": [.html], "application/xhtml+xml": [.html],
    ]
}

extension Substring {
    /// Without leading and trailing spaces and tabs (header values).
    func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
