import JSON
import NotificationKit
import NotificationPreview
import Templates

/// The Live Activity parts of the composer (issue 14): the generated form beside Raw JSON and
/// the Lock Screen frame listing the decoded state, both only for push type `liveactivity`.
extension ComposerView {
    /// Apple's margin around Lock Screen content (WWDC23 "Design dynamic Live Activities": 14 pt
    /// on every side) and the Live Activity's maximum Lock Screen height (HIG: 160 pt).
    static let lockScreenMargin = 14.0
    /// The tallest a Lock Screen Live Activity may be, in points.
    static let lockScreenMaximumHeight = 160.0

    /// The payload's `aps` as the form reads it.
    private var liveAps: JSONNode? {
        analysis.root?["aps"]
    }

    /// The imported type the form and the frame are for.
    private var liveType: ActivityAttributesType? {
        LiveActivityForm.formType(aps: liveAps, choice: liveActivityChoice, in: activityTypes)
    }

    /// `liveActivity`: the form's values, or nil (the partial is not shown) for other push types.
    func liveActivityFormValue() -> TemplateValue? {
        guard fields[.pushType] == "liveactivity" else { return nil }
        let aps = liveAps
        let event = aps?["event"]?.value.stringValue ?? "update"
        let type = liveType
        var dates: [TemplateValue] = []
        for (key, name, label) in LiveActivityForm.dates {
            let seconds = aps?[key]?.value.numberValue?.doubleValue
            var date: [String: TemplateValue] = [
                "name": .string(name), "label": .string(label), "id": .string(name),
                "value": .string(typed[name] ?? seconds.map { ActivityDate.iso(unixSeconds: $0) } ?? ""),
            ]
            date.merge(formNoteValues(name)) { $1 }
            dates.append(.object(date))
        }
        var values: [String: TemplateValue] = [
            "events": .list(
                ["start", "update", "end"].map { ["value": .string($0), "selected": .bool($0 == event)] }),
            "types": .list(
                activityTypes.names.map { ["value": .string($0), "selected": .bool($0 == type?.name)] }),
            "hasTypes": .bool(!activityTypes.types.isEmpty),
            "dates": .list(dates),
            "state": .list(
                type.map { stateRows($0.contentState, path: "", values: aps?["content-state"]) } ?? []),
            "typeName": .string(type?.name ?? ""),
        ]
        values.merge(formNoteValues("la-event")) { $1 }
        return .object(values)
    }

    /// The form fields as typed when the form was posted (or sent by a live update).
    private var typed: [String: String] { analysis.composed.typedActivityFields }

    /// `error`, `invalid` and `severity` of the Live Activity form field `name`: every finding
    /// at its path, shown under it (`ComposerFieldNotes.formNotes`).
    private func formNoteValues(_ name: String) -> [String: TemplateValue] {
        let summary = notes.summary(ofFormField: name)
        return [
            "error": .string(summary.message), "invalid": .bool(summary.invalid),
            "severity": .string(summary.severity),
        ]
    }

    /// One row per leaf property of `object` (nested structs flattened as `driver.name`), each
    /// with the value as typed when the form was posted, else as the payload holds it.
    private func stateRows(_ object: ActivityObjectType, path: String, values: JSONNode?)
        -> [TemplateValue]
    {
        var rows: [TemplateValue] = []
        for field in object.fields {
            let fieldPath = path.isEmpty ? field.key : path + "." + field.key
            let node = values?[field.key]
            if case .object(let nested) = field.type.unwrapped {
                rows += stateRows(nested, path: fieldPath, values: node)
                continue
            }
            let name = LiveActivityForm.statePrefix + fieldPath
            let value = typed[name] ?? node.map { Self.formText($0, type: field.type.unwrapped) } ?? ""
            var options: [TemplateValue] = []
            switch field.type.unwrapped {
            case .enumeration(let enumeration):
                options = ([""] + enumeration.rawValues).map {
                    ["value": .string($0), "selected": .bool($0 == value)]
                }
            case .bool:
                options = ["", "true", "false"].map {
                    ["value": .string($0), "selected": .bool($0 == value)]
                }
            default:
                break
            }
            let hint =
                field.type.unwrapped == .date
                ? "UTC, as 2026-01-01T00:30:00Z" : LiveActivityForm.typingHint(for: field.type) ?? ""
            var row: [String: TemplateValue] = [
                "name": .string(name),
                "id": .string("la-state-" + fieldPath.replacingOccurrences(of: ".", with: "-")),
                "label": .string(fieldPath), "type": .string(field.type.swiftName), "value": .string(value),
                "isSelect": .bool(!options.isEmpty), "options": .list(options), "hint": .string(hint),
            ]
            row.merge(formNoteValues(name)) { $1 }
            rows.append(.object(row))
        }
        return rows
    }

