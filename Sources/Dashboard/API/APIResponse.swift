import HTTPKit
import JSON
import NotificationKit

/// JSON responses built from trees, so no handler writes JSON by hand.
enum APIResponse {
    /// `value` as compact JSON with `status`.
    static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> Response {
        Response(json: JSONWriter().bytes(value), status: status)
    }
}
