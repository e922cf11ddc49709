extension Validator {
    /// Four hours: how long an ended Live Activity stays on the Lock Screen at most ([LA]).
    static let dismissalWindow: Double = 4 * 3600

    /// `timestamp`, `stale-date` and `dismissal-date` are UNIX seconds: milliseconds are called
    /// out, a stale date at or before the timestamp is stale on arrival, and a dismissal date
    /// more than four hours after the end changes nothing.
    func checkActivityDates(facts: PayloadFacts, timestamp: Double?, sink: inout DiagnosticSink) {
        for key in ["timestamp", "stale-date", "dismissal-date"] {
            guard let member = facts.aps(key), let seconds = member.value.value.doubleValue,
                seconds >= 100_000_000_000
            else { continue }
            sink.emit(
                .dateUnit, "$.aps." + key, at: member.value.span,
                "\"\(key)\" \(ActivityStateChecker.grouped(seconds)) lies after the year 5000: it looks like "
                    + "milliseconds, and APNs and ActivityKit read UNIX seconds here.")
        }
        guard let timestamp, timestamp < 100_000_000_000 else { return }
        if let stale = facts.aps("stale-date"), let date = stale.value.value.doubleValue, date <= timestamp {
            sink.emit(
                .staleDatePast, "$.aps.stale-date", at: stale.value.span,
                "\"stale-date\" (\(ActivityStateChecker.describeUnix(date))) is not after \"timestamp\" "
                    + "(\(ActivityStateChecker.describeUnix(timestamp))), so the Live Activity is stale on arrival."
            )
        }
        if facts.event == "end", let dismissal = facts.aps("dismissal-date"),
            let date = dismissal.value.value.doubleValue, date > timestamp + Self.dismissalWindow
        {
            sink.emit(
                .dismissalDateLate, "$.aps.dismissal-date", at: dismissal.value.span,
                "\"dismissal-date\" (\(ActivityStateChecker.describeUnix(date))) is more than 4 hours after the "
                    + "end (\(ActivityStateChecker.describeUnix(timestamp))); the system removes an ended Live "
                    + "Activity after at most 4 hours, so pick a date within that window (or in the past to "
                    + "remove it at once).")
        }
    }

    /// A Live Activity alert is `{"title", "body"}` (each a string or `{"loc-key", "loc-args"}`)
    /// with `sound` inside it, as ActivityKit's `AlertConfiguration(title:body:sound:)` and
    /// Apple's samples have it.
    func checkActivityAlert(facts: PayloadFacts, sink: inout DiagnosticSink) {
        guard let alert = facts.aps("alert") else { return }
        switch alert.value.value {
        case .string:
            sink.emit(
                .alertShape, "$.aps.alert", at: alert.value.span,
                "A Live Activity alert is {\"title\": …, \"body\": …} (a plain string has no title to show).")
        case .object(let members):
            let missing = ["title", "body"].filter { key in !members.contains { $0.key == key } }
            if !missing.isEmpty {
                sink.emit(
                    .alertShape, "$.aps.alert", at: alert.value.span,
                    "A Live Activity alert shows a title and a body; this one has no "
                        + missing.map { "\"\($0)\"" }.joined(separator: " and ") + ".")
            }
        default:
            break
        }
        if let sound = facts.aps("sound") {
            sink.emit(
                .alertShape, "$.aps.sound", at: sound.keySpan,
                "A Live Activity alert takes its sound inside the alert (\"alert\": {…, \"sound\": \"…\"}), not in "
                    + "\"aps\".")
        }
    }
}