    /// How a payload value shows in its form field: dates in ISO 8601, structures as JSON.
    private static func formText(_ node: JSONNode, type: ActivityValueType) -> String {
        switch (type, node.value) {
        case (.date, .number(let number)): ActivityDate.iso(referenceSeconds: number.doubleValue)
        case (_, .string(let text)): text
        case (_, .number(let number)): number.literal
        case (_, .bool(let flag)): flag ? "true" : "false"
        default: JSONWriter().string(node.value)
        }
    }

    /// `liveActivityPreview`: the schematic Lock Screen frame, or nil for other push types.
    func liveActivityPreviewValue() -> TemplateValue? {
        guard fields[.pushType] == "liveactivity" else { return nil }
        let width = analysis.preview.deviceWidth - 2 * Self.lockScreenMargin
        let height = Self.lockScreenMaximumHeight
        let aps = liveAps
        var lines: [TemplateValue] = []
        if let type = liveType {
            let rows = Self.decodedRows(type.contentState, path: "", values: aps?["content-state"])
            let fitting = Int((height - 36) / 18)
            for (index, row) in rows.prefix(fitting).enumerated() {
                lines.append(["text": .string(row), "y": .int(44 + index * 18)])
            }
            if rows.count > fitting {
                lines.append([
                    "text": .string("… \(rows.count - fitting) more"), "y": .int(44 + fitting * 18),
                ])
            }
        }
        let event = aps?["event"]?.value.stringValue ?? "?"
        // Issue 29: iOS 26 also shows Live Activities in CarPlay, without app changes: a
        // schematic frame as wide as the CarPlay banner, with the first two decoded lines.
        let carPlayLines: [TemplateValue] = lines.prefix(2).enumerated().map { index, line in
            ["text": line["text"] ?? .string(""), "y": .int(46 + index * 18)]
        }
        return [
            "width": .string(Self.points(width)), "height": .string(Self.points(height)),
            "device": .string(Self.points(analysis.preview.deviceWidth)),
            "title": .string((liveType?.name ?? "No imported type") + " · " + event),
            "lines": .list(lines), "hasType": .bool(liveType != nil),
            "carPlayWidth": .string(Self.points(DeviceProfile(.carplay).platterWidth)),
            "carPlayLines": .list(carPlayLines),
        ]
    }

    /// `key: value` per leaf of the state, as the app would decode it.
    private static func decodedRows(_ object: ActivityObjectType, path: String, values: JSONNode?) -> [String]
    {
        var rows: [String] = []
        for field in object.fields {
            let fieldPath = path.isEmpty ? field.key : path + "." + field.key
            let node = values?[field.key]
            if case .object(let nested) = field.type.unwrapped, node.map({ $0.value != .null }) ?? false {
                rows += decodedRows(nested, path: fieldPath, values: node)
                continue
            }
            let shown: String
            switch (field.type.unwrapped, node?.value) {
            case (_, nil): shown = field.type.isOptional ? "nil" : "missing"
            case (_, .null?): shown = "nil"
            case (.date, .number(let number)?): shown = ActivityDate.iso(referenceSeconds: number.doubleValue)
            case (_, .string(let text)?): shown = text
            case (_, let value?): shown = JSONWriter().string(value)
            }
            rows.append("\(fieldPath): \(shown)")
        }
        return rows
    }

    private static func points(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
