import NotificationKit
import NotificationPreview

/// `pushboard preview`: the plain-text picture of how iOS shows a payload.
enum PreviewCommand: Command {
    static let words = ["preview"]
    static let valueOptions: Set<String> = [
        "device", "surface", "categories", "data", WorkspaceOption.name, "format", "ios", InputReader.option,
    ]
    static let flagOptions: Set<String> = ["hidden-previews"]
    static let usage = """
        pushboard preview [--device ID|all] [--surface ID] [--hidden-previews] [--ios 17-18|10-14] [--categories FILE | --data DIR] [--format text|json|table] [FILE]

        Prints how iOS shows the payload in FILE (standard input for - or none): each surface
        with the exact lines, where the text is cut (…), the media and the buttons.
          --device ID        \(DeviceID.validList) (default \(DeviceID.default.rawValue));
                             all: where every device × surface cuts the text (a table)
          --surface ID       \(Surface.validList) (default: all)
          --hidden-previews  as with Settings › Notifications › Show Previews set to Never
          --categories FILE  category config, so the category's buttons can be shown
          --data DIR         use the category registry of a pushboard data directory instead
          --database URL     the same, of a PostgreSQL database (docs/cluster.md)
          --ios VERSION      the expanded view of iOS \(PreviewVersion.validList) (default \(PreviewVersion.default.rawValue))
          --format FORMAT    text (default), json (the API's preview, with the report inside) or
                             table (with --device all; its default)
        \(InputReader.help)
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let input = try arguments.singleOperand()
        let deviceName = arguments["device"] ?? DeviceID.default.rawValue
        let versionName = arguments["ios"] ?? PreviewVersion.default.rawValue
        guard let version = PreviewVersion(rawValue: versionName) else {
            throw UsageError("unknown iOS version '\(versionName)'; use one of \(PreviewVersion.validList)")
        }
        if deviceName == "all" { return try runMatrix(arguments, input: input, version: version) }
        guard let device = DeviceID(rawValue: deviceName) else {
            throw UsageError("unknown device '\(deviceName)'; use one of \(DeviceID.validList), all")
        }
        var surfaces: [Surface] = []
        if let name = arguments["surface"] {
            guard let surface = Surface(rawValue: name) else {
                throw UsageError("unknown surface '\(name)'; use one of \(Surface.validList)")
            }
            surfaces = [surface]
        }
        let format = arguments["format"] ?? "text"
        guard ["text", "json"].contains(format) else {
            throw UsageError("--format must be text or json, not '\(format)'")
        }
        let registry = try CategorySource(arguments).lookup()
        let analysis = PayloadAnalysis(
            payload: try readInput(input, maximumBytes: arguments.maximumInputBytes()),
            registry: registry)
        let report = analysis.report
        let result = PreviewEngine.preview(
            PreviewContent(analysis: analysis), device: device, surfaces: surfaces,
            hiddenPreviews: arguments.has("hidden-previews"), version: version)
        if format == "json" {
            Console.out(result.json(report: report.json()))
        } else {
            Console.outBytes(Array(result.textPicture().utf8))
            if let refusal = report.apnsRefusal { Console.error(refusal.sentence) }
            for diagnostic in report.diagnostics where diagnostic.severity == .error {
                Console.error(CategoryConfigFile.describe(diagnostic, in: input ?? "-"))
            }
        }
        return report.valid ? 0 : 1
    }

    /// `--device all`: the matrix of every device × surface, as a table or JSON, with the
    /// `preview.cut` infos in the JSON report and on stderr.
    private static func runMatrix(_ arguments: ParsedArguments, input: String?, version: PreviewVersion)
        throws
        -> Int32
    {
        let format = arguments["format"] ?? "table"
        guard ["table", "json"].contains(format) else {
            throw UsageError("--device all prints a table or json, not '\(format)'")
        }
        let analysis = PayloadAnalysis(
            payload: try readInput(input, maximumBytes: arguments.maximumInputBytes()),
            registry: try CategorySource(arguments).lookup())
        let report = analysis.report
        let matrix = PreviewMatrix(
            PreviewContent(analysis: analysis), hiddenPreviews: arguments.has("hidden-previews"),
            version: version)
        let cuts = matrix.diagnostics()
        if format == "json" {
            var full = report
            full.diagnostics += cuts
            Console.out(matrix.json(report: full.json()))
        } else {
            Console.outBytes(Array(matrix.table().utf8))
            if let refusal = report.apnsRefusal { Console.error(refusal.sentence) }
            for diagnostic in report.diagnostics + cuts where diagnostic.severity != .warning {
                Console.error(CategoryConfigFile.describe(diagnostic, in: input ?? "-"))
            }
        }
        return report.valid ? 0 : 1
    }
}
