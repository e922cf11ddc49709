import Foundation
import HTTPKit

/// The small HTTP courtesies of the API: `If-None-Match` on GETs that carry an ETag, and
/// `Location` paths for what a 201 created.
enum ConditionalGet {
    /// 304 with the ETag when `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2);
    /// nil when the header is absent or names another tag. A malformed header is a 400.
    static func notModified(_ request: Request, etag: String) throws -> Response? {
        guard let header = request.headers["If-None-Match"] else { return nil }
        guard try EntityTagList(header, header: "If-None-Match").weakMatch(etag) else { return nil }
        var response = Response(status: .notModified)
        response.headers.replaceOrAdd(name: "ETag", value: etag)
        return response
    }

    /// `text` percent-encoded as one path segment (`/` and `%` included), for a `Location`.
    static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/%;?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
