import Foundation
import JSON
import NotificationKit
import Personalization

/// `pushboard render`: a payload template and a JSON Lines file of recipients in, one result
/// line per recipient out (the exact validated payload and headers, or the report), in order,
/// streaming, on every core (docs/templates.md).
enum RenderCommand: Command {
    static let words = ["render"]
    static let valueOptions: Set<String> = ["values", "jobs", "categories", "data", WorkspaceOption.name]
    static let flagOptions: Set<String> = ["strict"]
    static let usage = """
        pushboard render TEMPLATE --values FILE [--jobs N] [--categories FILE | --data DIR] [--strict]

        Renders the payload template TEMPLATE ({"headers": {…}, "payload": {…}, "variables": […]})
        for each recipient of FILE (JSON Lines, one object of values per line; - for standard
        input) and prints one result line per recipient, in order: {"line", "valid", "headers",
        "payload"}, or "report" instead of "payload" when the recipient's payload is invalid.
        The template's own findings (and its worst case) go to standard error.
          --values FILE      the recipients (JSON Lines)
          --jobs N           threads (default: every core)
          --categories FILE  category config to check "category" against
          --data DIR         use the category registry of a pushboard data directory instead
          --database URL     the same, of a PostgreSQL database (docs/cluster.md)
          --strict           warnings count as errors
        Exit status: 0 every line valid, 1 a template that cannot be used or an invalid line (a
        worst case over the limit is said on standard error but renders), 2 usage or I/O error.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let path = try arguments.singleOperand()
        guard let path, path != "-" else { throw UsageError("give the template as a file") }
        guard let values = arguments["values"] else { throw UsageError("--values FILE is required") }
        let jobs = try arguments.integer("jobs", in: 1...256) ?? JSONLinesRenderer.onlineProcessors
        let validator = Validator(
            registry: try CategorySource(arguments).lookup(), strict: arguments.has("strict"))
        let (template, diagnostics) = TemplateDocument.read(try readInput(path))
        guard let template else {
            Console.error(findings(diagnostics, file: path))
            return 1
        }
        let worst = WorstCase(template, validator: validator)
        Console.error(
            findings(diagnostics + worst.diagnostics(template), file: path) + "\(path): \(worst.summary)")
        let descriptor = values == "-" ? STDIN_FILENO : open(values, O_RDONLY)
        guard descriptor >= 0 else {
            throw InputOutputError(message: "cannot open '\(values)': \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        let renderer = JSONLinesRenderer(
            line: RecipientLine(template: template, validator: validator), workers: jobs)
        do {
            let summary = try renderer.run(input: descriptor, output: STDOUT_FILENO)
            return summary.invalidLines == 0 ? 0 : 1
        } catch {
            throw InputOutputError(
                message: "\(error.operation) failed: \(String(cString: strerror(error.code)))")
        }
    }

    /// The findings as `file: path[:line:column]: severity: message [code]` lines: the line
    /// and column are inside the templated string the path names.
    private static func findings(_ diagnostics: [Diagnostic], file: String) -> String {
        diagnostics.map { diagnostic in
            let place = diagnostic.line.map { ":\($0):\(diagnostic.column ?? 1)" } ?? ""
            let line =
                "\(file): \(diagnostic.path)\(place): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"
            return line.terminalSafe + "\n"
        }.joined()
    }
}
