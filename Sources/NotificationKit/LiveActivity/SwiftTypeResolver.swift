import JSON

/// Turns parsed declarations into activity types, looking names up from the innermost lexical
/// scope outwards, as Swift does.
///
/// Each struct is resolved once and its value reused wherever it is used (the value's storage is
/// shared, not copied), with its measure (`ActivityTypeBudget`), so a type whose structs each use
/// the next twice costs linear time and memory and is refused by size, not expanded. A struct
/// met again while it is being resolved is a cycle, refused naming it.
struct SwiftTypeResolver {
    /// The declarations of every imported file.
    let syntax: SwiftFileSyntax
    /// Each struct resolved so far, by `id`, with what it adds to a type's budget.
    private var resolved: [Int: (type: ActivityObjectType, measure: ActivityTypeBudget.Measure)] = [:]
    /// The structs and aliases being resolved, outermost first: a cycle is one met again here.
    private var resolving: [(id: Int, name: String, line: Int)] = []
    /// The files of the declarations being resolved, innermost last: where a line is.
    var files: [String?] = []
    /// The type being imported's size and depth so far.
    var budget = ActivityTypeBudget()

    /// A resolver over the declarations of `syntax`.
    init(_ syntax: SwiftFileSyntax) {
        self.syntax = syntax
    }

    /// `line 4` (or `Timer.swift, line 4`) in the file being resolved.
    func place(_ line: Int) -> String {
        SwiftImportError.place(line, file: files.last ?? nil)
    }

    /// An error of `code` at `line` of the file being resolved.
    func failure(_ code: ActivityTypeCode, _ line: Int?, _ what: String) -> SwiftImportError {
        SwiftImportError(
            code: code, message: (line.map { place($0) + ": " } ?? "") + what, line: line,
            file: files.last ?? nil)
    }

    /// The attributes type declared by `root`.
    mutating func attributesType(_ root: SwiftStructSyntax) throws(SwiftImportError) -> ActivityAttributesType
    {
        budget = ActivityTypeBudget()
        files = [root.file]
        let scope = [root]
        let state: ActivityObjectType
        if let nested = root.structs.first(where: { $0.name == "ContentState" }) {
            state = try object(nested, scope: scope + [nested], depth: 1)
        } else if let alias = root.aliases.first(where: { $0.name == "ContentState" }) {
            guard case .object(let target) = try resolve(alias, scope: scope, depth: 1) else {
                throw failure(.swiftUnsupported, alias.line, "ContentState must be a struct")
            }
            state = target
        } else {
            throw failure(
                .swiftNoAttributes, root.line,
                "\(root.name) has no nested `struct ContentState: Codable, Hashable`")
        }
        return ActivityAttributesType(
            name: root.name, attributes: try object(root, scope: scope, depth: 1), contentState: state)
    }

    /// The struct `syntax` (found in `scope`, its lexical scope with itself innermost) at
    /// `depth`: resolved the first time, reused after.
    mutating func object(_ syntax: SwiftStructSyntax, scope: [SwiftStructSyntax], depth: Int)
        throws(SwiftImportError) -> ActivityObjectType
    {
        if let (type, measure) = resolved[syntax.id] {
            guard budget.reuse(measure, at: depth) else { throw overBudget(syntax.name, line: syntax.line) }
            return type
        }
        files.append(syntax.file)
        defer { files.removeLast() }
        try enter(id: syntax.id, name: syntax.name, line: syntax.line, depth: depth)
        defer { resolving.removeLast() }
        if let refusal = syntax.refusal { throw refusal }
        try refuseCustomDecoder(of: syntax.name, scope: scope.dropLast().map(\.name))
        let mark = budget.begin(at: depth)
        let keys = try codingKeys(of: syntax)
        var fields: [ActivityField] = []
        for property in syntax.properties {
            // A `let` with a value is never decoded; CodingKeys leave out what they do not list.
            if property.isLet && property.hasDefault { continue }
            let key: String
            if let keys {
                guard let mapped = keys[property.name] else { continue }
                key = mapped
            } else {
                key = property.name
            }
            // Two members under one key do not compile (a redeclaration, or a coding key's raw
            // value twice), and a schema cannot say it: refused, not stored with one lost.
            if let first = fields.first(where: { $0.key == key }) {
                throw failure(
                    .swiftSyntax, property.line,
                    "`\(syntax.name)` has two members encoded as `\(key)` (the first on line "
                        + "\(first.line.map(String.init) ?? "?")); Swift refuses a redeclaration or a repeated coding key"
                )
            }
            fields.append(
                ActivityField(
                    key: key, type: try resolve(property.type, scope: scope, depth: depth + 1),
                    line: property.line))
        }
        let type = ActivityObjectType(name: syntax.name, fields: fields)
        resolved[syntax.id] = (type, budget.end(mark))
        return type
    }

