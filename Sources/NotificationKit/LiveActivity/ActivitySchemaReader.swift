import JSON

/// Imports activity types from JSON Schema (a draft 2020-12 subset): one schema per type, as
/// `ActivityAttributesType.schema` writes it, or `{"activities": [schema, …]}` (the registry
/// export).
///
/// Supported: `type` (one name, or a name and `"null"`), `properties`, `required`,
/// `additionalProperties` (a schema: a `[String: T]` dictionary), `items`, `enum` (strings or
/// integers), `format` `uri`/`uuid`, `x-swift-type` `Date`/`Decimal` (numbers),
/// `ClosedRange`/`Range` (two-item arrays) and `enum` (an enum without a raw type: one key per
/// case), `$ref` to `#/$defs/…`.
/// Annotations and value constraints the device's decoder never checks (`description`,
/// `minimum`, `pattern`, …) are ignored; anything else (`oneOf`, `patternProperties`, …) is an
/// error, because it would make the checks disagree with the app.
///
/// Each `$defs` entry is read once and its type reused wherever it is referred to, with its
/// measure (`ActivityTypeBudget`), so `$ref` chains cost linear time and are refused by size;
/// nesting is checked against `ActivityTypeLimits.maximumDepth` before each recursion.
public struct ActivitySchemaReader {
    private var definitions: [String: JSONNode] = [:]
    private var resolving: [String] = []
    /// Each definition read so far, with what it adds to the type's budget.
    private var resolved: [String: (type: ActivityValueType, measure: ActivityTypeBudget.Measure)] = [:]
    /// The type's size and depth so far.
    private var budget = ActivityTypeBudget()

