import Foundation
import HTTPKit

/// The colour emoji font the previews fall back to, so a browser on a desktop without an emoji
/// font draws emoji instead of empty boxes ("tofu"). It is Debian's Noto Color Emoji
/// (fonts-noto-color-emoji, SIL OFL 1.1, installed by `scripts/install-deps.sh run`), read
/// from the system's font folder on each request (the kernel keeps it cached; browsers keep it
/// a day) rather than embedded: 10 MB that a browser fetches only when a page shows an emoji
/// (`unicode-range` in `Public/preview.css`). Nothing is downloaded from anywhere else.
struct EmojiFont: Sendable {
    /// The folder it is served under, like every static file (no login needed).
    static let prefix = "/static/emoji/"
    /// Where the preview stylesheet asks for the font.
    static let path = prefix + "NotoColorEmoji.ttf"
    /// Where Debian installs it.
    static let defaultFile = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// The font file served; a missing file answers 404, and the page then falls back to the
    /// browser's own fonts.
    let file: String

    /// Mounts `GET /static/emoji/NotoColorEmoji.ttf` beside the other static files.
    func register(in routes: inout DashboardRoutes) {
        let file = self.file
        routes.mount(Self.prefix) { request in
            guard request.path == Self.path, let bytes = FileManager.default.contents(atPath: file) else {
                throw HTTPError(.notFound, message: "No emoji font is installed on this server.")
            }
            return Response(
                status: .ok,
                headers: ["Content-Type": "font/ttf", "Cache-Control": "public, max-age=86400"],
                body: Array(bytes))
        }
    }
}
