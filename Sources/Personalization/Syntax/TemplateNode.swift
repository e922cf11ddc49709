/// One piece of a parsed template: plain text, an output tag, or an `if` block.
public indirect enum TemplateNode: Sendable, Hashable {
    /// Text written as it is.
    case text(String)
    /// `{{ variable | filter … }}`.
    case output(OutputTag)
    /// `{% if … %}…{% else %}…{% endif %}`.
    case condition(ConditionBlock)
}

/// `{{ name | filter: argument … }}`: a declared variable and the filters applied in order.
public struct OutputTag: Sendable, Hashable {
    /// The variable's name, dots included (`order.id`).
    public var variable: String
    /// The filters, in the order they apply.
    public var filters: [TemplateFilter]
    /// Where the tag starts.
    public var location: TemplateLocation

    /// Whether a `default` filter stands in for an absent value.
    public var hasDefault: Bool {
        filters.contains { if case .defaultValue = $0 { true } else { false } }
    }
}

/// `{% if name %}` (present) or `{% if name == "value" %}` (equal), with both branches.
public struct ConditionBlock: Sendable, Hashable {
    /// The variable tested.
    public var variable: String
    /// The text it must equal, or nil to test presence.
    public var equals: String?
    /// Where the `if` tag starts.
    public var location: TemplateLocation
    /// What is written when the test holds.
    public var then: [TemplateNode]
    /// What is written otherwise (`{% else %}`), empty when there is no `else`.
    public var otherwise: [TemplateNode]
}