    /// Keywords the reader reads.
    static let supported: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "format", "$ref", "$defs",
        "x-swift-type", "title",
    ]
    /// Keywords that say nothing about how the device decodes: ignored.
    static let ignored: Set<String> = [
        "$schema", "$id", "$comment", "$anchor", "description", "examples", "default", "deprecated",
        "readOnly",
        "writeOnly", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
        "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties",
        "contentMediaType", "contentEncoding",
    ]

    /// The types in `text`, or the diagnostics that say why they cannot be read.
    public static func importTypes(from bytes: some Collection<UInt8>)
        -> (types: [ActivityAttributesType], diagnostics: [Diagnostic])
    {
        let read = JSONReader().read(bytes)
        guard let root = read.root, read.isValid else {
            return (
                [],
                read.diagnostics.map { diagnostic in
                    Diagnostic(
                        ActivityTypeCode.schemaInvalid, path: diagnostic.path,
                        message: "The schema is not valid JSON: " + diagnostic.message, line: diagnostic.line,
                        column: diagnostic.column)
                }
            )
        }
        var documents: [(JSONNode, String)] = [(root, "$")]
        if let list = root["activities"] {
            guard let elements = list.value.arrayElements else {
                return (
                    [],
                    [
                        Self.problem(
                            .schemaInvalid, "$.activities", "\"activities\" must be an array of schemas", list
                        )
                    ]
                )
            }
            documents = elements.enumerated().map { ($1, "$.activities[\($0)]") }
        }
        var types: [ActivityAttributesType] = []
        var diagnostics: [Diagnostic] = []
        for (document, path) in documents {
            var reader = ActivitySchemaReader()
            do throws(SchemaProblem) {
                let type = try reader.attributesType(document, path: path)
                if types.contains(where: { $0.name.utf8.elementsEqual(type.name.utf8) }) {
                    diagnostics.append(
                        Diagnostic(
                            ActivityTypeCode.duplicateType, path: path,
                            message: "\(type.name) appears twice; the first is kept."))
                } else {
                    types.append(type)
                }
            } catch {
                diagnostics.append(error.diagnostic)
            }
        }
        return (types, diagnostics)
    }

    private mutating func attributesType(_ node: JSONNode, path: String) throws(SchemaProblem)
        -> ActivityAttributesType
    {
        guard case .object = node.value else {
            throw SchemaProblem(.schemaInvalid, path, "a schema must be an object", node)
        }
        if let defs = node["$defs"] {
            guard let members = defs.value.objectMembers else {
                throw SchemaProblem(.schemaInvalid, path + ".$defs", "\"$defs\" must be an object", defs)
            }
            for member in members { definitions[member.key] = member.value }
        }
        guard let title = node["title"]?.value.stringValue, !title.isEmpty else {
            throw SchemaProblem(
                .schemaShape, path, "the schema needs \"title\": the ActivityAttributes type name", node)
        }
        guard let properties = node["properties"], let attributes = properties["attributes"],
            let state = properties["content-state"]
        else {
            throw SchemaProblem(
                .schemaShape, path + ".properties",
                "the schema needs \"properties\" with \"attributes\" and \"content-state\"", node)
        }
        let attributesPath = path + ".properties.attributes"
        let statePath = JSONPath.appending(key: "content-state", to: path + ".properties")
        guard
            case .object(let attributesType) = try value(
                attributes, path: attributesPath, name: title, depth: 1
            ).unwrapped,
            case .object(let stateType) = try value(state, path: statePath, name: "ContentState", depth: 1)
                .unwrapped
        else {
            throw SchemaProblem(
                .schemaShape, path, "\"attributes\" and \"content-state\" must be object schemas", node)
        }
        return ActivityAttributesType(name: title, attributes: attributesType, contentState: stateType)
    }

    /// The type a schema node describes at `depth`; `name` names an object that has no `title`.
    private mutating func value(_ node: JSONNode, path: String, name: String, depth: Int)
        throws(SchemaProblem) -> ActivityValueType
    {
        guard depth <= ActivityTypeLimits.maximumDepth else {
            throw SchemaProblem(
                .tooDeep, path, "the schema nests deeper than \(ActivityTypeLimits.maximumDepth) levels", node
            )
        }
        guard let members = node.value.objectMembers else {
            throw SchemaProblem(
                .schemaInvalid, path, "a schema must be an object, not \(node.value.typeName)", node)
        }
        for member in members where !Self.supported.contains(member.key) && !Self.ignored.contains(member.key)
        {
            throw SchemaProblem(
                .schemaUnsupported, JSONPath.appending(key: member.key, to: path),
                "\"\(member.key)\" is outside the supported JSON Schema subset", member.value)
        }
        if let reference = node["$ref"] {
            return try resolve(reference, path: path, depth: depth)
        }
        let (typeName, nullable) = try typeKeyword(node, path: path)
        let title = node["title"]?.value.stringValue ?? name
        guard budget.count(at: depth) else { throw Self.tooLarge(path, node) }
        let resolved = try shape(typeName, node: node, path: path, title: title, depth: depth)
        return nullable ? .optional(resolved) : resolved
    }

    private mutating func shape(
        _ typeName: String, node: JSONNode, path: String, title: String, depth: Int
    ) throws(SchemaProblem) -> ActivityValueType {
        if let values = node["enum"] {
            return .enumeration(try enumeration(values, typeName: typeName, title: title, path: path))
        }
        let swiftType = node["x-swift-type"]?.value.stringValue
        switch (typeName, swiftType, node["format"]?.value.stringValue) {
        case ("number", "Date"?, _): return .date
        case ("number", "Decimal"?, _): return .decimal
        case ("array", let range?, _) where range == "ClosedRange" || range == "Range":
            guard let items = node["items"] else {
                throw SchemaProblem(.schemaShape, path, "a range schema needs \"items\": its bound", node)
            }
            let bound = try value(items, path: path + ".items", name: title + "Bound", depth: depth + 1)
            return .range(bound, closed: range == "ClosedRange")
        case ("object", "enum"?, _):
            return try caseEnumeration(node, path: path, title: title, depth: depth)
        case (_, let other?, _):
            throw SchemaProblem(
                .schemaUnsupported, path,
                "\"x-swift-type\": \"\(other)\" is not Date or Decimal on a number, ClosedRange or Range on an "
                    + "array, or enum on an object",
                node)
        case ("string", _, "uri"?): return .url
        case ("string", _, "uuid"?): return .uuid
        case ("string", _, _): return .string
        case ("integer", _, _): return .int
        case ("number", _, _): return .double
        case ("boolean", _, _): return .bool
        case ("array", _, _):
            guard let items = node["items"] else {
                throw SchemaProblem(.schemaShape, path, "an array schema needs \"items\"", node)
            }
            return .array(try value(items, path: path + ".items", name: title + "Item", depth: depth + 1))
        case ("object", _, _):
            return try object(node, path: path, title: title, depth: depth)
        default:
            throw SchemaProblem(
                .schemaUnsupported, path + ".type", "type \"\(typeName)\" is outside the subset", node)
        }
    }

    private mutating func object(_ node: JSONNode, path: String, title: String, depth: Int)
        throws(SchemaProblem) -> ActivityValueType
    {
        let properties = node["properties"]?.value.objectMembers
        if let extra = node["additionalProperties"], case .object = extra.value {
            guard properties?.isEmpty ?? true else {
                throw SchemaProblem(
                    .schemaUnsupported, path,
                    "an object with both \"properties\" and an \"additionalProperties\" schema", node)
            }
            return .dictionary(
                try value(
                    extra, path: path + ".additionalProperties", name: title + "Value", depth: depth + 1))
        }
        var required = Set<String>()
        if let list = node["required"] {
            guard let names = list.value.arrayElements?.compactMap(\.value.stringValue),
                names.count == list.value.arrayElements?.count
            else {
                throw SchemaProblem(
                    .schemaInvalid, path + ".required", "\"required\" must be an array of strings", list)
            }
            required = Set(names)
        }
        var fields: [ActivityField] = []
        for member in properties ?? [] {
            let fieldPath = JSONPath.appending(key: member.key, to: path + ".properties")
            var type = try value(
                member.value, path: fieldPath,
                name: member.key.prefix(1).uppercased() + member.key.dropFirst(), depth: depth + 1)
            if !required.contains(member.key), !type.isOptional { type = .optional(type) }
            fields.append(ActivityField(key: member.key, type: type, line: member.keySpan.line))
        }
        return .object(ActivityObjectType(name: title, fields: fields))
    }

    /// An enum without a raw type: each property is a case, an object of its associated values.
    private mutating func caseEnumeration(_ node: JSONNode, path: String, title: String, depth: Int)
        throws(SchemaProblem) -> ActivityValueType
    {
        var cases: [ActivityObjectType] = []
        for member in node["properties"]?.value.objectMembers ?? [] {
            let casePath = JSONPath.appending(key: member.key, to: path + ".properties")
            guard
                case .object(var entry) = try value(
                    member.value, path: casePath, name: member.key, depth: depth + 1)
            else {
                throw SchemaProblem(
                    .schemaShape, casePath, "each case of an enum schema must be an object", member.value)
            }
            entry.name = member.key
            cases.append(entry)
        }
        guard !cases.isEmpty else {
            throw SchemaProblem(
                .schemaShape, path, "an enum schema needs its cases under \"properties\"", node)
        }
        return .cases(ActivityCaseEnumType(name: title, cases: cases))
    }

    private func typeKeyword(_ node: JSONNode, path: String) throws(SchemaProblem) -> (String, Bool) {
        guard let type = node["type"] else {
            if node["enum"] != nil { return ("string", false) }
            throw SchemaProblem(.schemaShape, path, "the schema needs \"type\" (or \"$ref\")", node)
        }
        if let name = type.value.stringValue { return (name, false) }
        let names = type.value.arrayElements?.compactMap(\.value.stringValue) ?? []
        let others = names.filter { $0 != "null" }
        guard others.count == 1, names.count == (type.value.arrayElements?.count ?? -1) else {
            throw SchemaProblem(
                .schemaUnsupported, path + ".type", "\"type\" must be one type name, or one and \"null\"",
                type)
        }
        return (others[0], names.contains("null"))
    }

    private func enumeration(_ values: JSONNode, typeName: String, title: String, path: String)
        throws(SchemaProblem)
        -> ActivityEnumType
    {
        let elements = values.value.arrayElements ?? []
        if typeName == "integer", elements.allSatisfy({ $0.value.numberValue?.int64Value != nil }),
            !elements.isEmpty
        {
            return ActivityEnumType(
                name: title, rawType: .int, rawValues: elements.compactMap { $0.value.numberValue?.literal })
        }
        let strings = elements.compactMap(\.value.stringValue)
        guard typeName == "string", !strings.isEmpty, strings.count == elements.count else {
            throw SchemaProblem(
                .schemaUnsupported, path + ".enum",
                "\"enum\" must list strings (type string) or integers (type integer)",
                values)
        }
        return ActivityEnumType(name: title, rawType: .string, rawValues: strings)
    }

    /// The definition `reference` names, at `depth`: read the first time, reused after.
    private mutating func resolve(_ reference: JSONNode, path: String, depth: Int) throws(SchemaProblem)
        -> ActivityValueType
    {
        let prefix = "#/$defs/"
        guard let target = reference.value.stringValue, target.hasPrefix(prefix) else {
            throw SchemaProblem(
                .schemaReference, path + ".$ref", "only \"#/$defs/<name>\" references are supported",
                reference)
        }
        let name = String(target.dropFirst(prefix.count))
        guard let definition = definitions[name] else {
            throw SchemaProblem(
                .schemaReference, path + ".$ref", "\"\(target)\" names no definition in \"$defs\"", reference)
        }
        guard !resolving.contains(name) else {
            throw SchemaProblem(
                .schemaReference, path + ".$ref", "\"\(target)\" refers to itself; Swift value types cannot",
                reference)
        }
        if let (type, measure) = resolved[name] {
            guard budget.reuse(measure, at: depth) else {
                throw budget.deepest > ActivityTypeLimits.maximumDepth
                    ? SchemaProblem(
                        .tooDeep, path + ".$ref",
                        "through \"\(target)\" the schema nests deeper than \(ActivityTypeLimits.maximumDepth) levels",
                        reference)
                    : Self.tooLarge(path + ".$ref", reference)
            }
            return type
        }
        // A `$ref` to a `$ref` adds no value level: the definitions in progress are capped too.
        guard resolving.count < ActivityTypeLimits.maximumDepth else {
            throw SchemaProblem(
                .tooDeep, path + ".$ref",
                "more than \(ActivityTypeLimits.maximumDepth) definitions refer one to the next", reference)
        }
        resolving.append(name)
        defer { resolving.removeLast() }
        let mark = budget.begin(at: depth)
        let type = try value(
            definition, path: JSONPath.appending(key: name, to: "$.$defs"), name: name, depth: depth)
        resolved[name] = (type, budget.end(mark))
        return type
    }

    private static func tooLarge(_ path: String, _ node: JSONNode) -> SchemaProblem {
        SchemaProblem(
            .tooLarge, path, "the type expands to more than \(ActivityTypeLimits.maximumSize) values", node)
    }

    private static func problem(_ code: ActivityTypeCode, _ path: String, _ message: String, _ node: JSONNode)
        -> Diagnostic
    {
        SchemaProblem(code, path, message, node).diagnostic
    }
}

/// One reason a schema cannot be imported, at a place in its text.
struct SchemaProblem: Error {
    /// The finding, placed at the offending schema node.
    let diagnostic: Diagnostic

    /// A problem of `code` at `path`, placed at `node`'s line and column.
    init(_ code: ActivityTypeCode, _ path: String, _ message: String, _ node: JSONNode) {
        diagnostic = Diagnostic(
            code, path: path, message: message, line: node.span.line, column: node.span.column)
    }
}
