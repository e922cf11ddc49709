import JSON
import NotificationKit

/// Which Live Activity form field a diagnostic is about, so a content-state finding is shown
/// under the field that holds the value (with `aria-invalid`), not under Raw JSON.
extension LiveActivityForm {
    /// One form field and the payload path its value goes to.
    struct FieldPath: Sendable, Equatable {
        /// The JSON path, as the validator names it (`$.aps.content-state.driver.name`).
        var path: String
        /// The form name (`la-state:driver.name`).
        var name: String

        /// Whether a diagnostic at `diagnosticPath` is about this field: the value itself, an
        /// element or member inside it, or the struct around it (a nested struct left out).
        func covers(_ diagnosticPath: String) -> Bool {
            diagnosticPath == path || diagnosticPath.hasPrefix(path + ".")
                || diagnosticPath.hasPrefix(path + "[") || path.hasPrefix(diagnosticPath + ".")
        }
    }

    /// The type the form is for, for a payload whose `aps` is `aps`: the payload's
    /// `attributes-type`, else the one chosen on the page, else the first imported.
    static func formType(aps: JSONNode?, choice: String?, in types: ActivityTypeSet)
        -> ActivityAttributesType?
    {
        type(named: aps?["attributes-type"]?.value.stringValue ?? choice, in: types)
    }

    /// The fields the form shows for `type`, with their paths: the event, the dates and one
    /// per leaf of the content-state (nested structs flattened, as the form draws them).
    static func fieldPaths(for type: ActivityAttributesType?) -> [FieldPath] {
        var paths = [FieldPath(path: "$.aps.event", name: "la-event")]
        paths += dates.map { FieldPath(path: "$.aps." + $0.0, name: $0.1) }
        if let type {
            paths += statePaths(type.contentState, path: "$.aps.content-state", formPath: "")
        }
        return paths
    }

    private static func statePaths(_ object: ActivityObjectType, path: String, formPath: String)
        -> [FieldPath]
    {
        var paths: [FieldPath] = []
        for field in object.fields {
            let jsonPath = JSONPath.appending(key: field.key, to: path)
            let name = formPath.isEmpty ? field.key : formPath + "." + field.key
            if case .object(let nested) = field.type.unwrapped {
                paths += statePaths(nested, path: jsonPath, formPath: name)
            } else {
                paths.append(FieldPath(path: jsonPath, name: statePrefix + name))
            }
        }
        return paths
    }
}
