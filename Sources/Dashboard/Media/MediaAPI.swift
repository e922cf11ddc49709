import HTTPKit
import MediaCheck
import NotificationKit

/// `POST /api/v1/media-check` with `{"url": "…"}`: 200 with the report when iOS will attach
/// the media, 422 with the report when it will not (as `/validate` answers), 503 with
/// `Retry-After` when every check slot is busy.
struct MediaAPI: Sendable {
    let checker: MediaChecker

    /// Adds the route.
    func register(in router: inout DashboardRoutes) {
        router.post("/api/v1/media-check", .viewer) { request, _ in
            let body = try JSONRequestBody(request)
            guard let members = body.root.value.objectMembers else {
                throw APIError.invalidField("The body must be a JSON object: {\"url\": \"https://…\"}.")
            }
            guard let url = members.first(where: { $0.key == "url" })?.value.value.stringValue else {
                throw APIError.invalidField("\"url\" is required and must be a string.")
            }
            if let other = members.first(where: { $0.key != "url" }) {
                throw APIError.invalidField(
                    "\"\(other.key.prefix(60))\" is not a field of a media check; send only \"url\".")
            }
            let report = try Self.check(url, with: checker)
            return APIResponse.json(
                report.jsonValue(imagePath: report.imageDigest.map(MediaCopies.path(for:))),
                status: report.passed ? .ok : .unprocessableContent)
        }
    }

    /// The report on `url`, or 503 when the checker is at its limit of checks at once.
    static func check(_ url: String, with checker: MediaChecker) throws(HTTPError) -> MediaReport {
        do {
            return try checker.check(url)
        } catch {
            throw HTTPError(
                .mediaCheckBusy, message: "Too many media checks are running; try again in a moment.",
                headers: ["Retry-After": "2"])
        }
    }
}
