import HTTPKit
import MediaCheck

/// `GET /media/{sha256}`: the copy of a checked image, served from the dashboard's own origin so
/// the page's CSP stays `img-src 'self'`. Only what the image cache holds (JPEG, PNG or GIF,
/// sniffed, never SVG or HTML) with a fixed `Content-Type`, `nosniff`, and
/// `Content-Security-Policy: sandbox` in case someone opens it as a document.
struct MediaCopies: Sendable {
    let images: ImageCache

    /// The route prefix; `path(for:)` is the one place that writes these addresses.
    static let prefix = "/media/"

    /// Where the copy with `digest` is served.
    static func path(for digest: String) -> String { prefix + digest }

    /// The policy on the copies: no script, no plugins, no subresources, a unique origin.
    static let contentSecurityPolicy = "sandbox; default-src 'none'"

    /// Adds the route.
    func register(in router: inout DashboardRoutes) {
        router.get(Self.prefix + "{digest}", .viewer) { _, parameters in
            let digest = try parameters.require("digest")
            guard digest.utf8.count == 64,
                digest.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
                let entry = images.entry(digest)
            else {
                throw HTTPError(
                    .notFound, message: "No checked image is kept under that name (it may have expired).")
            }
            return Response(
                status: .ok,
                headers: [
                    "Content-Type": entry.type.mimeType, "Cache-Control": "private, max-age=3600, immutable",
                    "Content-Security-Policy": Self.contentSecurityPolicy,
                    "Content-Disposition": "inline; filename=\"image\"",
                ],
                body: entry.bytes)
        }
    }
}
