import Foundation

/// `docs/validation-rules.md` read into headings, paragraphs and tables, so the dashboard can
/// serve it as a page where each diagnostic code has its own anchor and its Fix column.
///
/// Only what the document uses is understood: `#` headings, paragraphs, pipe tables, and inline
/// `code` and `**bold**`. Everything becomes template values, so the page is escaped like any
/// other (DESIGN rule 8): no Markdown text ever reaches the page as HTML.
struct RulesDocument: Sendable {
    /// A piece of inline text: plain, code or bold.
    struct Run: Sendable, Equatable {
        /// How the run is drawn.
        enum Style: String, Sendable {
            case plain, code, strong
        }

        /// The text, escaped when shown.
        var text: String
        /// How it is drawn.
        var style: Style
    }

    /// One block of the document.
    enum Block: Sendable, Equatable {
        /// A heading of level 1 to 3.
        case heading(level: Int, text: [Run])
        /// A paragraph; its lines joined with spaces.
        case paragraph([Run])
        /// A table: the header cells, then rows of cells.
        case table(header: [[Run]], rows: [[[Run]]])
    }

    /// The blocks, in order.
    let blocks: [Block]

    /// Reads `markdown`.
    init(markdown: String) {
        var blocks: [Block] = []
        var paragraph: [String] = []
        var table: [[String]] = []
        func flush() {
            if !paragraph.isEmpty {
                blocks.append(.paragraph(Self.runs(paragraph.joined(separator: " "))))
                paragraph = []
            }
            if let header = table.first {
                let rows = table.dropFirst().filter { !$0.allSatisfy(Self.isRule) }
                blocks.append(.table(header: header.map(Self.runs), rows: rows.map { $0.map(Self.runs) }))
                table = []
            }
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                flush()
            } else if text.hasPrefix("|") {
                if !paragraph.isEmpty { flush() }
                table.append(Self.cells(of: text))
            } else if let level = Self.headingLevel(text) {
                flush()
                let title = text.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                blocks.append(.heading(level: level, text: Self.runs(title)))
            } else {
                if !table.isEmpty { flush() }
                paragraph.append(text)
            }
        }
        flush()
        self.blocks = blocks
    }

    private static func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...3).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    private static func isRule(_ cell: String) -> Bool {
        !cell.isEmpty && cell.allSatisfy { $0 == "-" || $0 == ":" }
    }

    /// The cells of a `| a | b |` row; a `|` inside a code span belongs to the cell.
    static func cells(of row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var inCode = false
        for character in row.dropFirst() {
            if character == "`" { inCode.toggle() }
            if character == "|", !inCode {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        let last = current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { cells.append(last) }
        return cells
    }

    /// The inline runs of `text`: `` `code` `` and `**bold**`; an unclosed mark is plain text.
    static func runs(_ text: String) -> [Run] {
        var runs: [Run] = []
        var rest = Substring(text)
        var plain = ""
        func take(_ style: Run.Style, _ content: Substring) {
            if !plain.isEmpty { runs.append(Run(text: plain, style: .plain)) }
            plain = ""
            runs.append(Run(text: String(content), style: style))
        }
        while let first = rest.first {
            if first == "`", let close = rest.dropFirst().firstIndex(of: "`") {
                take(.code, rest[rest.index(after: rest.startIndex)..<close])
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix("**"), let close = rest.dropFirst(2).range(of: "**") {
                take(.strong, rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])
                rest = rest[close.upperBound...]
            } else {
                plain.append(first)
                rest = rest.dropFirst()
            }
        }
        if !plain.isEmpty { runs.append(Run(text: plain, style: .plain)) }
        return runs
    }
}
