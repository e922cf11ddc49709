import HTTPKit
import JSON
import NotificationKit

/// JSON responses built from trees, so no handler writes JSON by hand.
enum APIResponse {
    /// `value` as compact JSON with `status`.
    static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> Response {
        Response(json: JSONWriter().bytes(value), status: status)
    }

    /// A validation report (CONTRACT §4), written once straight into the body: 200 when valid,
    /// 422 when not.
    static func report(_ report: ValidationReport) -> Response {
        Response(json: report.compactJSON, status: report.valid ? .ok : .unprocessableContent)
    }
}
