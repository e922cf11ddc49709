import JSON

/// The JSON Schema (draft 2020-12) of an activity type: the registry's stored form, the
/// `activities export` output and one of the two import formats.
///
/// ```json
/// {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "DeliveryAttributes",
///  "type": "object", "required": ["attributes", "content-state"],
///  "properties": {"attributes": {…}, "content-state": {…}}}
/// ```
///
/// JSON Schema has no words for Swift's `Date` and `Decimal`, which are JSON numbers; they carry
/// `"x-swift-type"`. `URL` and `UUID` are strings with `format` `uri` and `uuid`.
extension ActivityAttributesType {
    /// The `$schema` this writer declares and the reader expects (when given).
    public static let schemaDialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as a JSON tree, every nested type written inline.
    public var schema: JSONValue {
        var root = JSONObjectBuilder()
        root.set("$schema", Self.schemaDialect)
        root.set("title", name)
        root.set("type", "object")
        root.set("required", .list([.string("attributes"), .string("content-state")]))
        root.set(
            "properties",
            .members(["attributes": attributes.schema, "content-state": contentState.schema]))
        return root.value
    }
}

extension ActivityObjectType {
    /// `{"title", "type": "object", "properties", "required"}`.
    var schema: JSONValue {
        var object = JSONObjectBuilder()
        object.set("title", name)
        object.set("type", "object")
        var properties = JSONObjectBuilder()
        for field in fields {
            properties.set(field.key, field.type.schema(nullable: false))
        }
        object.set("properties", properties.value)
        object.set("required", .list(fields.filter { !$0.type.isOptional }.map { .string($0.key) }))
        return object.value
    }
}

extension ActivityValueType {
    /// The schema of one value; `nullable` adds `"null"` to the type (an optional inside an
    /// array or dictionary, where leaving the key out is not possible).
    func schema(nullable: Bool) -> JSONValue {
        var node = JSONObjectBuilder()
        func type(_ name: String) {
            node.set("type", nullable ? .list([.string(name), .string("null")]) : .string(name))
        }
        switch self {
        case .string: type("string")
        case .int: type("integer")
        case .double: type("number")
        case .bool: type("boolean")
        case .decimal:
            type("number")
            node.set("x-swift-type", "Decimal")
        case .date:
            type("number")
            node.set("x-swift-type", "Date")
            node.set(
                "description", "Seconds since 2001-01-01T00:00:00Z (JSONDecoder's default date strategy).")
        case .url:
            type("string")
            node.set("format", "uri")
        case .uuid:
            type("string")
            node.set("format", "uuid")
        case .optional(let wrapped):
            return wrapped.schema(nullable: true)
        case .array(let element):
            type("array")
            node.set("items", element.schema(nullable: element.isOptional))
        case .dictionary(let value):
            type("object")
            node.set("additionalProperties", value.schema(nullable: value.isOptional))
        case .object(let object):
            guard nullable, case .object(var members) = object.schema else { return object.schema }
            members[1].value = JSONNode(.list([.string("object"), .string("null")]))
            return .object(members)
        case .enumeration(let enumeration):
            node.set("title", enumeration.name)
            type(enumeration.rawType == .string ? "string" : "integer")
            node.set(
                "enum",
                .list(
                    enumeration.rawValues.map { raw in
                        enumeration.rawType == .string ? .string(raw) : .int(Int(raw) ?? 0)
                    }))
        }
        return node.value
    }
}
