import JSON

extension Validator {
    /// Checks the top level and the `aps` dictionary, recording what the push-type checks need.
    /// Only `aps` and the media member are looked at, in place; custom data stays unread bytes.
    func checkPayload(
        _ root: JSONDocument.Element, of document: JSONDocument, rule: PushTypeRule?,
        facts: inout PayloadFacts, sink: inout DiagnosticSink
    ) {
        guard document.kind(root) == .object else {
            sink.emit(
                .payloadNotObject, JSONPath.root, at: document.span(root),
                "The payload must be a JSON dictionary, not \(document.view(root).value.typeDescription).")
            return
        }
        guard case .object(let members) = document.view(root).value else { return }
        facts.aps = members.last(named: "aps")
        checkApsIfPresent(in: document, facts: &facts, rule: rule, sink: &sink)
        if let media = NotificationPayload.mediaMember(in: members) {
            checkMedia(media, facts: facts, sink: &sink)
        }
    }

    private func checkApsIfPresent(
        in document: JSONDocument, facts: inout PayloadFacts, rule: PushTypeRule?, sink: inout DiagnosticSink
    ) {
        guard let aps = facts.aps else {
            if let rule, rule.requiresAps {
                sink.emit(
                    .apsMissing, JSONPath.root, at: nil,
                    "Push type \(rule.name) needs an \"aps\" dictionary; without it nothing is shown or updated."
                )
            }
            return
        }
        func path() -> String { APSKey.containerPath }
        guard case .object(let members) = aps.value.value else {
            sink.emit(
                .apsNotObject, path(), at: aps.value.span,
                "\"aps\" must be a dictionary of Apple-defined keys, not \(aps.value.value.typeDescription).")
            return
        }
        facts.apsIsObject = true
        let isLiveActivity = rule?.name == "liveactivity"
        facts.apsMembers = members
        // By position: a member's name is compared as bytes and only its value becomes a view.
        for (key, value) in document.memberElements(aps.value.element) {
            checkApsMember(
                key: key, value: value, of: document, path: path(), isLiveActivity: isLiveActivity,
                facts: &facts, sink: &sink)
        }
        checkCriticalLevel(facts: facts, sink: &sink)
    }

    private func checkApsMember(
        key keyElement: JSONDocument.Element, value: JSONDocument.Element, of document: JSONDocument,
        path apsPath: String, isLiveActivity: Bool, facts: inout PayloadFacts, sink: inout DiagnosticSink
    ) {
        guard let key = document.withKeyBytes(keyElement, APSKey.named(bytes:)) else {
            let member = document.viewMember(key: keyElement, value: value)
            checkOtherApsMember(member, path: JSONPath.appending(key: member.key, to: apsPath), sink: &sink)
            return
        }
        // The Apple name is the member's name, byte for byte.
        let name = key.rawValue
        // Made once per key, not per finding: `category.unchecked` alone is said for nearly
        // every payload of a run without a registry.
        func path() -> String {
            apsPath == APSKey.containerPath ? key.path : JSONPath.appending(key: name, to: apsPath)
        }
        let node = document.view(value)
        facts.met(key, value: node)
        switch key {
        case .alert:
            checkAlert(node, path: path(), isLiveActivity: isLiveActivity, facts: &facts, sink: &sink)
        case .badge:
            checkBadge(node, path: path(), sink: &sink)
        case .sound:
            checkSound(node, path: path(), facts: &facts, sink: &sink)
        case .contentAvailable:
            facts.contentAvailable = checkFlag(
                node, path: path(), name: name, type: .apsContentAvailableType,
                value: .apsContentAvailableValue, meaning: "a silent background update", sink: &sink)
        case .mutableContent:
            facts.mutableContent = checkFlag(
                node, path: path(), name: name, type: .apsMutableContentType,
                value: .apsMutableContentValue, meaning: "the notification service extension", sink: &sink)
        case .interruptionLevel:
            facts.interruptionLevel = checkInterruptionLevel(node, path: path(), sink: &sink)
        case .relevanceScore:
            checkRelevanceScore(node, path: path(), isLiveActivity: isLiveActivity, sink: &sink)
        case .event:
            facts.event = checkEvent(node, path: path(), sink: &sink)
        case .contentChanged:
            if node.value.boolValue != true {
                sink.emit(
                    .apsContentChangedType, path(), at: node.span,
                    "\"content-changed\" must be the Boolean true (not the number 1), not \(describe(node)).")
            }
        case .category:
            checkCategory(node, path: path(), sink: &sink)
        case .threadId, .targetContentId, .filterCriteria, .attributesType:
            requireType(
                .string, node, path: path(), name: name, code: .apsStringType, expected: "a string",
                sink: &sink)
        case .staleDate, .timestamp, .dismissalDate:
            requireType(
                .number, node, path: path(), name: name, code: .apsNumberType,
                expected: "a number (UNIX seconds)", sink: &sink)
        case .contentState, .attributes:
            requireType(
                .object, node, path: path(), name: name, code: .apsObjectType, expected: "a dictionary",
                sink: &sink)
        }
    }

