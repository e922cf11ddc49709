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
    /// `?target=device|broadcast`; nil means a broadcast exactly when `apns-channel-id` is sent.
    let target: APNsRequestTarget?
    /// `?activity=NAME`: the `ActivityAttributes` type an update or end is for.
    let activityType: String?

    init(_ request: Request) throws(HTTPError) {
        try JSONRequestBody.requireJSONMediaType(request)
        self.bytes = request.body
        self.headers = Self.apnsHeaders(of: request)
        self.strict = try QueryOptions.flag("strict", in: request) ?? false
        self.target = try QueryOptions.choice(
            "target", in: request, allowed: APNsRequestTarget.allCases.map(\.rawValue), fallback: nil
        ).flatMap(APNsRequestTarget.init(rawValue:))
        self.activityType = request.queryItems["activity"]
    }

    /// The APNs headers among the request's, by lowercase name; the first of a repeated name.
    ///
    /// One pass over the request's few fields, looking closer only at those that start with an
    /// "a": a lookup per APNs name compared all seven names with every field.
    private static func apnsHeaders(of request: Request) -> [String: String] {
        var headers: [String: String] = [:]
        for field in request.headers where field.name.utf8.first.map({ $0 | 0x20 }) == UInt8(ascii: "a") {
            if let name = APNsHeaders.names.first(where: field.isNamed), headers[name] == nil {
                headers[name] = field.value
            }
        }
        return headers
    }

    /// The one analysis of the payload against the registry's categories and the app's Live
    /// Activity types.
    func analysis(
        against registry: CategoryLookup, activities: ActivityTypeSet? = nil,
        localizedKeys: (any LocalizedKeyChecking)? = nil
    ) -> PayloadAnalysis {
        var validator = Validator(registry: registry, strict: strict)
        validator.localizedKeys = localizedKeys
        // An API request stands for one send, so a missing apns-push-type is said (issue 14).
        validator.reportsMissingPushType = true
        validator.target = target
        validator.activityTypes = activities
        validator.activityType = activityType
        return PayloadAnalysis(payload: bytes, headers: headers, validator: validator)
    }
}
