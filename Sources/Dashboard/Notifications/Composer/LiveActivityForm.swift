import HTTPKit
import JSON
import NotificationKit
import Templates

/// The composer's Live Activity form (issue 14): when the push type is `liveactivity`, the
/// event, the timestamps and one field per `content-state` property of the imported type,
/// generated from the type, beside Raw JSON.
///
/// Its fields (`la-…`) are laid over the payload the other fields built, so Raw JSON shows the
/// result and stays the one source of truth: values the form cannot convert (text in an `Int`
/// field, a list that is neither comma-separated nor JSON) go in as typed, the validator
/// reports them, and the page shows each finding under the field it is about
/// (`fieldPaths(for:)`), with the text as typed still in the field (`ComposedPayload.typedActivityFields`).
enum LiveActivityForm {
    /// The name prefix of a `content-state` field: `la-state:driver.name`.
    static let statePrefix = "la-state:"
    /// The aps keys of the form's timestamp fields, with their form names and labels.
    static let dates = [
        ("timestamp", "la-timestamp", "Timestamp"), ("stale-date", "la-stale-date", "Stale date"),
        ("dismissal-date", "la-dismissal-date", "Dismissal date"),
    ]

    /// The type the form is for: the one chosen, the payload's `attributes-type`, or the first.
    static func type(named name: String?, in types: ActivityTypeSet) -> ActivityAttributesType? {
        name.flatMap { types.type(named: $0) } ?? types.types.first
    }

    /// `composed` with the Live Activity fields of `form` applied, when the push type is
    /// `liveactivity`, the form shows them (`la-present`) and the fields were the source.
    static func overlay(_ composed: ComposedPayload, form: FormFields, types: ActivityTypeSet)
        -> ComposedPayload
    {
        guard composed.fields[.pushType] == "liveactivity", form["la-present"] == "1",
            composed.source == .form,
            let text = composed.text, let root = JSONReader().read(text).root,
            case .object(var members) = root.value
        else { return composed }
        // The form owns the dates: one it leaves empty is left out of the payload.
        let cleared = Set(
            dates.filter { (form[$0.1] ?? "").trimmingCharacters(in: .whitespaces).isEmpty }.map(\.0))
        var aps = JSONObjectBuilder()
        for member in members.last(where: { $0.key == "aps" })?.value.value.objectMembers ?? []
        where !cleared.contains(member.key) {
            aps.set(member.key, member.value.value)
        }
        if let event = form["la-event"], ["start", "update", "end"].contains(event) {
            aps.set("event", event)
        }
        for (key, name, _) in dates {
            let value = (form[name] ?? "").trimmingCharacters(in: .whitespaces)
            if value.isEmpty {
                continue
            } else if let seconds = ActivityDate.unixSeconds(fromISO: value) ?? Double(value) {
                aps.set(key, .int(Int(seconds)))
            } else {
                aps.set(key, value)
            }
        }
        if let type = type(named: form["la-type"], in: types) {
            aps.set("content-state", build(type.contentState, path: "", form: form))
            if form["la-event"] == "start" { aps.set("attributes-type", type.name) }
        }
        if let index = members.lastIndex(where: { $0.key == "aps" }) {
            members[index].value = JSONNode(aps.value)
        } else {
            members.insert(JSONMember(key: "aps", keySpan: root.span, value: JSONNode(aps.value)), at: 0)
        }
        var result = composed
        // Raw JSON as people read it, like the payload a field edit writes (PayloadComposer).
        let written = JSONWriter(style: .pretty).string(.object(members))
        for field in form.fields
        where field.name.hasPrefix("la-") && result.typedActivityFields[field.name] == nil {
            result.typedActivityFields[field.name] = field.value
        }
        result.text = written
        result.fields[.rawJSON] = written
        result.fields[.renderedRaw] = written
        return result
    }

    /// The `content-state` object from the form's fields for `object`.
    private static func build(_ object: ActivityObjectType, path: String, form: FormFields) -> JSONValue {
        var built = JSONObjectBuilder()
        for field in object.fields {
            let fieldPath = path.isEmpty ? field.key : path + "." + field.key
            if case .object(let nested) = field.type.unwrapped {
                let value = build(nested, path: fieldPath, form: form)
                if !(field.type.isOptional && value.objectMembers?.isEmpty == true) {
                    built.set(field.key, value)
                }
                continue
            }
            let text = form[statePrefix + fieldPath] ?? ""
            if text.isEmpty && (field.type.isOptional || field.type.unwrapped != .string) { continue }
            built.set(field.key, convert(text, to: field.type.unwrapped))
        }
        return built.value
    }

    /// A typed form value as the JSON the app's decoder reads.
    static func convert(_ text: String, to type: ActivityValueType) -> JSONValue {
        switch type {
        case .int: return Int(text).map(JSONValue.int) ?? .string(text)
        case .double, .decimal: return Double(text).map(JSONValue.double) ?? .string(text)
        case .bool: return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        case .date:
            if let seconds = ActivityDate.referenceSeconds(fromISO: text) ?? Double(text) {
                return seconds.rounded() == seconds ? .int(Int(seconds)) : .double(seconds)
            }
            return .string(text)
        case .enumeration(let enumeration) where enumeration.rawType == .int:
            return Int(text).map(JSONValue.int) ?? .string(text)
        case .array(let element):
            return list(text, of: element) ?? .string(text)
        case .dictionary:
            let read = JSONReader().read(text)
            return read.isValid ? read.root?.value ?? .string(text) : .string(text)
        default: return .string(text)
        }
    }
}
