extension TemplateFilter {
    /// The filter applied to a value (nil when the recipient has none): only `default` turns an
    /// absent value into text; the others pass it on absent.
    func apply(to value: String?) -> String? {
        if case .defaultValue(let fallback) = self {
            guard let value, !value.isEmpty else { return fallback }
            return value
        }
        guard let value else { return nil }
        switch self {
        case .defaultValue: return value
        case .upcase: return value.uppercased()
        case .downcase: return value.lowercased()
        case .capitalize:
            guard let first = value.first else { return value }
            return first.uppercased() + value.dropFirst().lowercased()
        case .truncate(let limit):
            guard value.count > limit else { return value }
            return value.prefix(limit - 1) + "…"
        case .truncateWords(let limit):
            let words = value.split(whereSeparator: \.isWhitespace)
            guard words.count > limit else { return value }
            return words.prefix(limit).joined(separator: " ") + "…"
        case .replace(let pattern, let replacement):
            return value.replacing(pattern, with: replacement)
        case .date(let format):
            let date = Int64(value).flatMap { CalendarDate(unixSeconds: $0) } ?? CalendarDate(iso: value)
            return date.map(format.format) ?? value
        }
    }
}

extension OutputTag {
    /// The tag's text for `value`: every filter in order, absent written as nothing.
    func render(_ value: String?) -> String {
        filters.reduce(value) { $1.apply(to: $0) } ?? ""
    }
}

extension TemplateText {
    /// The string for one recipient, whose values `value(name)` gives (nil when absent).
    public func render(_ value: (String) -> String?) -> String {
        if nodes.count == 1, case .text(let text) = nodes[0] { return text }
        var output = ""
        Self.render(nodes, value, into: &output)
        return output
    }

    private static func render(
        _ nodes: [TemplateNode], _ value: (String) -> String?, into output: inout String
    ) {
        for node in nodes {
            switch node {
            case .text(let text): output += text
            case .output(let tag): output += tag.render(value(tag.variable))
            case .condition(let block):
                let current = value(block.variable)
                let holds = block.equals.map { current == $0 } ?? !(current ?? "").isEmpty
                render(holds ? block.then : block.otherwise, value, into: &output)
            }
        }
    }
}
