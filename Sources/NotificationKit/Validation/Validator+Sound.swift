import JSON

extension Validator {
    /// The keys of a critical-alert `sound` dictionary (§5).
    static let soundKeys = ["critical", "name", "volume"]

    /// `sound` is a file name string, or the critical-alert dictionary `{critical, name, volume}`.
    func checkSound(
        _ node: JSONView, path: @autoclosure () -> String, facts: inout PayloadFacts,
        sink: inout DiagnosticSink
    ) {
        switch node.value {
        case .string:
            return
        case .object(let members):
            checkSoundDictionary(node, members, path: path(), facts: &facts, sink: &sink)
        default:
            sink.emit(
                .apsSoundType, path(), at: node.span,
                "\"sound\" must be a sound file name (or \"default\") or a critical-alert dictionary, not "
                    + "\(describe(node)).")
        }
    }

    private func checkSoundDictionary(
        _ node: JSONView, _ members: JSONView.Members, path: @autoclosure () -> String,
        facts: inout PayloadFacts,
        sink: inout DiagnosticSink
    ) {
        var hasName = false
        var isCritical = false
        for member in members {
            func memberPath() -> String { JSONPath.appending(key: member.key, to: path()) }
            let value = member.value
            switch member.key {
            case "critical":
                let flag = value.doubleValue
                if flag != 0 && flag != 1 {
                    sink.emit(
                        .apsSoundCritical, memberPath(), at: value.span,
                        "\"critical\" must be the number 1 (critical alert) or 0, not \(describe(value)).")
                } else if flag == 1 {
                    isCritical = true
                    facts.criticalSound = member
                }
            case "name":
                hasName = true
                requireType(
                    .string, value, path: memberPath(), name: "sound.name", code: .apsSoundName,
                    expected: "a sound file name or \"default\"", sink: &sink)
            case "volume":
                checkVolume(value, path: memberPath(), sink: &sink)
            default:
                reportUnknownKey(
                    member, path: memberPath(), known: Self.soundKeys, code: .apsSoundUnknownKey,
                    container: "sound", sink: &sink)
            }
        }
        if !isCritical {
            sink.emit(
                .apsSoundNotCritical, path(), at: node.span,
                "A sound dictionary is the critical-alert form; without \"critical\": 1 use the string form "
                    + "(\"sound\": \"default\" or a file name).")
        }
        if !hasName {
            sink.emit(
                .apsSoundName, path(), at: node.span,
                "A sound dictionary needs \"name\": a sound file name or \"default\".")
        }
    }

    /// The critical volume runs from 0 (silent) to 1 (full); 2, -0.1 and strings are invalid.
    private func checkVolume(_ node: JSONView, path: @autoclosure () -> String, sink: inout DiagnosticSink) {
        if let volume = node.doubleValue, (0...1).contains(volume) {
            return
        }
        sink.emit(
            .apsSoundCriticalVolume, path(), at: node.span,
            "\"volume\" must be a number from 0 (silent) to 1 (full volume), not \(describe(node)).")
    }

    /// A critical sound without `interruption-level: critical` is valid (iOS 12–14 had only the
    /// sound dictionary) but inconsistent, so it is noted, not warned about (§5).
    func checkCriticalLevel(facts: PayloadFacts, sink: inout DiagnosticSink) {
        guard let critical = facts.criticalSound, facts.interruptionLevel != "critical" else { return }
        sink.emit(
            .apsSoundCriticalLevel, JSONPath.appending(key: "critical", to: "$.aps.sound"),
            at: critical.value.span,
            "The sound is critical but \"interruption-level\" is not \"critical\"; iOS 15+ reads the level, "
                + "so consider adding \"interruption-level\": \"critical\".")
    }
}
