import NotificationKit
import NotificationPreview
import Templates

/// The form's field groups as template values: each field says which control it is, so one
/// partial (`notifications/field`) draws every control with its label, hint and error.
extension ComposerView {
    /// `groups`: `[{legend, fields: [field]}]` in page order.
    func groupsValue() -> TemplateValue {
        let registered = registry.identifiers
        let categoryHint =
            registered.isEmpty
            ? "No categories are registered yet, so iOS would show no buttons."
            : "Registered: \(registered.joined(separator: ", ")). Identifiers are case-sensitive."
        let groups: [(String, [TemplateValue])] = [
            ("Notification", [text(.name)]),
            (
                "Alert",
                [counted(text(.title)), counted(text(.subtitle)), counted(textarea(.body, rows: 4))]
            ),
            (
                Self.localizedLegend,
                [
                    text(.titleLocKey, hint: Self.locKeyHint, datalist: "loc-key-options"),
                    textarea(.titleLocArgs, rows: 2, hint: Self.locArgsHint),
                    text(.subtitleLocKey, hint: Self.locKeyHint, datalist: "loc-key-options"),
                    textarea(.subtitleLocArgs, rows: 2, hint: Self.locArgsHint),
                    text(.bodyLocKey, hint: Self.locKeyHint, datalist: "loc-key-options"),
                    textarea(.bodyLocArgs, rows: 2, hint: Self.locArgsHint),
                ]
            ),
            (
                "Behaviour",
                [
                    text(.category, hint: categoryHint, datalist: "category-options"),
                    text(.threadID), text(.badge, inputMode: "numeric"),
                    text(.sound, hint: "default, or a sound file in the app bundle"),
                    select(.interruptionLevel, Self.interruptionLevels),
                    text(
                        .relevanceScore, inputMode: "decimal", hint: "0 to 1; sorts the notification summary"),
                    text(
                        .mediaURL, inputMode: "url",
                        hint: "https; a notification service extension downloads it"),
                    checkbox(.mutableContent, hint: "Lets the service extension add the media"),
                ]
            ),
            (
                "APNs headers",
                [
                    select(
                        .pushType, APNsPushType.allCases.map { ($0.rawValue, $0.rawValue) },
                        hint:
                            "liveactivity adds the Live Activity form below; with scripts off, press Preview after choosing it."
                    ),
                    select(.priority, Self.priorities), text(.topic, hint: "usually the app's bundle ID"),
                    text(.collapseID),
                    text(.expiration, inputMode: "numeric", hint: "UNIX seconds; 0 = once"),
                    text(.apnsID),
                ]
            ),
            (
                "JSON",
                [
                    textarea(
                        .customData, rows: 5, code: true,
                        hint: "A JSON object; its members go beside aps, exactly as written."),
                    textarea(
                        .rawJSON, rows: 16, code: true,
                        hint:
                            "The exact payload that is sent, byte for byte. Change either this or the fields: the side you changed wins when you save or preview. Your own formatting here is kept until a field edit rewrites the payload (pretty-printed). Empty it to rebuild it from the fields."
                    ),
                ]
            ),
        ]
        return .list(
            groups.map { legend, fields in
                var group: [String: TemplateValue] = ["legend": .string(legend), "fields": .list(fields)]
                if legend == Self.localizedLegend {
                    group["collapsible"] = ["open": .bool(localizedGroupIsOpen)]
                }
                return .object(group)
            })
    }

    /// `devices`: the picker's options.
    func devicesValue() -> TemplateValue {
        .list(
            DeviceID.allCases.map { device in
                [
                    "value": .string(device.rawValue), "label": .string(device.label),
                    "selected": .bool(device == options.device),
                ]
            })
    }

    private static let priorities = [
        ("", "not sent (APNs uses 10)"), ("10", "10 · immediately"), ("5", "5 · power-considerate"),
        ("1", "1 · lowest"),
    ]

    private static let interruptionLevels =
        [("", "not set (active)")]
        + InterruptionLevel.allCases.map {
            ($0.rawValue, $0.rawValue)
        }

    /// A field with the counter of its length and where devices cut it (`counter`).
    private func counted(_ value: TemplateValue) -> TemplateValue {
        guard case .object(var object) = value, case .string(let name)? = object["name"],
            let field = ComposerField(rawValue: name)
        else { return value }
        object["counted"] = true
        object["counter"] = .string(counter(field))
        return .object(object)
    }

    /// The counter text of Title, Subtitle or Body ("64 characters · cut on the Banner of …").
    func counter(_ field: ComposerField) -> String {
        analysis.matrix.counter(for: field.rawValue, text: fields[field])
    }

    private func base(_ field: ComposerField, hint: String?) -> [String: TemplateValue] {
        return [
            "id": .string(field.rawValue), "name": .string(field.rawValue), "label": .string(field.label),
            "value": .string(fields[field]), "error": .string(notes.message(for: field)),
            "invalid": .bool(notes.isInvalid(field)), "severity": .string(notes.severity(of: field)),
            "fix": .string(field == .category ? notes.categoryFix ?? "" : ""), "hint": .string(hint ?? ""),
            "wide": .bool(false), "input": false, "textarea": false, "select": false, "checkbox": false,
            "checkMedia": .bool(field == .mediaURL),
            "counted": false, "counter": "",
        ]
    }

    private func text(
        _ field: ComposerField, inputMode: String? = nil, hint: String? = nil, datalist: String? = nil
    ) -> TemplateValue {
        var value = base(field, hint: hint)
        value["input"] = true
        value["datalist"] = .string(datalist ?? "")
        value["inputmode"] = .string(inputMode ?? "")
        return .object(value)
    }

    private func textarea(_ field: ComposerField, rows: Int, code: Bool = false, hint: String? = nil)
        -> TemplateValue
    {
        var value = base(field, hint: hint)
        value["textarea"] = true
        value["rows"] = .int(rows)
        value["code"] = .bool(code)
        value["wide"] = true
        return .object(value)
    }

    private func checkbox(_ field: ComposerField, hint: String? = nil) -> TemplateValue {
        var value = base(field, hint: hint)
        value["checkbox"] = true
        value["checked"] = .bool(fields.mutableContent)
        return .object(value)
    }

    /// A select; a value the options do not hold (from a pasted payload) is added and kept
    /// selected, so saving without touching the field never changes it.
    private func select(_ field: ComposerField, _ choices: [(String, String)], hint: String? = nil)
        -> TemplateValue
    {
        var value = base(field, hint: hint)
        var choices = choices
        let current = fields[field]
        if !choices.contains(where: { $0.0 == current }) {
            choices.append((current, "\(current) (not a known value)"))
        }
        value["select"] = true
        value["options"] = .list(
            choices.map { choice, label in
                ["value": .string(choice), "label": .string(label), "selected": .bool(choice == current)]
            })
        return .object(value)
    }
}
