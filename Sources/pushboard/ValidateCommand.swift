import Foundation
import NotificationKit

/// `pushboard validate`: checks payloads exactly as APNs and the device will treat them.
enum ValidateCommand: Command {
    static let words = ["validate"]
    static let valueOptions = HeaderOptions.names.union([
        "categories", "format", "data", WorkspaceOption.name, "activities", "activity", "jobs",
        InputReader.option,
    ])
    static let flagOptions: Set<String> = ["jsonl", "envelope", "strict", "broadcast"]
    static let usage = """
        pushboard validate [HEADER OPTIONS] [--categories FILE | --data DIR] [--activities FILE] [--activity NAME]
            [--format text|json] [--strict] [FILE]
        pushboard validate --jsonl [--envelope] [--jobs N] [HEADER OPTIONS] [--categories FILE | --data DIR] [--strict] [FILE]

        Validates one payload (FILE, or standard input for - or none) and prints its report; with
        --jsonl, one payload per line and one JSON report per line, in order, streaming.
          --categories FILE  category config (pushboard categories export writes one) to check "category" against
          --data DIR         use the category registry of a pushboard data directory instead
                             (and its String Catalog, which loc-keys are checked against)
          --database URL     the same, of a PostgreSQL database (docs/cluster.md)
          --format FORMAT    text (default) or json, for a single payload
          --envelope         each --jsonl line is {"headers": {…}, "payload": {…}}
          --jobs N           --jsonl lines validated by N threads (default 1: least CPU time;
                             more threads finish sooner on idle cores but cost more CPU in all)
          --strict           warnings count as errors
          --broadcast        check as a broadcast on an iOS 18 channel (implied by --channel-id)
          --activities FILE  the app's Live Activity types (Swift source or JSON Schema) to check
                             content-state against; --data DIR uses the stored ones
          --activity NAME    the ActivityAttributes type an update or end is for
        \(HeaderOptions.help)
        \(InputReader.help)
        Exit status: 0 valid (warnings allowed), 1 invalid, 2 usage or I/O error.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let input = try arguments.singleOperand()
        let format = arguments["format"] ?? "text"
        guard ["text", "json"].contains(format) else {
            throw UsageError("--format must be text or json, not '\(format)'")
        }
        if arguments.has("envelope") && !arguments.has("jsonl") {
            throw UsageError("--envelope needs --jsonl")
        }
        if arguments["jobs"] != nil && !arguments.has("jsonl") {
            throw UsageError("--jobs needs --jsonl")
        }
        let jobs = try arguments.integer("jobs", in: 1...64) ?? 1
        var validator = Validator(
            registry: try CategorySource(arguments).lookup(), strict: arguments.has("strict"))
        validator.target = arguments.has("broadcast") ? .broadcast : nil
        validator.activityTypes = try ActivityTypeSource.types(arguments)
        validator.activityType = arguments["activity"]
        if WorkspaceOption.isGiven(arguments) {
            // The data directory's String Catalog, when one is imported, checks localized keys.
            validator.localizedKeys = try StringsCheckCommand.snapshot(arguments).localizedKeys
        }
        let headers = HeaderOptions.headers(from: arguments)
        if arguments.has("jsonl") {
            return try validateLines(
                input, validator: validator, headers: headers, envelope: arguments.has("envelope"),
                workers: jobs)
        }
        let report = PayloadAnalysis(
            payload: try readInput(input, maximumBytes: arguments.maximumInputBytes()), headers: headers,
            validator: validator
        ).report
        if format == "json" {
            Console.out(report.json(style: .pretty))
        } else {
            Console.out(report.text(file: input ?? "-"))
        }
        return report.valid ? 0 : 1
    }

    private static func validateLines(
        _ input: String?, validator: Validator, headers: [String: String], envelope: Bool, workers: Int
    ) throws -> Int32 {
        let descriptor: Int32
        if let input, input != "-" {
            descriptor = open(input, O_RDONLY)
            guard descriptor >= 0 else {
                throw InputOutputError(message: "cannot open '\(input)': \(String(cString: strerror(errno)))")
            }
        } else {
            descriptor = STDIN_FILENO
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        // One thread by default: a second one on a shared or hyper-threaded core finished little
        // sooner and cost about a fifth more CPU time in all (issue 9 measures CPU time).
        let lines = JSONLinesValidator(
            validator: validator, headers: headers, envelope: envelope, workers: workers)
        do {
            let summary = try lines.run(input: descriptor, output: STDOUT_FILENO)
            return summary.invalidLines == 0 ? 0 : 1
        } catch {
            throw InputOutputError(
                message: "\(error.operation) failed: \(String(cString: strerror(error.code)))")
        }
    }
}
