/// Walks compiled nodes against a stack of contexts and writes escaped HTML.
///
/// A value name is looked up like mustache: its first segment in the innermost context that is an
/// object with that key, then outwards; the remaining segments only inside what was found.
struct TemplateRenderer {
    /// Whether `{{name}}` must resolve to text (see ``TemplateLibrary/Missing``).
    let missing: TemplateLibrary.Missing
    /// HTML produced by the engine for `{{@name}}` tags.
    let slots: [String: String]
    private var stack: [TemplateValue]
    /// The HTML rendered so far.
    private(set) var output = ""

    /// Prepares to render with `context` as the outermost value.
    init(context: TemplateValue, slots: [String: String], missing: TemplateLibrary.Missing) {
        self.stack = [context]
        self.slots = slots
        self.missing = missing
    }

    /// Appends the rendering of `nodes` to ``output``.
    mutating func render(_ nodes: [TemplateNode]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let path, let location):
                try interpolate(path, at: location)
            case .section(let path, let inverted, let children):
                try renderSection(path, inverted: inverted, children)
            case .slot(let name, let location):
                if let html = slots[name] {
                    output += html
                } else if missing == .error {
                    throw TemplateError(.unknownValue, "no HTML was given for slot '\(name)'", at: location)
                }
            case .partial(let name, let location):
                // The library resolves every partial before a template can be rendered.
                throw TemplateError(.unknownPartial, "unresolved partial '\(name)'", at: location)
            }
        }
    }

    private mutating func interpolate(_ path: TemplatePath, at location: SourceLocation) throws(TemplateError)
    {
        switch lookUp(path) {
        case .list?, .object?:
            if missing == .error {
                throw TemplateError(
                    .unknownValue,
                    "'\(path)' is a list or object; show its parts or use a section",
                    at: location
                )
            }
        case let value?:
            output += value.text.htmlEscaped()
        case nil:
            if missing == .error {
                throw TemplateError(.unknownValue, "no value named '\(path)'", at: location)
            }
        }
    }

    private mutating func renderSection(
        _ path: TemplatePath,
        inverted: Bool,
        _ children: [TemplateNode]
    ) throws(TemplateError) {
        let value = lookUp(path)
        let truthy = value?.isTruthy ?? false
        if inverted {
            if !truthy {
                try render(children)
            }
            return
        }
        guard truthy, let value else {
            return
        }
        switch value {
        case .list(let items):
            for item in items {
                try render(children, pushing: item)
            }
        case .bool:
            try render(children)
        default:
            try render(children, pushing: value)
        }
    }

    private mutating func render(_ nodes: [TemplateNode], pushing value: TemplateValue) throws(TemplateError)
    {
        stack.append(value)
        defer { stack.removeLast() }
        try render(nodes)
    }

    private func lookUp(_ path: TemplatePath) -> TemplateValue? {
        guard let first = path.segments.first else {
            return stack.last
        }
        guard let found = stack.reversed().lazy.compactMap({ $0[first] }).first else {
            return nil
        }
        var value = found
        for segment in path.segments.dropFirst() {
            guard let next = value[segment] else {
                return nil
            }
            value = next
        }
        return value
    }
}
