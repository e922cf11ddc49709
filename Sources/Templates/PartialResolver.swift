/// Replaces every `{{> name}}` with the nodes of the template it names, once, at load time.
///
/// Splicing at load time means a missing partial stops the server at start instead of breaking a
/// page later, and rendering never has to look anything up. Partials that include themselves,
/// directly or through others, would splice forever, so they are an error naming the chain.
struct PartialResolver {
    private let parsed: [String: [TemplateNode]]
    private var resolved: [String: [TemplateNode]] = [:]

    /// Prepares to resolve the parsed templates, keyed by template name.
    init(parsed: [String: [TemplateNode]]) {
        self.parsed = parsed
    }

    /// Every template with its partials spliced in, keyed by name.
    mutating func resolveAll() throws(TemplateError) -> [String: [TemplateNode]] {
        for name in parsed.keys.sorted() {
            _ = try resolve(name, chain: [])
        }
        return resolved
    }

    private mutating func resolve(_ name: String, chain: [String]) throws(TemplateError) -> [TemplateNode] {
        if let done = resolved[name] {
            return done
        }
        let nodes = try splice(parsed[name] ?? [], chain: chain + [name])
        let result = TemplateParser.merged(nodes)
        resolved[name] = result
        return result
    }

    private mutating func splice(_ nodes: [TemplateNode], chain: [String]) throws(TemplateError)
        -> [TemplateNode]
    {
        var result: [TemplateNode] = []
        result.reserveCapacity(nodes.count)
        for node in nodes {
            switch node {
            case .partial(let name, let location):
                guard parsed[name] != nil else {
                    throw TemplateError(
                        .unknownPartial,
                        "no template named '\(name)' (looked for \(name).html)",
                        at: location
                    )
                }
                guard !chain.contains(name) else {
                    let cycle = (chain.drop(while: { $0 != name }) + [name]).joined(separator: " → ")
                    throw TemplateError(
                        .recursivePartial, "partials include each other: \(cycle)", at: location)
                }
                result.append(contentsOf: try resolve(name, chain: chain))
            case .section(let path, let inverted, let children):
                result.append(.section(path, inverted: inverted, try splice(children, chain: chain)))
            default:
                result.append(node)
            }
        }
        return result
    }
}
