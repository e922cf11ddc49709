import Concurrency
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
    /// The font once read, with its ETag: read on its first request (so a server whose pages
    /// never show an emoji never holds its 10 MB) and kept, instead of 10 MB read from disk and
    /// copied for every request.
    private let loaded = Locked<Loaded?>(nil)

    private struct Loaded: Sendable {
        let bytes: [UInt8]
        let etag: String
    }

    /// Serves `file`.
    init(file: String) {
        self.file = file
    }

    /// Mounts `GET /static/emoji/NotoColorEmoji.ttf` beside the other static files. A browser
    /// that has the font asks again with `If-None-Match` and gets a 304.
    func register(in routes: inout DashboardRoutes) {
        let font = self
        routes.mount(Self.prefix) { request in
            guard request.path == Self.path, let loaded = font.load() else {
                throw HTTPError(.notFound, message: "No emoji font is installed on this server.")
            }
            if let notModified = try ConditionalGet.notModified(request, etag: loaded.etag) {
                return notModified
            }
            return Response(
                status: .ok,
                headers: [
                    "Content-Type": "font/ttf", "Cache-Control": "public, max-age=86400", "ETag": loaded.etag,
                ],
                body: loaded.bytes)
        }
    }

    /// The font and its ETag (its size and modification time: hashing 10 MB would cost more
    /// than the check saves), or nil when the file cannot be read; a missing file is looked for
    /// again on the next request, so installing the package later needs no restart.
    private func load() -> Loaded? {
        loaded.withLock { loaded in
            if let loaded { return loaded }
            guard let data = FileManager.default.contents(atPath: file) else { return nil }
            let modified =
                (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
                .map { Int($0.timeIntervalSince1970) } ?? 0
            let read = Loaded(bytes: Array(data), etag: "\"emoji-\(data.count)-\(modified)\"")
            loaded = read
            return read
        }
    }
}
