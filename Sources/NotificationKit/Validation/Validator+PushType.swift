extension Validator {
    /// `apns-push-type` "must accurately reflect the contents" of the payload (§6): APNs may
    /// reject, delay or drop a push whose content does not fit its type.
    func checkPushType(
        _ rule: PushTypeRule, facts: PayloadFacts, headers: APNsHeaders, sink: inout DiagnosticSink
    ) {
        switch rule.name {
        case "alert":
            checkAlertContent(facts: facts, sink: &sink)
        case "background":
            checkBackground(facts: facts, sink: &sink)
        case "liveactivity":
            checkLiveActivity(facts: facts, sink: &sink)
        case "widgets", "controls":
            if facts.apsIsObject && facts.known(.contentChanged) == nil {
                sink.emit(
                    .widgetsContentChanged, "$.aps", at: facts.aps?.value.span,
                    "Push type \(rule.name) needs \"content-changed\": true in \"aps\".")
            }
        case "pushtotalk":
            if let aps = facts.aps {
                sink.emit(
                    .pushToTalkHasAps, "$.aps", at: aps.keySpan,
                    "A PushToTalk payload holds only custom keys (such as \"activeSpeaker\"); \"aps\" is ignored."
                )
            }
        default:
            break
        }
        if let mutable = facts.known(.mutableContent), facts.mutableContent == 1, !facts.alertHasText {
            sink.emit(
                .apsMutableContentNoAlert, "$.aps.mutable-content", at: mutable.valueSpan,
                "\"mutable-content\": 1 runs the service extension only when the alert has a title, subtitle "
                    + "or body; this payload never reaches it.")
        }
    }

    /// An `alert` push shows an alert, plays a sound or sets a badge; with none of them it is a
    /// background update sent with the wrong type.
    private func checkAlertContent(facts: PayloadFacts, sink: inout DiagnosticSink) {
        guard facts.apsIsObject, let aps = facts.aps else { return }
        let alert = facts.known(.alert)
        // An alert of the wrong type already has its own error; an empty one shows nothing.
        let alertShows: Bool
        switch alert?.valueKind {
        case nil: alertShows = false
        case .string?, .object?: alertShows = facts.alertHasText
        default: alertShows = true
        }
        if !alertShows && facts.known(.sound) == nil && facts.known(.badge) == nil {
            var message =
                alert == nil
                ? "An alert push shows an alert, plays a sound or sets a badge; this one does none of them"
                : "An alert push shows an alert, plays a sound or sets a badge; this alert has no title, "
                    + "subtitle, body or loc-key, so it shows nothing, and there is no sound or badge"
            if facts.contentAvailable == 1 {
                message = String(
                    joining: message,
                    ". For a silent update use apns-push-type background and apns-priority 5.")
            } else {
                message += "."
            }
            sink.emit(.alertNoContent, "$.aps", at: aps.value.span, message)
        }
    }

    /// A background push carries `content-available: 1` and no alert, sound or badge (§6).
    private func checkBackground(facts: PayloadFacts, sink: inout DiagnosticSink) {
        guard facts.apsIsObject, let aps = facts.aps else { return }
        if facts.contentAvailable != 1 {
            let place = facts.known(.contentAvailable)?.valueSpan ?? aps.value.span
            sink.emit(
                .backgroundContentAvailable, "$.aps", at: place,
                "A background push needs \"content-available\": 1 in \"aps\"; without it the app is not woken."
            )
        }
        let forbidden: [(String, PayloadCode)] = [
            ("alert", .backgroundHasAlert), ("sound", .backgroundHasSound), ("badge", .backgroundHasBadge),
        ]
        for (key, code) in forbidden {
            if let member = facts.aps(key) {
                sink.emit(
                    code, "$.aps." + key, at: member.keySpan,
                    "A background push must not have \"\(key)\"; send it as an alert push "
                        + "(apns-push-type alert) or remove \"\(key)\".")
            }
        }
    }

    /// Live Activity updates need `event` and `timestamp`; a start also needs an alert and the
    /// activity's attributes (§6).
    private func checkLiveActivity(facts: PayloadFacts, sink: inout DiagnosticSink) {
        guard facts.apsIsObject, let aps = facts.aps else { return }
        guard facts.known(.event) != nil else {
            sink.emit(
                .liveActivityEvent, "$.aps", at: aps.value.span,
                "A Live Activity push needs \"event\": \"start\", \"update\" or \"end\".")
            return
        }
        if facts.event == "start" {
            let missing = ["alert", "attributes-type", "attributes"].filter { facts.aps($0) == nil }
            if !missing.isEmpty {
                let names = missing.map { "\"\($0)\"" }.joined(separator: ", ")
                sink.emit(
                    .liveActivityStart, "$.aps", at: aps.value.span,
                    "Starting a Live Activity needs \"alert\", \"attributes-type\" and \"attributes\"; missing: "
                        + names + ".")
            }
        } else if facts.event != nil && facts.known(.timestamp) == nil {
            sink.emit(
                .liveActivityTimestamp, "$.aps", at: aps.value.span,
                "A Live Activity update or end needs \"timestamp\" (UNIX seconds) so stale updates are dropped."
            )
        }
    }
}
