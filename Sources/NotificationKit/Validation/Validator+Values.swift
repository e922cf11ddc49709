import JSON

extension Validator {
    /// The values of `interruption-level` (§3); the Swift case names are not valid values.
    static let interruptionLevels = ["passive", "active", "time-sensitive", "critical"]
    /// The values of a Live Activity `event` (§3).
    static let events = ["start", "update", "end"]

    /// `badge` is a whole number, 0 or more (§3): `"5"`, `-1` and `1.5` have no defined meaning.
    func checkBadge(_ node: JSONView, path: @autoclosure () -> String, sink: inout DiagnosticSink) {
        // The double alone decides; the literal is made only for a message (`describe`).
        guard let number = node.doubleValue else {
            var message = "\"badge\" must be a number, not \(describe(node))"
            if case .string(let text) = node.value, Int(text.string) != nil {
                message += "; write \(text.string) without quotes (APNs ignores string badges)"
            }
            sink.emit(.apsBadgeType, path(), at: node.span, message + ".")
            return
        }
        if number.rounded(.towardZero) != number {
            sink.emit(
                .apsBadgeType, path(), at: node.span,
                "\"badge\" must be a whole number, not \(describe(node))."
            )
        } else if number < 0 {
            sink.emit(
                .apsBadgeRange, path(), at: node.span,
                "\"badge\" must be 0 (clears the badge) or more, not \(describe(node)).")
        } else if number > Double(Int32.max) {
            sink.emit(
                .apsBadgeRange, path(), at: node.span,
                "\"badge\" \(describe(node)) is larger than iOS can show.")
        }
    }

    /// `content-available` and `mutable-content` are numbers and only `1` means anything (§3, §6).
    /// Returns the value when it is a number.
    func checkFlag(
        _ node: JSONView, path: @autoclosure () -> String, name: String, type: PayloadCode,
        value: PayloadCode,
        meaning: String, sink: inout DiagnosticSink
    ) -> Double? {
        guard let number = node.doubleValue else {
            sink.emit(type, path(), at: node.span, "\"\(name)\" must be the number 1, not \(describe(node)).")
            return nil
        }
        if number != 1 {
            sink.emit(
                value, path(), at: node.span,
                "\"\(name)\": \(describe(node)) does nothing; only 1 asks for \(meaning). Remove the key or use 1."
            )
        }
        return number
    }

    /// `interruption-level` is exactly one of four lowercase strings. Returns it when valid.
    func checkInterruptionLevel(_ node: JSONView, path: @autoclosure () -> String, sink: inout DiagnosticSink)
        -> String?
    {
        if let level = node.value.stringValue, Self.interruptionLevels.contains(level) {
            return level
        }
        var message =
            "\"interruption-level\" must be one of \"passive\", \"active\", \"time-sensitive\" or "
            + "\"critical\", not \(describe(node))"
        if let level = node.value.stringValue,
            let suggestion = KeySuggestion.suggestion(for: level, among: Self.interruptionLevels)
        {
            message += "; did you mean \"\(suggestion)\"?"
        } else {
            message += "."
        }
        sink.emit(.apsInterruptionLevelValue, path(), at: node.span, message)
        return nil
    }

    /// `relevance-score` is a number in 0…1, except on Live Activity updates where any number
    /// ranks the activity (§3).
    func checkRelevanceScore(
        _ node: JSONView, path: @autoclosure () -> String, isLiveActivity: Bool, sink: inout DiagnosticSink
    ) {
        guard let score = node.doubleValue else {
            sink.emit(
                .apsRelevanceScoreType, path(), at: node.span,
                "\"relevance-score\" must be a number, not \(describe(node)).")
            return
        }
        if !isLiveActivity && !(0...1).contains(score) {
            sink.emit(
                .apsRelevanceScoreRange, path(), at: node.span,
                "\"relevance-score\" must be between 0 and 1, not \(describe(node)).")
        }
    }

    /// A Live Activity `event` is `start`, `update` or `end`. Returns it when valid.
    func checkEvent(_ node: JSONView, path: @autoclosure () -> String, sink: inout DiagnosticSink) -> String?
    {
        if let event = node.value.stringValue, Self.events.contains(event) {
            return event
        }
        sink.emit(
            .apsEventValue, path(), at: node.span,
            "\"event\" must be \"start\", \"update\" or \"end\", not \(describe(node)).")
        return nil
    }
}
