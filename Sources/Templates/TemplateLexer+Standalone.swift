extension TemplateLexer {
    /// Removes the indentation and line break around tags that stand alone on their line.
    ///
    /// As in mustache, a line holding only a section, close, comment, partial or slot tag (plus
    /// spaces or tabs) produces no output of its own, so templates can be indented for reading
    /// without scattering blank lines through the page.
    static func strippingStandaloneLines(_ tokens: [TemplateToken]) -> [TemplateToken] {
        var result: [TemplateToken] = []
        result.reserveCapacity(tokens.count)
        var lineTokens: [TemplateToken] = []
        for token in tokens {
            lineTokens.append(token)
            if case .text(let text) = token, text.unicodeScalars.last == "\n" {
                result.append(contentsOf: standalone(lineTokens) ?? lineTokens)
                lineTokens.removeAll(keepingCapacity: true)
            }
        }
        result.append(contentsOf: standalone(lineTokens) ?? lineTokens)
        return result
    }

    /// The line reduced to its single tag when it stands alone; `nil` when it does not.
    private static func standalone(_ line: [TemplateToken]) -> [TemplateToken]? {
        var tag: TemplateToken?
        for token in line {
            switch token {
            case .tag(let found):
                guard tag == nil, found.kind.canStandAlone else {
                    return nil
                }
                tag = token
            case .text(let text):
                guard text.unicodeScalars.allSatisfy({ $0.isTemplateSpace || $0 == "\n" }) else {
                    return nil
                }
            }
        }
        return tag.map { [$0] }
    }
}
