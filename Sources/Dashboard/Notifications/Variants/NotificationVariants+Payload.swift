import JSON
import NotificationKit

extension NotificationVariants {
    /// The alert keys a variant's text replaces, with the localized keys that would otherwise
    /// win over it on the device (iOS shows `title-loc-key`'s text, not `title`).
    private static let replaced: [(field: String, locKeys: [String])] = [
        ("title", ["title-loc-key", "title-loc-args"]),
        ("subtitle", ["subtitle-loc-key", "subtitle-loc-args"]),
        ("body", ["loc-key", "loc-args"]),
    ]

    /// The payload `texts` make of `base`: `aps.alert`'s title, subtitle and body replaced by
    /// the variant's non-empty texts (a string alert becomes `{"body": …}`), their `*-loc-key`
    /// and `*-loc-args` dropped; every other member kept in its place. A base that does not
    /// read as an object is answered as it is, so its report says why.
    static func payload(of texts: Texts, base: String) -> [UInt8] {
        guard let root = JSONReader.apns.read(base).root, case .object(var members) = root.value else {
            return Array(base.utf8)
        }
        var aps = members.first { $0.key == "aps" }?.value.value.objectMembers ?? []
        var alert: [JSONMember]
        switch aps.first(where: { $0.key == "alert" })?.value.value {
        case .object(let existing)?: alert = existing
        case .string(let body)?: alert = [member("body", .string(body))]
        default: alert = []
        }
        for entry in replaced where !texts[entry.field].isEmpty {
            alert.removeAll { entry.locKeys.contains($0.key) }
            set(entry.field, .string(texts[entry.field]), in: &alert)
        }
        set("alert", .object(alert), in: &aps)
        set("aps", .object(aps), in: &members)
        return JSONWriter().bytes(.object(members))
    }

    /// The payload of the variant `tag`, or nil when there is none.
    func payload(of tag: String, base: String) -> [UInt8]? {
        texts(of: tag).map { Self.payload(of: $0, base: base) }
    }

    private static func set(_ key: String, _ value: JSONValue, in members: inout [JSONMember]) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = JSONNode(value)
        } else {
            members.append(member(key, value))
        }
    }

    private static func member(_ key: String, _ value: JSONValue) -> JSONMember {
        JSONMember(key: key, keySpan: JSONSpan(start: 0, end: 0, line: 0, column: 0), value: JSONNode(value))
    }
}
