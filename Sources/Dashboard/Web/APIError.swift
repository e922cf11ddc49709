import HTTPKit
import JSON
import NotificationKit

/// The JSON form of every API error: `{"error": {"code": "…", "message": "…"}}` (CONTRACT §3),
/// with the diagnostics that explain it where the answer has them (a refused category config).
enum APIError {
    /// The response for `error`, keeping the error's own headers (`Allow` on a 405).
    static func response(_ error: HTTPError, diagnostics: [Diagnostic]? = nil) -> Response {
        var inner = JSONObjectBuilder()
        inner.set("code", error.code.identifier)
        inner.set("message", error.message)
        var outer = JSONObjectBuilder()
        outer.set("error", inner.value)
        if let diagnostics {
            outer.set("diagnostics", .array(diagnostics.map { JSONNode($0.jsonValue) }))
        }
        var response = Response(json: JSONWriter().bytes(outer.value), status: error.status)
        for field in error.headers {
            response.headers.replaceOrAdd(name: field.name, value: field.value)
        }
        return response
    }

    /// 422 for a request body whose fields are wrong, naming the field.
    static func invalidField(_ message: String) -> HTTPError {
        HTTPError(.invalidField, message: message)
    }
}
