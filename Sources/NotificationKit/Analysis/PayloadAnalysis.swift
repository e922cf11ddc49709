import JSON

/// Everything one read of a payload yields: its exact bytes and headers, the document with
/// spans, the report, and, from that same read, the tree, the bound model and the registered
/// category it names.
///
/// This is the one analysis (DESIGN rule 6): the API, the composer and the command line all
/// call `PayloadAnalysis(payload:headers:registry:strict:)`, so the bytes are read once, and the
/// report, the model and the preview all come from that one tree.
public struct PayloadAnalysis: Sendable {
    /// The exact payload bytes that were checked (their count is the payload size).
    public let bytes: [UInt8]
    /// The APNs request headers by lowercase name (`apns-push-type`, …).
    public let headers: [String: String]
    /// The flat document the strict reader built: validation decodes only what it checks, so a
    /// caller that needs only the report pays for no tree.
    public let document: JSONDocument
    /// The validator's report on `bytes` and `headers` (CONTRACT §4).
    public let report: ValidationReport
    /// The registry the payload was checked against, nil when none was given.
    public let registry: CategoryLookup?

    /// Reads, validates and binds `bytes` once, checking its category against `registry`.
    public init(
        payload bytes: [UInt8], headers: [String: String] = [:], registry: CategoryLookup?,
        strict: Bool = false
    ) {
        self.init(payload: bytes, headers: headers, validator: Validator(registry: registry, strict: strict))
    }

    /// Reads, validates and binds `bytes` once with a configured `validator` (a request target,
    /// the app's Live Activity types, whether a missing push type is said).
    public init(payload bytes: [UInt8], headers: [String: String] = [:], validator: Validator) {
        let (document, report) = validator.readAndCheck(bytes, headers: headers)
        self.bytes = bytes
        self.headers = headers
        self.document = document
        self.report = report
        self.registry = validator.categories
    }

    /// The tree of the one read, built from the document each time it is asked for; nil when
    /// the text is not structurally JSON.
    public var root: JSONNode? {
        document.tree
    }

    /// The payload bound from `root`, nil when the root is missing or not an object. Bound from
    /// the one read when asked for (the preview and the composer ask; validation does not).
    public var payload: NotificationPayload? {
        root.flatMap { NotificationPayload.bind($0).payload }
    }

    /// The registered category the payload's `aps.category` names exactly, or nil.
    public var category: NotificationCategory? {
        categoryIdentifier.flatMap { registry?.category(identifiedBy: $0) }
    }

    /// The payload, or an empty one when it could not be bound (the preview still draws the
    /// app's frame, and the report says why).
    public var payloadOrEmpty: NotificationPayload {
        payload ?? NotificationPayload()
    }
}
