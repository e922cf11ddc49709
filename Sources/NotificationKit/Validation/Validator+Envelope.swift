import JSON

extension Validator {
    /// Validates one envelope `{"headers": {"apns-push-type": "…", …}, "payload": {…}}`, the
    /// line format of `validate --jsonl --envelope`.
    ///
    /// The payload's size is the byte length of its text exactly as it appears in the envelope,
    /// taken from its span, so re-serialising can never change what is counted. `headers` fill in
    /// whatever the envelope does not set (the command line's header options).
    public func validate(envelope bytes: some Collection<UInt8>, headers: [String: String] = [:])
        -> ValidationReport
    {
        validate(envelope: bytes, headers: headers, lineOffset: 0)
    }

    /// As `validate(envelope:headers:)`, for line `lineOffset + 1` of a JSON Lines file.
    func validate(envelope bytes: some Collection<UInt8>, headers defaults: [String: String], lineOffset: Int)
        -> ValidationReport
    {
        check(envelope: JSONReader.apns.readDocument(bytes), headers: defaults, lineOffset: lineOffset)
    }

    /// As `validate(envelope:headers:lineOffset:)` for one line of a JSON Lines file, reading in
    /// `buffers` that the caller keeps from line to line.
    func validate(
        envelope line: UnsafeBufferPointer<UInt8>, headers defaults: [String: String], lineOffset: Int,
        reusing buffers: inout JSONReadBuffers
    ) -> ValidationReport {
        check(
            envelope: JSONReader.apns.readDocument(line, reusing: &buffers), headers: defaults,
            lineOffset: lineOffset)
    }

    /// The report on a document that is an envelope.
    private func check(envelope document: JSONDocument, headers defaults: [String: String], lineOffset: Int)
        -> ValidationReport
    {
        var sink = DiagnosticSink(strict: strict, lineOffset: lineOffset)
        for diagnostic in document.diagnostics {
            var shifted = diagnostic
            if shifted.path.hasPrefix("$.payload") {
                shifted.path = "$" + shifted.path.dropFirst("$.payload".count)
            }
            sink.append(shifted)
        }
        var headers = defaults
        var payload: JSONDocument.Element?
        if let root = document.root {
            if document.kind(root) == .object {
                for member in document.members(root) {
                    switch member.key {
                    case "payload": payload = member.value
                    case "headers": readHeaders(document.view(member.value), into: &headers, sink: &sink)
                    default:
                        sink.emit(
                            .envelopeUnknownKey, JSONPath.appending(key: member.key, to: "envelope:$"),
                            at: member.keySpan,
                            "An envelope has only \"headers\" and \"payload\"; \"\(member.key)\" is ignored.")
                    }
                }
                if payload == nil {
                    sink.emit(
                        .envelopePayloadMissing, "envelope:$", at: document.span(root),
                        "The envelope has no \"payload\" member.")
                }
            } else {
                sink.emit(
                    .envelopeNotObject, "envelope:$", at: document.span(root),
                    "An envelope line must be {\"headers\": {…}, \"payload\": {…}}, not "
                        + "\(document.view(root).value.typeDescription).")
            }
        }
        let span =
            payload.map { document.span($0) }
            ?? JSONSpan(start: 0, end: document.bytes.count, line: 1, column: 1)
        // An envelope stands for one request as it will be sent, so a missing push type is said.
        var validator = self
        validator.reportsMissingPushType = true
        return validator.check(document: document, root: payload, span: span, headers: headers, sink: &sink)
    }

    private func readHeaders(
        _ node: JSONView, into headers: inout [String: String], sink: inout DiagnosticSink
    ) {
        guard case .object(let members) = node.value else {
            sink.emit(
                .envelopeHeadersType, "envelope:$.headers", at: node.span,
                "\"headers\" must be a dictionary of header names to strings, not \(node.value.typeDescription)."
            )
            return
        }
        for member in members {
            let name = member.key.lowercased()
            let path = "header:" + name
            guard APNsHeaders.names.contains(name) else {
                sink.emit(
                    .envelopeUnknownHeader, path, at: member.keySpan,
                    "\"\(member.key)\" is not an APNs header the validator knows; it is ignored.")
                continue
            }
            switch member.value.value {
            case .string(let text): headers[name] = text.string
            case .number(let number): headers[name] = number.literal
            default:
                sink.emit(
                    .envelopeHeadersType, path, at: member.value.span,
                    "Header \"\(name)\" must be a string, not \(member.value.value.typeDescription).")
            }
        }
    }
}
