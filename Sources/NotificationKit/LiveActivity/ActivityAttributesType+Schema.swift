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
/// `"x-swift-type"`, as do ranges (`"ClosedRange"`, `"Range"`: two-item arrays) and enums
/// without a raw type (`"enum"`: an object with exactly one of its case keys). `URL` and
/// `UUID` are strings with `format` `uri` and `uuid`.
///
/// Every struct nested in `attributes` or `content-state` is written once under `$defs` (by its
/// Swift name, numbered when two different structs share one) and referred to with `$ref`
/// wherever it is used, so the stored form grows with the declarations, never with how often
/// they are used.
extension ActivityAttributesType {
    /// The `$schema` this writer declares and the reader expects (when given).
    public static let schemaDialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as a JSON tree, nested structs under `$defs`.
    public var schema: JSONValue {
        var definitions = SchemaDefinitions()
        let properties: JSONValue = .members([
            "attributes": attributes.schema(&definitions), "content-state": contentState.schema(&definitions),
        ])
        var root = JSONObjectBuilder()
        root.set("$schema", Self.schemaDialect)
        root.set("title", name)
        root.set("type", "object")
        root.set("required", .list([.string("attributes"), .string("content-state")]))
        root.set("properties", properties)
        if !definitions.written.isEmpty {
            root.set("$defs", definitions.value)
        }
        return root.value
    }
}

/// The nested structs of one schema, each written once: what `$defs` holds and the key each
/// struct is referred to by.
struct SchemaDefinitions {
    /// `$defs` in the order first used.
    var written: [(key: String, value: JSONValue)] = []
    /// Each struct written, by value (a struct shared by many fields is one value, hashed once
    /// per use and within `ActivityTypeLimits.maximumSize`), with its key.
    var keys: [ActivityObjectType: String] = [:]
    /// The keys taken.
    var taken: Set<String> = []

    /// `{"$ref": "#/$defs/Key"}` for `object`, writing its definition the first time.
    mutating func reference(to object: ActivityObjectType) -> JSONValue {
        let key: String
        if let known = keys[object] {
            key = known
        } else {
            // The key goes into a JSON pointer unescaped: a Swift name as it is, anything else
            // (a schema's free-form title) as `Type`; the title keeps the name itself.
            let base = Self.isPlainKey(object.name) ? object.name : "Type"
            var candidate = base
            var number = 1
            while taken.contains(candidate) {
                number += 1
                candidate = base + "_\(number)"
            }
            key = candidate
            keys[object] = key
            taken.insert(key)
            let position = written.count
            written.append((key, .null))
            let schema = object.schema(&self)
            written[position].value = schema
        }
        return .members(["$ref": .string("#/$defs/" + key)])
    }

    /// The `$defs` object (built directly: one builder `set` per key would compare every key).
    var value: JSONValue {
        let place = JSONSpan(start: 0, end: 0, line: 1, column: 1)
        return .object(written.map { JSONMember(key: $0.key, keySpan: place, value: JSONNode($0.value)) })
    }

    private static func isPlainKey(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128
            && name.unicodeScalars.allSatisfy {
                $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            }
    }
}

extension ActivityObjectType {
    /// `{"title", "type": "object", "properties", "required"}`, nested structs as references.
    func schema(_ definitions: inout SchemaDefinitions) -> JSONValue {
        var object = JSONObjectBuilder()
        object.set("title", name)
        object.set("type", "object")
        var properties = JSONObjectBuilder()
        for field in fields {
            properties.set(field.key, field.type.schema(nullable: false, &definitions))
        }
        object.set("properties", properties.value)
        object.set("required", .list(fields.filter { !$0.type.isOptional }.map { .string($0.key) }))
        return object.value
    }
}

extension ActivityValueType {
    /// The schema of one value; `nullable` adds `"null"` to the type (an optional inside an
    /// array or dictionary, where leaving the key out is not possible).
    func schema(nullable: Bool, _ definitions: inout SchemaDefinitions) -> JSONValue {
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
            return wrapped.schema(nullable: true, &definitions)
        case .array(let element):
            type("array")
            node.set("items", element.schema(nullable: element.isOptional, &definitions))
        case .dictionary(let value):
            type("object")
            node.set("additionalProperties", value.schema(nullable: value.isOptional, &definitions))
        case .object(let object):
            // A reference cannot add "null" to its target's type: a nullable struct (`[Driver?]`)
            // is written in place, its own fields still by reference.
            guard nullable, case .object(var members) = object.schema(&definitions) else {
                return definitions.reference(to: object)
            }
            members[1].value = JSONNode(.list([.string("object"), .string("null")]))
            return .object(members)
        case .range(let bound, let closed):
            type("array")
            node.set("x-swift-type", closed ? "ClosedRange" : "Range")
            node.set("items", bound.schema(nullable: false, &definitions))
            node.set("minItems", 2)
            node.set("maxItems", 2)
            node.set("description", "[lowerBound, upperBound], lowerBound <= upperBound.")
        case .cases(let enumeration):
            // One key, the case name, holding the case's associated values by label.
            node.set("title", enumeration.name)
            type("object")
            node.set("x-swift-type", "enum")
            var cases = JSONObjectBuilder()
            for entry in enumeration.cases {
                cases.set(entry.name, entry.schema(&definitions))
            }
            node.set("properties", cases.value)
            node.set("additionalProperties", false)
            node.set("minProperties", 1)
            node.set("maxProperties", 1)
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
