public import JSON

/// Why a catalog file was refused: every problem found, each with its place in the file, so the
/// page and the command line can point at it (`Localizable.xcstrings:12:7: …`).
public struct CatalogReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems in the order they were found; never empty.
    public var problems: [CatalogProblem]

    /// An error with at least one problem.
    public init(_ problems: [CatalogProblem]) {
        self.problems = problems
    }

    /// One problem per line, each as `file:line:column: message`.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}

/// One thing wrong in a catalog file, at a line and column (1-based; the column counts characters).
public struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file name, when the catalog came from several files (a folder of `*.lproj`).
    public var file: String?
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// A problem from its parts.
    public init(file: String? = nil, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message` (the file left out when there is none).
    public var description: String {
        (file.map { $0 + ":" } ?? "") + "\(line):\(column): \(message)"
    }
}

extension CatalogReadError {
    /// Each problem as a `strings.unreadable` finding at its line and column, its file in the path.
    public var diagnostics: [Diagnostic] {
        problems.map {
            Diagnostic(
                LocalizationCode.unreadable, path: $0.file ?? "$", message: $0.message, line: $0.line,
                column: $0.column)
        }
    }
}
