/// Cuts a template's source into text and tags, checking each tag's syntax.
///
/// Works on Unicode scalars so that a `}` followed by a combining mark still closes a tag; the
/// resulting locations count `Character`s (see ``SourceLocation``).
struct TemplateLexer {
    private let file: String
    private let scalars: [Unicode.Scalar]
    private var tokens: [TemplateToken] = []
    private var line = 1
    private var lineStart = 0

    /// Prepares to read `source`, reporting positions in `file`.
    init(file: String, source: String) {
        self.file = file
        self.scalars = Array(source.unicodeScalars)
    }

    /// All tokens of the source, with standalone tag lines already stripped of their whitespace.
    mutating func tokenize() throws(TemplateError) -> [TemplateToken] {
        var index = 0
        var textStart = 0
        while index < scalars.count {
            if isOpening(at: index) {
                appendText(from: textStart, to: index)
                index = try readTag(at: index)
                textStart = index
            } else {
                if scalars[index] == "\n" {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
        }
        appendText(from: textStart, to: scalars.count)
        return TemplateLexer.strippingStandaloneLines(tokens)
    }

    private func isOpening(at index: Int) -> Bool {
        scalars[index] == "{" && index + 1 < scalars.count && scalars[index + 1] == "{"
    }

    private func isClosing(at index: Int) -> Bool {
        scalars[index] == "}" && index + 1 < scalars.count && scalars[index + 1] == "}"
    }

    /// Adds literal text, one token per line so the standalone pass can see line ends.
    private mutating func appendText(from start: Int, to end: Int) {
        var pieceStart = start
        for index in start..<end where scalars[index] == "\n" {
            tokens.append(.text(string(from: pieceStart, to: index + 1)))
            pieceStart = index + 1
        }
        if pieceStart < end {
            tokens.append(.text(string(from: pieceStart, to: end)))
        }
    }

    /// Reads the tag opening at `start` and returns the index just after its `}}`.
    private mutating func readTag(at start: Int) throws(TemplateError) -> Int {
        let location = self.location(of: start)
        let isComment = start + 2 < scalars.count && scalars[start + 2] == "!"
        var index = start + 2
        while index < scalars.count, !isClosing(at: index) {
            if scalars[index] == "\n" {
                guard isComment else {
                    throw TemplateError(
                        .unterminatedTag, "tag is not closed with '}}' on its line", at: location)
                }
                line += 1
                lineStart = index + 1
            } else if !isComment, isOpening(at: index) {
                throw TemplateError(
                    .unterminatedTag, "tag is not closed with '}}' before the next '{{'", at: location)
            }
            index += 1
        }
        guard index < scalars.count else {
            throw TemplateError(.unterminatedTag, "tag is not closed with '}}'", at: location)
        }
        let content = string(from: start + 2, to: index)
        tokens.append(.tag(try TemplateTagReader.tag(from: content, at: location)))
        return index + 2
    }

    private func string(from start: Int, to end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    /// The location of the scalar at `index`, which must lie on the current line.
    private func location(of index: Int) -> SourceLocation {
        var lineEnd = lineStart
        while lineEnd < scalars.count, scalars[lineEnd] != "\n" {
            lineEnd += 1
        }
        var lineText = string(from: lineStart, to: lineEnd)
        if lineText.unicodeScalars.last == "\r" {
            lineText.unicodeScalars.removeLast()
        }
        let column = string(from: lineStart, to: index).count + 1
        return SourceLocation(file: file, line: line, column: column, lineText: lineText)
    }
}
