/// Reads one string's tags into nodes: `{{ … }}` outputs and the `if`/`else`/`endif` blocks,
/// with a stack of open blocks, so every fault names the tag where it starts.
struct TemplateParser {
    /// An `if` block being read.
    private struct OpenBlock {
        var variable: String
        var equals: String?
        var location: TemplateLocation
        var then: [TemplateNode] = []
        var otherwise: [TemplateNode] = []
        var inElse = false
    }

    let scalars: [Unicode.Scalar]
    private var position = 0
    private var root: [TemplateNode] = []
    private var open: [OpenBlock] = []

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func parse() throws(TemplateSyntaxError) -> [TemplateNode] {
        var text = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            let next = position + 1 < scalars.count ? scalars[position + 1] : nil
            guard scalar == "{", next == "{" || next == "%" else {
                text.append(scalar)
                position += 1
                continue
            }
            if !text.isEmpty { append(.text(String(text))) }
            text = String.UnicodeScalarView()
            let start = position
            var tokenizer = TagTokenizer(scalars: scalars, position: position + 2)
            let read = tokenizer.tokens(closingWith: next == "{" ? "}" : "%")
            guard case .success(let (tokens, end)) = read else {
                if case .failure(let fault) = read { throw error(.syntax, fault.offset, fault.message) }
                return []
            }
            position = end
            if next == "{" {
                append(.output(try output(tokens, at: start)))
            } else {
                try statement(tokens, at: start)
            }
        }
        if !text.isEmpty { append(.text(String(text))) }
        if let block = open.last {
            throw TemplateSyntaxError(
                .tagUnclosed, at: block.location, "{% if \(block.variable) %} has no {% endif %}")
        }
        return root
    }

    /// `name | filter: a, b | …`.
    private func output(_ tokens: [(TagToken, Int)], at start: Int) throws(TemplateSyntaxError) -> OutputTag {
        guard case .name(let variable)? = tokens.first?.0 else {
            throw error(.syntax, tokens.first?.1 ?? start, "{{ }} needs a variable name")
        }
        var filters: [TemplateFilter] = []
        var index = 1
        while index < tokens.count {
            guard case .pipe = tokens[index].0 else {
                throw error(.syntax, tokens[index].1, "expected \"|\" before a filter")
            }
            index += 1
            guard index < tokens.count, case .name(let name) = tokens[index].0 else {
                throw error(
                    .syntax, index < tokens.count ? tokens[index].1 : start, "\"|\" needs a filter name")
            }
            let filterOffset = tokens[index].1
            index += 1
            var arguments: [TagToken.Literal] = []
            if index < tokens.count, case .colon = tokens[index].0 {
                index += 1
                while index < tokens.count, case .literal(let literal) = tokens[index].0 {
                    arguments.append(literal)
                    index += 1
                    guard index < tokens.count, case .comma = tokens[index].0 else { break }
                    index += 1
                }
            }
            switch TemplateFilter.make(name, arguments) {
            case .success(let filter): filters.append(filter)
            case .failure(let problem):
                let code: TemplateCode =
                    TemplateFilter.names.contains(name) ? .filterArgument : .filterUnknown
                throw error(code, filterOffset, problem.message)
            }
        }
        return OutputTag(variable: variable, filters: filters, location: location(of: start))
    }

    /// `if name`, `if name == "v"`, `else`, `endif`.
    private mutating func statement(_ tokens: [(TagToken, Int)], at start: Int) throws(TemplateSyntaxError) {
        guard case .name(let keyword)? = tokens.first?.0 else {
            throw error(.syntax, start, "{% %} needs a tag name")
        }
        switch keyword {
        case "if":
            guard tokens.count >= 2, case .name(let variable) = tokens[1].0 else {
                throw error(.syntax, start, "{% if %} needs a variable name")
            }
            var equals: String?
            if tokens.count > 2 {
                guard tokens.count == 4, case .equals = tokens[2].0, case .literal(let literal) = tokens[3].0
                else {
                    throw error(.syntax, tokens[2].1, "{% if %} tests a variable, or a variable == \"text\"")
                }
                switch literal {
                case .text(let text): equals = text
                case .integer(let number): equals = String(number)
                }
            }
            open.append(OpenBlock(variable: variable, equals: equals, location: location(of: start)))
        case "else":
            guard tokens.count == 1, let last = open.indices.last, !open[last].inElse else {
                throw error(.tagUnclosed, start, "{% else %} outside an {% if %} block")
            }
            open[last].inElse = true
        case "endif":
            guard tokens.count == 1, let block = open.popLast() else {
                throw error(.tagUnclosed, start, "{% endif %} without an {% if %}")
            }
            append(
                .condition(
                    ConditionBlock(
                        variable: block.variable, equals: block.equals, location: block.location,
                        then: block.then, otherwise: block.otherwise)))
        default:
            throw error(
                .tagUnknown, start,
                "{% \(keyword) %} is not supported; templates have {% if %}, {% else %} and {% endif %} only")
        }
    }

    private mutating func append(_ node: TemplateNode) {
        guard let last = open.indices.last else {
            root.append(node)
            return
        }
        if open[last].inElse { open[last].otherwise.append(node) } else { open[last].then.append(node) }
    }

    private func location(of offset: Int) -> TemplateLocation {
        var line = 1
        var column = 1
        for scalar in scalars[..<min(offset, scalars.count)] {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return TemplateLocation(line: line, column: column)
    }

    private func error(_ code: TemplateCode, _ offset: Int, _ message: String) -> TemplateSyntaxError {
        TemplateSyntaxError(code, at: location(of: offset), message)
    }
}
