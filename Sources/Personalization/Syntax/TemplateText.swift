/// One string of the payload read as a template, once: plain text and tags, with each tag's
/// place. A string without `{{` or `{%` is one text node and renders to itself.
public struct TemplateText: Sendable, Hashable {
    /// The parsed pieces, in order.
    public var nodes: [TemplateNode]
    /// The string as written.
    public var source: String

    /// Whether the string holds no tag at all.
    public var isPlain: Bool {
        nodes.allSatisfy { if case .text = $0 { true } else { false } }
    }

    /// Reads `source`; throws the first fault with its line and column.
    public init(parsing source: String) throws(TemplateSyntaxError) {
        self.source = source
        var parser = TemplateParser(scalars: Array(source.unicodeScalars))
        nodes = try parser.parse()
    }

    /// Every output tag and condition, depth first, for the checks against the declarations.
    public var outputs: [OutputTag] {
        var found: [OutputTag] = []
        func visit(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .text: break
                case .output(let tag): found.append(tag)
                case .condition(let block):
                    visit(block.then)
                    visit(block.otherwise)
                }
            }
        }
        visit(nodes)
        return found
    }

    /// Every `if` block, depth first.
    public var conditions: [ConditionBlock] {
        var found: [ConditionBlock] = []
        func visit(_ nodes: [TemplateNode]) {
            for case .condition(let block) in nodes {
                found.append(block)
                visit(block.then)
                visit(block.otherwise)
            }
        }
        visit(nodes)
        return found
    }
}
