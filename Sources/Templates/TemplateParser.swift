/// Builds the node tree of one template from its tokens, matching sections with their close tags.
enum TemplateParser {
    /// A section whose close tag has not been seen yet.
    private struct OpenSection {
        let tag: TemplateTag
        var children: [TemplateNode] = []
    }

    /// The nodes of the template in `source`, which is shown in errors as `file`.
    static func parse(_ source: String, file: String) throws(TemplateError) -> [TemplateNode] {
        var lexer = TemplateLexer(file: file, source: source)
        let tokens = try lexer.tokenize()
        var root: [TemplateNode] = []
        var open: [OpenSection] = []

        func append(_ node: TemplateNode) {
            if open.isEmpty {
                root.append(node)
            } else {
                open[open.count - 1].children.append(node)
            }
        }

        for token in tokens {
            switch token {
            case .text(let text):
                append(.text(text))
            case .tag(let tag):
                switch tag.kind {
                case .comment:
                    break
                case .variable:
                    append(.variable(TemplatePath(tag.name), tag.location))
                case .partial:
                    append(.partial(tag.name, tag.location))
                case .slot:
                    append(.slot(tag.name, tag.location))
                case .section, .invertedSection:
                    open.append(OpenSection(tag: tag))
                case .close:
                    guard let innermost = open.popLast() else {
                        throw TemplateError(
                            .unexpectedCloseTag,
                            "closing tag '\(tag.name)' has no open section",
                            at: tag.location
                        )
                    }
                    guard innermost.tag.name == tag.name else {
                        let opened = innermost.tag.location
                        throw TemplateError(
                            .mismatchedCloseTag,
                            "closing tag '\(tag.name)' does not match section '\(innermost.tag.name)' "
                                + "opened at \(opened.line):\(opened.column)",
                            at: tag.location
                        )
                    }
                    let inverted = innermost.tag.kind == .invertedSection
                    append(.section(TemplatePath(tag.name), inverted: inverted, innermost.children))
                }
            }
        }
        if let unclosed = open.last {
            throw TemplateError(
                .unclosedSection,
                "section '\(unclosed.tag.name)' is never closed",
                at: unclosed.tag.location
            )
        }
        return merged(root)
    }

    /// Joins neighbouring text nodes so rendering appends fewer, longer strings.
    static func merged(_ nodes: [TemplateNode]) -> [TemplateNode] {
        var result: [TemplateNode] = []
        for node in nodes {
            if case .text(let next) = node, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else if case .section(let path, let inverted, let children) = node {
                result.append(.section(path, inverted: inverted, merged(children)))
            } else {
                result.append(node)
            }
        }
        return result
    }
}
