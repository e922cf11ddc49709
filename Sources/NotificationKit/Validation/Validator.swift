import JSON

/// Checks a payload and its APNs request headers against everything apns-rules.md says they
/// can break, and reports each finding with a stable code (CONTRACT §4).
///
/// The validator walks the reader's tree, never a decoded model, so every finding keeps the
/// path and the line and column of the text that caused it, and sizes are the exact bytes.
public struct Validator: Sendable {
    /// The registered categories, indexed, or nil when no registry was given (then a payload's
    /// `category` is reported as `category.unchecked`).
    public var categories: CategoryLookup?
    /// When true, warnings become errors, for pipelines that accept nothing doubtful.
    public var strict: Bool
    /// When true, a request without `apns-push-type` gets `header.push-type.missing` (the API and
    /// envelope lines); when false it is checked as `alert` without a word (the command line's
    /// documented default). Either way the report names the push type it assumed.
    public var reportsMissingPushType = false
    /// Where the request goes, when the caller says (API `?target=broadcast`, `--broadcast`);
    /// nil means a broadcast exactly when `apns-channel-id` is given.
    public var target: APNsRequestTarget?
    /// The app's Live Activity types (the registry), or nil when none were given (then
    /// `content-state` is reported as `liveactivity.types.unchecked`).
    public var activityTypes: ActivityTypeSet?
    /// The `ActivityAttributes` type an update or end is for, when the caller says; updates do
    /// not name their type, so without it the registry's only type is used.
    public var activityType: String?
    /// The app's String Catalog as a checker of localized keys, or nil when none is loaded (then
    /// `*-loc-key` values are not looked up).
    public var localizedKeys: (any LocalizedKeyChecking)?

    /// A validator checking categories against an indexed registry, when one is given: the
    /// form every request path uses, because the index is built once per registry revision.
    public init(registry: CategoryLookup?, strict: Bool = false) {
        self.categories = registry
        self.strict = strict
    }

    /// A validator checking categories against `categoryIdentifiers` when given.
    public init(categoryIdentifiers: [String]? = nil, strict: Bool = false) {
        self.init(registry: categoryIdentifiers.map { CategoryLookup(identifiers: $0) }, strict: strict)
    }

    /// A validator checking categories against a category config, when one is given.
    public init(categories: CategoryConfig?, strict: Bool = false) {
        self.init(registry: categories.map { CategoryLookup($0) }, strict: strict)
    }

    /// Validates the exact payload bytes that would be sent with these request headers.
    public func validate(payload bytes: some Collection<UInt8>, headers: APNsHeaders) -> ValidationReport {
        validate(payload: bytes, headers: headers.dictionary, lineOffset: 0)
    }

    /// Validates the exact payload bytes that would be sent, with the request headers given by
    /// lowercase name (`apns-push-type`, `apns-priority`, `apns-topic`, `apns-collapse-id`,
    /// `apns-expiration`, `apns-id`); a missing push type means `alert`.
    public func validate(payload bytes: some Collection<UInt8>, headers: [String: String] = [:])
        -> ValidationReport
    {
        validate(payload: bytes, headers: headers, lineOffset: 0)
    }

    /// As `validate(payload:headers:)`, for a payload given as text (its UTF-8 bytes are checked).
    public func validate(payload text: String, headers: [String: String] = [:]) -> ValidationReport {
        validate(payload: Array(text.utf8), headers: headers, lineOffset: 0)
    }

    /// As `validate(payload:headers:)`, for line `lineOffset + 1` of a JSON Lines file.
    func validate(payload bytes: some Collection<UInt8>, headers: [String: String], lineOffset: Int)
        -> ValidationReport
    {
        readAndCheck(bytes, headers: headers, lineOffset: lineOffset).report
    }

    /// Reads the payload once and checks it, handing back the document with the report so that
    /// `PayloadAnalysis` binds the model from the same read.
    ///
    /// The document is flat and decodes nothing up front; the checks decode only the members
    /// they look at (`aps` and the media URL), never the custom data.
    func readAndCheck(_ bytes: some Collection<UInt8>, headers: [String: String], lineOffset: Int = 0)
        -> (document: JSONDocument, report: ValidationReport)
    {
        let document = JSONReader.apns.readDocument(bytes)
        return (
            document,
            check(payload: document, headerCheck: HeaderCheck(self, headers: headers), lineOffset: lineOffset)
        )
    }

    /// As `validate(payload:headers:lineOffset:)` for one line of a JSON Lines file, reading in
    /// `buffers` that the caller keeps from line to line, with headers checked once for the run.
    func validate(
        payload line: UnsafeBufferPointer<UInt8>, headerCheck: HeaderCheck, lineOffset: Int,
        reusing buffers: inout JSONReadBuffers
    ) -> ValidationReport {
        check(
            payload: JSONReader.apns.readDocument(line, reusing: &buffers), headerCheck: headerCheck,
            lineOffset: lineOffset)
    }

    /// The report on a document that is a whole payload: the reader's findings, then the checks.
    private func check(payload document: JSONDocument, headerCheck: HeaderCheck, lineOffset: Int)
        -> ValidationReport
    {
        var sink = DiagnosticSink(strict: strict, lineOffset: lineOffset)
        for diagnostic in document.diagnostics {
            sink.append(diagnostic)
        }
        let whole = JSONSpan(start: 0, end: document.bytes.count, line: 1, column: 1)
        return check(
            document: document, root: document.root, span: whole, headerCheck: headerCheck, sink: &sink)
    }

    /// Runs every check on the payload value `root` of an already read document, whose text
    /// sits at `span` (its length is the payload size), and builds the report.
    func check(
        document: JSONDocument, root: JSONDocument.Element?, span: JSONSpan, headers: [String: String],
        sink: inout DiagnosticSink
    ) -> ValidationReport {
        check(
            document: document, root: root, span: span, headerCheck: HeaderCheck(self, headers: headers),
            sink: &sink)
    }

    /// As `check(document:root:span:headers:sink:)`, with the headers already checked (once for
    /// a whole JSON Lines run): the report is the same.
    func check(
        document: JSONDocument, root: JSONDocument.Element?, span: JSONSpan, headerCheck: HeaderCheck,
        sink: inout DiagnosticSink
    ) -> ValidationReport {
        let size = span.end - span.start
        let headers = headerCheck.headers
        let pushType = headerCheck.pushType
        let rule = headerCheck.rule
        let limit = headerCheck.sizeLimit
        if size > limit {
            sink.emit(
                .payloadTooLarge, JSONPath.root, at: span,
                "The payload is \(size) bytes; APNs accepts at most \(limit) for \(pushType) "
                    + (headerCheck.isBroadcast ? "broadcasts." : "pushes."))
        }
        var facts = PayloadFacts()
        if let root {
            checkPayload(root, of: document, rule: rule, facts: &facts, sink: &sink)
        }
        for finding in headerCheck.headerFindings {
            sink.append(finding)
        }
        if let rule, root != nil {
            checkPushType(rule, facts: facts, headers: headers, sink: &sink)
        }
        if headerCheck.isBroadcast {
            checkBroadcast(headers, facts: facts, sink: &sink)
        }
        if rule?.name == "liveactivity", facts.apsIsObject {
            checkActivity(facts: facts, headers: headers, sink: &sink)
        }
        for finding in headerCheck.pushTypeHeaderFindings {
            sink.append(finding)
        }
        return ValidationReport(
            pushType: pushType, size: ValidationReport.Size(bytes: size, limit: limit),
            diagnostics: sink.diagnostics, assumedPushType: headerCheck.assumedPushType)
    }
}