    /// The `aps` keys the model does not bind: Live Activity start inputs (iOS 18), the legacy
    /// `url-args`, and anything else, which APNs ignores.
    private func checkOtherApsMember(
        _ member: JSONView.Member, path: @autoclosure () -> String, sink: inout DiagnosticSink
    ) {
        let node = member.value
        switch member.key {
        case "input-push-token":
            if node.doubleValue != 1 {
                sink.emit(
                    .apsInputPushTokenValue, path(), at: node.span,
                    "\"input-push-token\" must be the number 1, not \(describe(node)).")
            }
        case "input-push-channel":
            requireType(
                .string, node, path: path(), name: member.key, code: .apsStringType, expected: "a string",
                sink: &sink)
        case "url-args":
            sink.emit(
                .apsLegacyKey, path(), at: member.keySpan,
                "\"\(member.key)\" is a legacy (Safari) key that Apple's current payload table no longer lists."
            )
        default:
            reportUnknownKey(
                member, path: path(), known: Self.apsKeys, code: .apsUnknownKey, container: "aps", sink: &sink
            )
        }
    }

    /// The Apple-defined `aps` keys of apns-rules.md §3, for "did you mean" suggestions.
    static let apsKeys = APSKey.allCases.map(\.rawValue) + ["input-push-token", "input-push-channel"]

    /// Warns about a key APNs will silently ignore, suggesting the Apple key it most likely meant.
    func reportUnknownKey(
        _ member: JSONView.Member, path: @autoclosure () -> String, known: [String], code: PayloadCode,
        container: String,
        sink: inout DiagnosticSink
    ) {
        var message = "\"\(member.key)\" is not an Apple-defined key of \"\(container)\" and is ignored"
        if let suggestion = KeySuggestion.suggestion(for: member.key, among: known) {
            message += "; did you mean \"\(suggestion)\"?"
        } else if container == "aps" {
            message += "; put custom data beside \"aps\", not inside it."
        } else {
            message += "."
        }
        sink.emit(code, path(), at: member.keySpan, message)
    }

    /// Records `code` unless the node's value is of JSON type `kind` (checked on the node,
    /// without making its value).
    func requireType(
        _ kind: JSONDocument.Kind, _ node: JSONView, path: @autoclosure () -> String, name: String,
        code: PayloadCode, expected: String, sink: inout DiagnosticSink
    ) {
        if node.kind != kind {
            sink.emit(code, path(), at: node.span, "\"\(name)\" must be \(expected), not \(describe(node)).")
        }
    }

    /// A short description of a value for messages: strings and numbers are quoted as written.
    func describe(_ node: JSONView) -> String {
        switch node.value {
        case .string(let text):
            let string = text.string
            let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
            return "the string \"\(shown)\""
        case .number(let number):
            return number.literal
        case .bool(let flag):
            return flag ? "true" : "false"
        default:
            return node.value.typeDescription
        }
    }
}
