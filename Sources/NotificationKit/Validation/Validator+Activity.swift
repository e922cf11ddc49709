extension Validator {
    /// The Live Activity checks of issue 14: the payload against the app's own types, the event
    /// rules, the timestamps, the priority budget and the alert shape ([LA]).
    func checkActivity(facts: PayloadFacts, headers: APNsHeaders, sink: inout DiagnosticSink) {
        let event = facts.event
        let timestamp = facts.aps("timestamp")?.value.value.doubleValue
        checkEventKeys(facts: facts, sink: &sink)
        checkActivityDates(facts: facts, timestamp: timestamp, sink: &sink)
        checkActivityAlert(facts: facts, sink: &sink)
        if event == "update", facts.aps("alert") == nil, (headers.priority ?? "10") == "10" {
            sink.emit(
                .priorityBudget, "header:apns-priority", at: nil,
                "A priority-10 update counts toward the hourly budget of Live Activity pushes, and the system "
                    + "throttles past it. Send updates that need no immediate attention with apns-priority 5, "
                    + "or add NSSupportsLiveActivitiesFrequentUpdates = YES to the app's Info.plist.")
        }
        if event == "start" || event == "update", facts.aps("content-state") == nil, let aps = facts.aps {
            sink.emit(
                .contentStateMissing, "$.aps", at: aps.value.span,
                "A Live Activity \(event ?? "") needs \"content-state\" matching the app's ContentState; "
                    + "without it nothing is shown or updated.")
        }
        checkActivityTypes(facts: facts, timestamp: timestamp, sink: &sink)
    }

    /// Checks `content-state` (and a start's `attributes`) against the app's type.
    private func checkActivityTypes(facts: PayloadFacts, timestamp: Double?, sink: inout DiagnosticSink) {
        let state = facts.aps("content-state")
        let attributes = facts.event == "start" ? facts.aps("attributes") : nil
        guard state != nil || attributes != nil else { return }
        let named = facts.aps("attributes-type")?.value.value.stringValue ?? activityType
        guard let types = activityTypes, !types.types.isEmpty else {
            sink.emit(
                .typesUnchecked, "$.aps.content-state", at: (state ?? attributes)?.keySpan,
                "No Live Activity types were imported, so \"content-state\" was not checked against the app's "
                    + "ContentState (import them with pushboard activities import).")
            return
        }
        let type: ActivityAttributesType
        if let named {
            guard let found = types.type(named: named) else {
                let path = facts.aps("attributes-type") == nil ? "$.aps" : "$.aps.attributes-type"
                sink.emit(
                    .typeUnknown, path, at: facts.aps("attributes-type")?.value.span,
                    "\"\(named)\" is not one of the app's imported Live Activity types ("
                        + types.names.joined(separator: ", ")
                        + "); the device starts nothing for an ActivityAttributes type it does not have.")
                return
            }
            type = found
        } else if types.types.count == 1 {
            type = types.types[0]
        } else {
            sink.emit(
                .typesUnchecked, "$.aps.content-state", at: state?.keySpan,
                "An update does not name its ActivityAttributes type and several are imported ("
                    + types.names.joined(separator: ", ")
                    + "); name one (API ?activity=, --activity) to check it.")
            return
        }
        var checker = ActivityStateChecker(timestamp: timestamp)
        if let state {
            checker.check(
                state.value.tree, against: .object(type.contentState), path: "$.aps.content-state",
                sink: &sink)
        }
        if let attributes {
            checker.check(
                attributes.value.tree, against: .object(type.attributes), path: "$.aps.attributes",
                sink: &sink)
        }
    }

    /// Keys that do nothing for this event, and the iOS 18 start inputs.
    private func checkEventKeys(facts: PayloadFacts, sink: inout DiagnosticSink) {
        guard let event = facts.event else { return }
        let startOnly = ["attributes-type", "attributes", "input-push-token", "input-push-channel"]
        let misplaced: [String] =
            switch event {
            case "start": ["dismissal-date"]
            case "update": startOnly + ["dismissal-date"]
            default: startOnly
            }
        for key in misplaced {
            guard let member = facts.aps(key) else { continue }
            let applies = key == "dismissal-date" ? "an end" : "a start"
            sink.emit(
                .eventKey, "$.aps." + key, at: member.keySpan,
                "\"\(key)\" applies only to \(applies); on \(event == "end" ? "an" : "a") \(event) it is ignored."
            )
        }
        guard event == "start" else { return }
        let token = facts.aps("input-push-token")
        let channel = facts.aps("input-push-channel")
        if let token, channel != nil {
            sink.emit(
                .startInput, "$.aps.input-push-channel", at: token.keySpan,
                "A start takes \"input-push-token\" (updates by token) or \"input-push-channel\" (updates on a "
                    + "channel), not both.")
        }
        if let channel, let id = channel.value.value.stringValue, !Self.isBase64(id) {
            sink.emit(
                .startInput, "$.aps.input-push-channel", at: channel.value.span,
                "\"input-push-channel\" must be the base64 channel id APNs returned at channel creation; the "
                    + "Live Activity fails to start on an invalid channel.")
        }
        for input in [token, channel].compactMap({ $0 }) {
            let effect =
                input.key == "input-push-channel"
                ? "a device on an earlier iOS does not start the Live Activity"
                : "earlier iOS versions send no update token for it"
            sink.emit(
                .startVersion, "$.aps." + input.key, at: input.keySpan,
                "\"\(input.key)\" needs iOS 18 or iPadOS 18 (push-to-start itself needs 17.2); \(effect).")
        }
    }
}
