import JSON

/// Everything a check works out from the request headers alone: the push type and its rule,
/// the target, the size limit, and the findings on the headers themselves.
///
/// None of it depends on the payload, so `validate --jsonl` works it out once for the whole run
/// instead of once per line (turning the header map into `APNsHeaders`, finding the rule and
/// checking seven absent headers cost about 1 800 instructions a line, a twentieth of the run).
/// The header findings have no place in the text, so they are the same on every line.
struct HeaderCheck {
    /// The headers, read out of their map.
    let headers: APNsHeaders
    /// The push type checked against: the header's value, or `alert` when it is absent.
    let pushType: String
    /// The rule of `pushType`, nil when APNs does not know it.
    let rule: PushTypeRule?
    /// True when the request is a broadcast.
    let isBroadcast: Bool
    /// The largest payload the request may carry, in bytes.
    let sizeLimit: Int
    /// What `checkHeaders` records for these headers.
    let headerFindings: [Diagnostic]
    /// What `checkPushTypeHeader` records for these headers.
    let pushTypeHeaderFindings: [Diagnostic]
    /// The push type assumed for a request without `apns-push-type`, nil when it has one.
    let assumedPushType: String?

    /// The header check of `validator` for headers given by lowercase name.
    init(_ validator: Validator, headers fields: [String: String]) {
        let headers = APNsHeaders(lowercasedFields: fields)
        self.headers = headers
        pushType = headers.pushType ?? "alert"
        rule = PushTypeRule.named(pushType)
        isBroadcast = validator.target(of: headers) == .broadcast
        sizeLimit = isBroadcast ? APNsRequestTarget.broadcastSizeLimit : rule?.sizeLimit ?? 4096
        var sink = DiagnosticSink(strict: validator.strict)
        validator.checkHeaders(headers, rule: rule, sink: &sink)
        headerFindings = sink.diagnostics
        sink = DiagnosticSink(strict: validator.strict)
        assumedPushType = validator.checkPushTypeHeader(headers, assumed: pushType, sink: &sink)
        pushTypeHeaderFindings = sink.diagnostics
    }
}