    /// Counts one value at `depth`, and starts resolving the declaration `id` unless it is
    /// already being resolved (a cycle) or the type is already too deep or too large.
    private mutating func enter(id: Int, name: String, line: Int, depth: Int) throws(SwiftImportError) {
        if let start = resolving.firstIndex(where: { $0.id == id }) {
            let chain = resolving[start...].map(\.name) + [name]
            throw failure(
                .swiftRecursive, line,
                "`\(name)` contains itself (\(chain.joined(separator: " → "))); recursive types are outside "
                    + "the supported subset")
        }
        try count(at: depth, line: line)
        resolving.append((id, name, line))
    }

    /// Counts one value at `depth`, or fails past either cap; checked before recursing.
    mutating func count(at depth: Int, line: Int?) throws(SwiftImportError) {
        guard depth <= ActivityTypeLimits.maximumDepth else {
            throw failure(
                .tooDeep, line, "the type nests deeper than \(ActivityTypeLimits.maximumDepth) levels")
        }
        guard budget.count(at: depth) else {
            throw failure(
                .tooLarge, line, "the type expands to more than \(ActivityTypeLimits.maximumSize) values")
        }
    }

    /// The error for a reused struct that takes the type past a cap.
    private func overBudget(_ name: String, line: Int) -> SwiftImportError {
        if budget.deepest > ActivityTypeLimits.maximumDepth {
            return failure(
                .tooDeep, line,
                "through `\(name)` the type nests deeper than \(ActivityTypeLimits.maximumDepth) levels")
        }
        return failure(
            .tooLarge, line,
            "with `\(name)` used again the type expands to more than \(ActivityTypeLimits.maximumSize) values"
        )
    }

    /// The type `alias` names, in `scope` (the alias's container innermost).
    mutating func resolve(_ alias: SwiftAliasSyntax, scope: [SwiftStructSyntax], depth: Int)
        throws(SwiftImportError) -> ActivityValueType
    {
        files.append(alias.file)
        defer { files.removeLast() }
        try enter(id: alias.id, name: alias.name, line: alias.line, depth: depth)
        defer { resolving.removeLast() }
        guard let type = alias.type else {
            throw alias.refusal ?? failure(.swiftUnsupported, alias.line, "the type alias `\(alias.name)`")
        }
        return try resolve(type, scope: scope, depth: depth + 1)
    }

    /// Fails when an extension gives `name` (nested in `containers`) an `init(from:)`.
    func refuseCustomDecoder(of name: String, scope containers: [String]) throws(SwiftImportError) {
        for decoder in syntax.customDecoders where decoder.path.last == name {
            let outer = decoder.path.dropLast()
            if outer.isEmpty || containers.suffix(outer.count).elementsEqual(outer) { throw decoder.error }
        }
    }

    /// Property name → JSON key from a `CodingKeys` enum, or nil when the struct has none. A
    /// case that names no stored property does not compile, so it is refused naming its line.
    private func codingKeys(of syntax: SwiftStructSyntax) throws(SwiftImportError) -> [String: String]? {
        guard let keys = syntax.enums.first(where: { $0.name == "CodingKeys" }) else { return nil }
        var map: [String: String] = [:]
        for entry in keys.cases {
            if let raw = entry.rawValue, raw.kind != .string {
                throw failure(
                    .swiftUnsupported, entry.line,
                    "CodingKeys with Int raw values are outside the supported subset")
            }
            guard syntax.properties.contains(where: { $0.name == entry.name }) else {
                throw failure(
                    .swiftUnsupported, entry.line,
                    "the CodingKeys case `\(entry.name)` names no stored property of `\(syntax.name)` "
                        + "(Swift refuses to synthesize Codable for it)")
            }
            map[entry.name] = entry.rawValue?.text ?? entry.name
        }
        return map
    }
}
