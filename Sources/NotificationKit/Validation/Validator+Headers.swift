extension Validator {
    /// Checks the APNs request headers (§7); paths are `header:<name>`.
    func checkHeaders(_ given: APNsHeaders, rule: PushTypeRule?, sink: inout DiagnosticSink) {
        var headers = given
        // Most command-line and JSON Lines checks have no headers at all: nothing to look at.
        for (index, name) in APNsHeaders.names.enumerated() where !given.isEmpty {
            guard let value = given.value(at: index),
                let problem = Self.unsendableProblem(name: name, value: value)
            else { continue }
            // The value cannot go out as written, so the finer checks of this header say nothing.
            headers[name] = nil
            sink.emit(
                .headerValueInvalid, "header:" + name, at: nil,
                "The \(name) header \(problem).")
        }
        if let pushType = headers.pushType, rule == nil {
            var message = "\"\(pushType)\" is not an APNs push type (APNs answers 400 InvalidPushType)"
            let names = PushTypeRule.all.map(\.name)
            if let suggestion = KeySuggestion.suggestion(for: pushType, among: names) {
                message += "; did you mean \"\(suggestion)\"?"
            } else {
                message += "; use one of " + names.joined(separator: ", ") + "."
            }
            sink.emit(.headerPushTypeValue, "header:apns-push-type", at: nil, message)
        }
        checkPriority(headers.priority, rule: rule, sink: &sink)
        if let topic = headers.topic, let rule, target(of: given) == .device {
            checkTopic(topic, rule: rule, sink: &sink)
        } else if let rule, rule.requiresTokenAuthentication, given.topic == nil,
            target(of: given) == .device
        {
            sink.emit(
                .headerTopicMissing, "header:apns-topic", at: nil,
                "Push type \(rule.name) works only with token authentication, which needs apns-topic: "
                    + "<bundle ID>\(rule.topicSuffix ?? "") (APNs answers 400 MissingTopic).")
        }
        if let collapseID = headers.collapseID, collapseID.utf8.count > 64 {
            sink.emit(
                .headerCollapseIDTooLong, "header:apns-collapse-id", at: nil,
                "apns-collapse-id is \(collapseID.utf8.count) bytes in UTF-8; APNs accepts at most 64 bytes.")
        }
        if let apnsID = headers.apnsID, !headers.hasCanonicalAPNsID {
            sink.emit(
                .headerAPNsIDFormat, "header:apns-id", at: nil,
                "apns-id \"\(apnsID.prefix(60))\" is not a canonical UUID (lowercase 8-4-4-4-12 hex digits, "
                    + "for example 123e4567-e89b-12d3-a456-4266554400a0).")
        }
        if let expiration = headers.expiration {
            checkExpiration(expiration, rule: rule, sink: &sink)
        } else if rule?.name == "pushtotalk" {
            sink.emit(
                .headerExpirationPushType, "header:apns-expiration", at: nil,
                "A PushToTalk push should have apns-expiration 0; without the header APNs may store it and "
                    + "deliver it late, when a push-to-talk message is useless.")
        }
    }

    /// Why a header value cannot be sent, or nil when it can: CR, LF and NUL would end or split
    /// the header line, and an empty `apns-collapse-id` is dropped by clients such as curl (the
    /// other headers report an empty value with their own codes).
    static func unsendableProblem(name: String, value: String) -> String? {
        if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
            return "contains a carriage return, line feed or NUL, which would end or split the header line"
        }
        // Header values arrive as bytes (HTTP, argv); every reader decodes invalid UTF-8 into
        // U+FFFD, so a U+FFFD here stands for bytes APNs would not get as they were meant.
        if value.unicodeScalars.contains("\u{FFFD}") {
            return "is not valid UTF-8 (U+FFFD marks the bytes that are not), so it cannot be sent as written"
        }
        if value.isEmpty && name == "apns-collapse-id" {
            return "is empty; curl and other clients drop an empty header, so omit it instead"
        }
        return nil
    }

    private func checkPriority(_ priority: String?, rule: PushTypeRule?, sink: inout DiagnosticSink) {
        let path = "header:apns-priority"
        var value = 10
        if let priority {
            guard let parsed = Int(priority), [10, 5, 1].contains(parsed), String(parsed) == priority else {
                sink.emit(
                    .headerPriorityValue, path, at: nil,
                    "apns-priority must be 10, 5 or 1, not \"\(priority.prefix(20))\" (APNs answers 400 BadPriority)."
                )
                return
            }
            value = parsed
        }
        guard let rule, !rule.priorities.contains(value) else { return }
        let given = priority == nil ? "no apns-priority (which means 10)" : "apns-priority \(value)"
        if rule.name == "background" {
            sink.emit(
                .backgroundPriority, path, at: nil,
                "A background push must be sent with apns-priority 5, not \(given).")
        } else {
            let allowed = rule.priorities.map(String.init).joined(separator: " or ")
            sink.emit(
                .headerPriorityPushType, path, at: nil,
                "Push type \(rule.name) is sent with apns-priority \(allowed), not \(given).")
        }
    }

    private func checkTopic(_ topic: String, rule: PushTypeRule, sink: inout DiagnosticSink) {
        let path = "header:apns-topic"
        if topic.allSatisfy(\.isWhitespace) {
            sink.emit(
                .headerTopicEmpty, path, at: nil, "apns-topic is empty; it must be the app's bundle ID.")
            return
        }
        if reportBundleIDCharacters(in: topic, sink: &sink) {
            return
        }
        switch rule.topic {
        case .unchecked:
            return
        case .bundleID:
            // A bundle ID may itself end in ".complication" or ".voip", so this is only a warning.
            if let suffix = PushTypeRule.knownSuffixes.first(where: { topic.hasSuffix($0) }) {
                sink.emit(
                    .headerTopicOtherSuffix, path, at: nil,
                    "Push type \(rule.name) goes to the bare bundle ID, but \"\(topic)\" ends with \"\(suffix)\", "
                        + "the topic suffix of another push type; check that it is the bundle ID itself.")
            }
        case .suffix(let suffix):
            if !topic.hasSuffix(suffix) || topic.utf8.count == suffix.utf8.count {
                sink.emit(
                    .headerTopicSuffix, path, at: nil,
                    "Push type \(rule.name) needs the topic <bundle ID>\(suffix), not \"\(topic)\".")
            }
        }
    }

    private func checkExpiration(_ expiration: String, rule: PushTypeRule?, sink: inout DiagnosticSink) {
        let path = "header:apns-expiration"
        guard !expiration.isEmpty, expiration.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let seconds = Int64(expiration)
        else {
            sink.emit(
                .headerExpirationFormat, path, at: nil,
                "apns-expiration must be a whole number of UNIX seconds (or 0), not \"\(expiration.prefix(30))\" "
                    + "(APNs answers 400 BadExpirationDate).")
            return
        }
        if seconds >= 100_000_000_000 {
            sink.emit(
                .headerExpirationMilliseconds, path, at: nil,
                "apns-expiration \(seconds) lies after the year 5000; it looks like milliseconds, and APNs "
                    + "expects seconds.")
        }
        if rule?.name == "pushtotalk" && seconds != 0 {
            sink.emit(
                .headerExpirationPushType, path, at: nil,
                "A PushToTalk push should have apns-expiration 0: a late push-to-talk message is useless.")
        }
    }
}
