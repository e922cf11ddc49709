import Foundation
import JSON
import NotificationKit

/// Lays the posted fields over the payload the page last showed: a field whose text differs
/// from what that payload showed sets (or, when emptied, removes) its key; every other member is
/// kept as it was, in place.
struct ComposerOverlay {
    /// The fields as posted.
    let posted: ComposerFields
    /// The fields as the page showed them (filled from the base payload).
    let before: ComposerFields
    /// One message per field whose text cannot be bound.
    private(set) var errors: [ComposerField: String] = [:]

    /// Makes an overlay of `posted` over the fields `before` showed.
    init(posted: ComposerFields, before: ComposerFields) {
        self.posted = posted
        self.before = before
    }

    /// The payload: `base` (an object, or nil for a new payload) with the changed fields laid
    /// over it. `aps` comes first in a new payload, then the media URL, then custom data.
    mutating func payload(over base: JSONNode?) -> JSONValue {
        var root = ComposerMemberList(base?.value.objectMembers ?? [])
        let aps = aps(over: base?["aps"])
        if base?["aps"] != nil || aps.objectMembers?.isEmpty == false || base == nil {
            root.set("aps", aps)
        }
        let mediaKey = ComposerFields.mediaKey(in: base) ?? NotificationPayload.mediaURLKeys[0]
        if changed(.mediaURL) {
            root.set(mediaKey, trimmed(.mediaURL).map(JSONValue.string))
        }
        if changed(.customData), let custom = customMembers(mediaKey: mediaKey) {
            root.members.removeAll { $0.key != "aps" && $0.key != mediaKey }
            root.members += custom
        }
        return .object(root.members)
    }

    private mutating func aps(over base: JSONNode?) -> JSONValue {
        var aps = ComposerMemberList(base?.value.objectMembers ?? [])
        let alertFields =
            ComposerFields.alertFields + ComposerFields.locKeyFields + ComposerFields.locArgsFields
        if alertFields.contains(where: { changed($0.field) }) {
            aps.set("alert", alert(over: base?["alert"]))
        }
        for (key, field) in ComposerFields.apsFields where changed(field) {
            aps.set(key, value(of: field))
        }
        return .object(aps.members)
    }

    /// The alert dictionary; a string alert becomes `{"body": …}` first so its text is kept.
    private func alert(over base: JSONNode?) -> JSONValue? {
        var alert: ComposerMemberList
        switch base?.value {
        case .object(let members): alert = ComposerMemberList(members)
        case .string(let body): alert = ComposerMemberList([]).setting("body", .string(body))
        default: alert = ComposerMemberList([])
        }
        for (key, field) in ComposerFields.alertFields where changed(field) {
            let text = posted[field]
            alert.set(key, text.isEmpty ? nil : .string(text))
        }
        for (key, field) in ComposerFields.locKeyFields where changed(field) {
            alert.set(key, trimmed(field).map(JSONValue.string))
        }
        // loc-args are strings only (iOS formats them into the key's text); one a line.
        for (key, field) in ComposerFields.locArgsFields where changed(field) {
            let lines = posted[field].split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            alert.set(key, posted[field].isEmpty ? nil : .array(lines.map { JSONNode(.string($0)) }))
        }
        return alert.members.isEmpty ? nil : .object(alert.members)
    }

    /// The typed value of an `aps` field; nil removes the key.
    private mutating func value(of field: ComposerField) -> JSONValue? {
        switch field {
        case .mutableContent:
            return posted.mutableContent ? .int(1) : nil
        case .badge:
            return number(field, integer: true, hint: "a whole number, like 3 (0 clears the badge)")
        case .relevanceScore:
            return number(field, integer: false, hint: "a number from 0 to 1, like 0.5")
        default:
            return trimmed(field).map(JSONValue.string)
        }
    }

    /// A number field: the number exactly as typed (its literal is kept), or a field error.
    private mutating func number(_ field: ComposerField, integer: Bool, hint: String) -> JSONValue? {
        guard let text = trimmed(field) else { return nil }
        let read = JSONReader.apns.read(text)
        guard read.isValid, let number = read.root?.value.numberValue, !integer || number.isInteger else {
            errors[field] = "\(field.label) must be \(hint), not \"\(text)\"."
            return nil
        }
        return .number(number)
    }

    /// The custom data members, or nil with a field error when the text is not a JSON object
    /// or repeats a key the payload already has.
    private mutating func customMembers(mediaKey: String) -> [JSONMember]? {
        guard let text = trimmed(.customData) else { return [] }
        let read = JSONReader.apns.read(text)
        guard read.isValid, let members = read.root?.value.objectMembers else {
            let reason =
                read.isValid
                ? "It must be a JSON object, like {\"order-id\": 42}."
                : PayloadComposer.describe(read.diagnostics)
            errors[.customData] = "Custom data must be a JSON object. " + reason
            return nil
        }
        if members.contains(where: { $0.key == "aps" }) {
            errors[.customData] =
                "Custom data cannot hold \"aps\": use the fields above, or edit Raw JSON."
            return nil
        }
        if trimmed(.mediaURL) != nil, let clash = members.first(where: { $0.key == mediaKey }) {
            errors[.customData] = "\"\(clash.key)\" is the Media URL field's key; set it there, not here."
            return nil
        }
        return members
    }

    /// Whether the person changed `field` from what the page showed.
    private func changed(_ field: ComposerField) -> Bool {
        if field == .customData {
            return trimmed(.customData) != before[.customData].nilIfBlank
        }
        return posted[field] != before[field]
    }

    /// The posted text without surrounding whitespace; nil when that leaves nothing.
    private func trimmed(_ field: ComposerField) -> String? {
        posted[field].nilIfBlank
    }
}
