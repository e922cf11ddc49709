import JSON
import NotificationKit

/// Reads a category config file (CONTRACT §5) for a command, refusing one with errors.
enum CategoryConfigFile {
    /// The config in `path` (`-` for standard input). Warnings go to stderr; errors make the
    /// whole file unusable, reported with their line and column.
    static func read(_ path: String) throws -> CategoryConfig {
        let (config, diagnostics) = CategoryConfig.read(try readInput(path))
        for diagnostic in diagnostics where diagnostic.severity != .error {
            Console.error(describe(diagnostic, in: path))
        }
        let errors = diagnostics.filter { $0.severity == .error }
        guard let config, errors.isEmpty else {
            throw InputOutputError(
                message: "the category config '\(path)' is not valid:\n"
                    + errors.map { describe($0, in: path) }.joined(separator: "\n"))
        }
        return config
    }

    /// `file:line:col: severity: message [code]`.
    static func describe(_ diagnostic: Diagnostic, in path: String) -> String {
        let place = diagnostic.line.map { ":\($0):\(diagnostic.column ?? 1)" } ?? ""
        return
            "\(path)\(place): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)] (\(diagnostic.path))"
    }
}
