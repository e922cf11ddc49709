/// Renders a template string at its worst: at each output tag the candidate value whose
/// rendered text measures most, at each `if` the branch that does.
struct WorstRender {
    /// The candidates of a tag (nil: absent); a tag of a variable kept at its example gets one.
    let candidates: (OutputTag) -> [String?]
    /// What "most" means: escaped bytes for the size, characters for the lines.
    let measure: (String) -> Int

    func render(_ text: TemplateText) -> String {
        render(text.nodes)
    }

    private func render(_ nodes: [TemplateNode]) -> String {
        var output = ""
        for node in nodes {
            switch node {
            case .text(let text): output += text
            case .output(let tag):
                let texts = candidates(tag).map { tag.render($0) }
                output += texts.max { measure($0) < measure($1) } ?? ""
            case .condition(let block):
                let then = render(block.then)
                let otherwise = render(block.otherwise)
                output += measure(then) >= measure(otherwise) ? then : otherwise
            }
        }
        return output
    }
}
