import HTTPKit
import NotificationKit

/// A payload posted to validate, preview or export: the exact body bytes, the APNs headers sent
/// as HTTP request headers, and the `strict` switch.
///
/// The body is not parsed here: malformed JSON is the validator's to report (a 422 report with
/// line and column), not a 400, so pipelines get one answer shape for every fault.
struct PayloadSubmission {
    let bytes: [UInt8]
    let headers: [String: String]
    let strict: Bool

    init(_ request: Request) throws(HTTPError) {
        try JSONRequestBody.requireJSONMediaType(request)
        var headers: [String: String] = [:]
        for name in APNsHeaders.names {
            if let value = request.headers[name] { headers[name] = value }
        }
        self.bytes = request.body
        self.headers = headers
        self.strict = try QueryOptions.flag("strict", in: request) ?? false
    }

    /// The one analysis of the payload against the registry's categories.
    func analysis(against registry: CategoryLookup) -> PayloadAnalysis {
        PayloadAnalysis(payload: bytes, headers: headers, registry: registry, strict: strict)
    }
}
