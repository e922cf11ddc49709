/// Where something is in a template file, with the line's text so an error can show it.
///
/// Lines and columns start at 1. Columns count `Character`s (what an editor shows as one
/// position), so the caret under the line lands on the character the message is about.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file as shown to people, relative to the project: `templates/index.html`.
    public let file: String
    /// The 1-based line number.
    public let line: Int
    /// The 1-based column, in `Character`s.
    public let column: Int
    /// The whole text of the line, without its line break.
    public let lineText: String

    /// Creates a location; the library computes these while reading a template.
    public init(file: String, line: Int, column: Int, lineText: String) {
        self.file = file
        self.line = line
        self.column = column
        self.lineText = lineText
    }

    /// `templates/x.html:12:7`, the form editors and terminals turn into a link.
    public var description: String {
        "\(file):\(line):\(column)"
    }

    /// A line with a `^` under the column; tabs before it are kept so the caret stays aligned.
    public var caretLine: String {
        var caret = ""
        for character in lineText.prefix(max(column - 1, 0)) {
            caret.append(character == "\t" ? "\t" : " ")
        }
        return caret + "^"
    }
}
