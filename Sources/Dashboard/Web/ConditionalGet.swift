import HTTPKit

/// `If-None-Match` on the API's GETs that carry an ETag.
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
}
