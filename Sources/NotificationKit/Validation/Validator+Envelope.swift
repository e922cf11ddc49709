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
        var sink = DiagnosticSink(strict: strict, lineOffset: lineOffset)
        let read = JSONReader.apns.read(bytes)
        for diagnostic in read.diagnostics {
            var shifted = diagnostic
            if shifted.path.hasPrefix("$.payload") {
                shifted.path = "$" + shifted.path.dropFirst("$.payload".count)
            }
            sink.append(shifted)
        }
        var headers = defaults
        var payload: JSONNode?
        if let root = read.root {
            if case .object(let members) = root.value {
                for member in members {
                    switch member.key {
                    case "payload": payload = member.value
                    case "headers": readHeaders(member.value, into: &headers, sink: &sink)
                    default:
                        sink.emit(
                            .envelopeUnknownKey, JSONPath.appending(key: member.key, to: "envelope:$"),
                            at: member.keySpan,
                            "An envelope has only \"headers\" and \"payload\"; \"\(member.key)\" is ignored.")
                    }
                }
                if payload == nil {
                    sink.emit(
                        .envelopePayloadMissing, "envelope:$", at: root.span,
                        "The envelope has no \"payload\" member.")
                }
            } else {
                sink.emit(
                    .envelopeNotObject, "envelope:$", at: root.span,
                    "An envelope line must be {\"headers\": {…}, \"payload\": {…}}, not \(root.value.typeDescription)."
                )
            }
        }
        let span = payload?.span ?? JSONSpan(start: 0, end: bytes.count, line: 1, column: 1)
        // An envelope stands for one request as it will be sent, so a missing push type is said.
        var validator = self
        validator.reportsMissingPushType = true
        return validator.check(root: payload, span: span, headers: headers, sink: &sink)
    }

    private func readHeaders(
        _ node: JSONNode, into headers: inout [String: String], sink: inout DiagnosticSink
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
            case .string(let text): headers[name] = text
            case .number(let number): headers[name] = number.literal
            default:
                sink.emit(
                    .envelopeHeadersType, path, at: member.value.span,
                    "Header \"\(name)\" must be a string, not \(member.value.value.typeDescription).")
            }
        }
    }
}
