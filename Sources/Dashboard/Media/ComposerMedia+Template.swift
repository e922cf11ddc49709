import MediaCheck
import Templates

extension ComposerMedia {
    /// `mediaCheck` for `notifications/media-check`: `{present, checked, passed, attached,
    /// unfetched (the host could not be reached from here), busy, status, findings: [{severity,
    /// code, message}]}`; `status` is one sentence saying what iOS will do.
    var templateValue: TemplateValue {
        let findings = (report?.diagnostics ?? []).map { diagnostic -> TemplateValue in
            [
                "severity": .string(diagnostic.severity.rawValue), "code": .string(diagnostic.code),
                "message": .string(diagnostic.message),
            ]
        }
        return [
            "present": .bool(url != nil), "checked": .bool(report != nil),
            "passed": .bool(report?.passed == true),
            "attached": .bool(attached), "unfetched": .bool(unfetched), "busy": .bool(busy),
            "status": .string(status),
            "findings": .list(findings),
        ]
    }

    /// What iOS will do with the media, in one sentence.
    private var status: String {
        guard url != nil else { return "" }
        if busy { return "Too many media checks are running; try again in a moment." }
        guard let report else {
            return
                "Not checked yet: “Check media” downloads it the way the device would. Until then the preview "
                + "shows no media."
        }
        if unfetched {
            return
                "Could not check from this server: it cannot reach the host (see below). The device downloads "
                + "the media over its own network, so the previews draw it as the device would, labelled "
                + "\u{201C}not fetched from this server\u{201D} (its real size is unknown)."
        }
        guard report.passed else {
            return "iOS will not attach it, so the notification arrives without media."
        }
        guard mutableContent else {
            return
                "The media is fine, but without Mutable content the service extension never runs: no media shows."
        }
        return "iOS will attach it; the previews show the real \(report.kind?.rawValue ?? "media")."
    }
}
