import JSON

/// Everything one read of a payload yields: its exact bytes and headers, the tree with spans,
/// the bound model, the report, and the registered category it names.
///
/// This is the one analysis (DESIGN rule 6): the API, the composer and the command line all
/// call `PayloadAnalysis(payload:headers:registry:strict:)`, so the bytes are read once, and the
/// report, the model and the preview all come from that one tree.
public struct PayloadAnalysis: Sendable {
    /// The exact payload bytes that were checked (their count is the payload size).
    public let bytes: [UInt8]
    /// The APNs request headers by lowercase name (`apns-push-type`, …).
    public let headers: [String: String]
    /// The tree the strict reader built, nil when the text is not structurally JSON.
    public let root: JSONNode?
    /// The validator's report on `bytes` and `headers` (CONTRACT §4).
    public let report: ValidationReport
    /// The payload bound from `root`, nil when the root is missing or not an object.
    public let payload: NotificationPayload?
    /// The registry the payload was checked against, nil when none was given.
    public let registry: CategoryLookup?

    /// Reads, validates and binds `bytes` once, checking its category against `registry`.
    public init(
        payload bytes: [UInt8], headers: [String: String] = [:], registry: CategoryLookup?,
        strict: Bool = false
    ) {
        let validator = Validator(registry: registry, strict: strict)
        let (root, report) = validator.readAndCheck(bytes, headers: headers)
        self.bytes = bytes
        self.headers = headers
        self.root = root
        self.report = report
        self.payload = root.flatMap { NotificationPayload.bind($0).payload }
        self.registry = registry
    }

    /// The registered category the payload's `aps.category` names exactly, or nil.
    public var category: NotificationCategory? {
        guard let identifier = payload?.aps?.category else { return nil }
        return registry?.category(identifiedBy: identifier)
    }

    /// The payload, or an empty one when it could not be bound (the preview still draws the
    /// app's frame, and the report says why).
    public var payloadOrEmpty: NotificationPayload {
        payload ?? NotificationPayload()
    }
}
