import JSON

extension Validator {
    /// The `alert` dictionary keys of apns-rules.md §4.
    static let alertKeys = [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args",
    ]
    /// True when this alert member makes the alert show something, so the service extension runs
    /// (§6): a non-empty `title`, `subtitle` or `body` (for Live Activities also a localized
    /// `{"loc-key": …}`), or a non-empty `title-loc-key`, `subtitle-loc-key` or `loc-key`. No
    /// other key shows text.
    private static func showsText(_ key: AlertKey, _ value: JSONView) -> Bool {
        switch key {
        case .title, .subtitle, .body:
            if case .object(let members) = value.value {
                return members.contains { $0.key == "loc-key" && $0.value.isNonEmptyString }
            }
            return value.isNonEmptyString
        case .titleLocKey, .subtitleLocKey, .locKey:
            return value.isNonEmptyString
        default:
            return false
        }
    }

    /// Checks `aps.alert`: a string (shown as the body) or a dictionary of §4 keys.
    func checkAlert(
        _ node: JSONView, path: @autoclosure () -> String, isLiveActivity: Bool, facts: inout PayloadFacts,
        sink: inout DiagnosticSink
    ) {
        switch node.value {
        case .string(let text):
            facts.alertHasText = !text.isEmpty
        case .object:
            // By position, as `aps`: the keys the model binds are told apart as bytes, and only
            // other keys (legacy, misspelt) become members with decoded names.
            let document = node.document
            for (keyElement, value) in document.memberElements(node.element) {
                guard let key = document.withKeyBytes(keyElement, AlertKey.named(bytes:)) else {
                    let member = document.viewMember(key: keyElement, value: value)
                    checkOtherAlertMember(
                        member, path: JSONPath.appending(key: member.key, to: path()),
                        isLiveActivity: isLiveActivity, sink: &sink)
                    continue
                }
                let name = key.rawValue
                let view = document.view(value)
                if !facts.alertHasText && Self.showsText(key, view) {
                    facts.alertHasText = true
                }
                checkAlertMember(
                    key, view, path: JSONPath.appending(key: name, to: path()),
                    isLiveActivity: isLiveActivity,
                    sink: &sink)
            }
            checkLocalizedKeys(node, path: path(), sink: &sink)
        default:
            sink.emit(
                .apsAlertType, path(), at: node.span,
                "\"alert\" must be a dictionary (recommended) or a string, not \(describe(node)).")
        }
    }

    /// Checks a member the model binds (`AlertKey`), whose name is `key.rawValue`.
    private func checkAlertMember(
        _ key: AlertKey, _ node: JSONView, path: @autoclosure () -> String, isLiveActivity: Bool,
        sink: inout DiagnosticSink
    ) {
        let name = key.rawValue
        switch key {
        case .title, .body:
            if isLiveActivity, case .object(let members) = node.value {
                checkLocalizedText(members, path: path(), sink: &sink)
            } else {
                requireAlertString(node, path: path(), name: name, sink: &sink)
            }
        case .subtitle, .launchImage, .titleLocKey, .subtitleLocKey, .locKey:
            requireAlertString(node, path: path(), name: name, sink: &sink)
        case .titleLocArgs, .subtitleLocArgs, .locArgs:
            checkLocArgs(node, path: path(), name: name, sink: &sink)
        }
    }

    /// Checks an alert member the model does not bind: the Live Activity `sound`, legacy keys
    /// and unknown ones.
    private func checkOtherAlertMember(
        _ member: JSONView.Member, path: @autoclosure () -> String, isLiveActivity: Bool,
        sink: inout DiagnosticSink
    ) {
        let node = member.value
        switch member.key {
        case "sound" where isLiveActivity:
            var ignored = PayloadFacts()
            checkSound(node, path: path(), facts: &ignored, sink: &sink)
        case "action-loc-key":
            sink.emit(
                .apsLegacyKey, path(), at: member.keySpan,
                "\"action-loc-key\" is a legacy key (archived Payload Key Reference); current iOS ignores it."
            )
            if !node.value.isNull {
                requireAlertString(node, path: path(), name: member.key, sink: &sink)
            }
        case "action", "summary-arg", "summary-arg-count":
            sink.emit(
                .apsLegacyKey, path(), at: member.keySpan,
                "\"alert.\(member.key)\" is a legacy key that Apple's current payload table no longer lists.")
        default:
            let known = isLiveActivity ? Self.alertKeys + ["sound"] : Self.alertKeys
            reportUnknownKey(
                member, path: path(), known: known, code: .apsAlertUnknownKey, container: "alert", sink: &sink
            )
        }
    }

    /// Live Activity alerts may localize `title` and `body` as `{"loc-key": …, "loc-args": […]}`.
    private func checkLocalizedText(
        _ members: JSONView.Members, path: @autoclosure () -> String, sink: inout DiagnosticSink
    ) {
        for member in members {
            func memberPath() -> String { JSONPath.appending(key: member.key, to: path()) }
            switch member.key {
            case "loc-key":
                requireAlertString(member.value, path: memberPath(), name: member.key, sink: &sink)
            case "loc-args":
                checkLocArgs(member.value, path: memberPath(), name: member.key, sink: &sink)
            default:
                reportUnknownKey(
                    member, path: memberPath(), known: ["loc-key", "loc-args"], code: .apsAlertUnknownKey,
                    container: "alert", sink: &sink)
            }
        }
    }

    private func requireAlertString(
        _ node: JSONView, path: @autoclosure () -> String, name: String, sink: inout DiagnosticSink
    ) {
        requireType(
            .string, node, path: path(), name: name, code: .apsAlertFieldType, expected: "a string",
            sink: &sink)
    }

    /// `*-loc-args` is an array of strings that replace `%@` in order (§4).
    private func checkLocArgs(
        _ node: JSONView, path: @autoclosure () -> String, name: String, sink: inout DiagnosticSink
    ) {
        guard case .array(let elements) = node.value else {
            sink.emit(
                .apsAlertLocArgsType, path(), at: node.span,
                "\"\(name)\" must be an array of strings, not \(describe(node)).")
            return
        }
        for (index, element) in elements.enumerated() where !element.value.isString {
            sink.emit(
                .apsAlertLocArgsType, JSONPath.appending(index: index, to: path()), at: element.span,
                "Every element of \"\(name)\" must be a string; element \(index) is \(describe(element)).")
        }
    }
}
