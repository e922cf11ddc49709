import NotificationKit
import NotificationPreview

/// `pushboard preview`: the plain-text picture of how iOS shows a payload.
enum PreviewCommand: Command {
    static let words = ["preview"]
    static let valueOptions: Set<String> = ["device", "surface", "categories", "data", "format"]
    static let flagOptions: Set<String> = ["hidden-previews"]
    static let usage = """
        pushboard preview [--device ID] [--surface ID] [--hidden-previews] [--categories FILE | --data DIR] [--format text|json] [FILE]

        Prints how iOS shows the payload in FILE (standard input for - or none): each surface
        with the exact lines, where the text is cut (…), the media and the buttons.
          --device ID        \(DeviceID.validList) (default \(DeviceID.default.rawValue))
          --surface ID       \(Surface.validList) (default: all)
          --hidden-previews  as with Settings › Notifications › Show Previews set to Never
          --categories FILE  category config, so the category's buttons can be shown
          --data DIR         use the category registry of a pushboard data directory instead
          --format FORMAT    text (default) or json (CONTRACT §6, with the report inside)
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let input = try arguments.singleOperand()
        let deviceName = arguments["device"] ?? DeviceID.default.rawValue
        guard let device = DeviceID(rawValue: deviceName) else {
            throw UsageError("unknown device '\(deviceName)'; use one of \(DeviceID.validList)")
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
        let analysis = PayloadAnalysis(payload: try readInput(input), registry: registry)
        let report = analysis.report
        let result = PreviewEngine.preview(
            PreviewContent(analysis: analysis), device: device, surfaces: surfaces,
            hiddenPreviews: arguments.has("hidden-previews"))
        if format == "json" {
            Console.out(result.json(report: report.json()))
        } else {
            Console.outBytes(Array(result.textPicture().utf8))
            for diagnostic in report.diagnostics where diagnostic.severity == .error {
                Console.error(CategoryConfigFile.describe(diagnostic, in: input ?? "-"))
            }
        }
        return report.valid ? 0 : 1
    }
}
